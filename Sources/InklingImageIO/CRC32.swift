/// CRC-32 (ISO 3309, polynomial 0xEDB88320 reflected) as PNG chunks and zlib use it: the one
/// home of the checksum in Inkling.
public enum CRC32 {
    /// The checksum of `bytes`, continuing from `crc` (the checksum of what came before; 0 to start).
    public static func checksum(_ bytes: some Collection<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        var value = ~crc
        let fast = bytes.withContiguousStorageIfAvailable { buffer in
            var value = value
            for byte in buffer { value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
            return value
        }
        if let fast {
            value = fast
        } else {
            for byte in bytes { value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
        }
        return ~value
    }

    /// The byte-at-a-time table.
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }
}
