/// CRC-32 (ISO 3309, polynomial 0xEDB88320 reflected) as PNG chunks and zlib use it: the one
/// home of the checksum in Inkling.
public enum CRC32 {
    /// The checksum of `bytes`, continuing from `crc` (the checksum of what came before; 0 to start).
    public static func checksum(_ bytes: some Collection<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        let fast = bytes.withContiguousStorageIfAvailable { buffer in ~update(~crc, buffer) }
        if let fast { return fast }
        return ~update(~crc, Array(bytes))
    }

    /// Slicing-by-8 over contiguous bytes: eight table lookups per eight bytes, then one per byte.
    private static func update(_ start: UInt32, _ buffer: some RandomAccessCollection<UInt8>) -> UInt32 {
        var value = start
        var index = buffer.startIndex
        let end = buffer.endIndex
        tables.withUnsafeBufferPointer { t in
            while buffer.distance(from: index, to: end) >= 8 {
                func at(_ k: Int) -> UInt32 { UInt32(buffer[buffer.index(index, offsetBy: k)]) }
                let low = value ^ (at(0) | at(1) << 8 | at(2) << 16 | at(3) << 24)
                let high = at(4) | at(5) << 8 | at(6) << 16 | at(7) << 24
                value = t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                    ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ t[256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
                index = buffer.index(index, offsetBy: 8)
            }
            while index != end {
                value = t[Int((value ^ UInt32(buffer[index])) & 0xFF)] ^ (value >> 8)
                index = buffer.index(after: index)
            }
        }
        return value
    }

    /// Eight 256-entry tables: the byte-at-a-time one first, then each the previous shifted a byte further.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            tables[index] = value
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return tables
    }()
}
