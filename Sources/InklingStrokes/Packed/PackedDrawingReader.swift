/// A bounds-checked cursor over the bytes of a ``PackedDrawing``.
struct PackedDrawingReader {
    private let bytes: [UInt8]
    /// The next byte to read.
    private(set) var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset == bytes.count }

    /// An error at the current byte.
    func error(_ message: String) -> PackedDrawingError { PackedDrawingError(offset: offset, message: message) }

    /// The next `count` bytes.
    mutating func bytes(_ count: Int) throws(PackedDrawingError) -> ArraySlice<UInt8> {
        guard count <= bytes.count - offset else { throw error("ends early: \(count) bytes needed, \(bytes.count - offset) left") }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func byte() throws(PackedDrawingError) -> UInt8 { try bytes(1).first! }

    mutating func uint32() throws(PackedDrawingError) -> UInt32 {
        try bytes(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func double() throws(PackedDrawingError) -> Double {
        Double(bitPattern: try bytes(8).reversed().reduce(0) { $0 << 8 | UInt64($1) })
    }

    /// `n` doubles at once.
    mutating func doubles(_ n: Int) throws(PackedDrawingError) -> [Double] {
        let slice = try bytes(8 * n)
        return slice.withUnsafeBytes { raw in
            (0..<n).map { Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 * $0, as: UInt64.self))) }
        }
    }

    /// `n` values of a column written by ``PackedColumn/append(_:to:)``, into `column` (its
    /// contents replaced).
    mutating func column(_ n: Int, into column: inout [Double]) throws(PackedDrawingError) {
        let scale = try byte()
        column.removeAll(keepingCapacity: true)
        if scale == PackedColumn.doubles {
            column = try doubles(n)
            return
        }
        guard Int(scale) <= PackedColumn.maxScale else {
            offset -= 1
            throw error("unknown column scale \(scale)")
        }
        // Each value takes a byte at least.
        guard n <= bytes.count - offset else { throw error("ends early: \(n) values need \(n) bytes at least, \(bytes.count - offset) left") }
        let power = PackedColumn.powers[Int(scale)]
        var position = offset
        var failure: (at: Int, message: String)?
        bytes.withUnsafeBufferPointer { buffer in
            var m: Int64 = 0
            for _ in 0..<n {
                let begin = position
                var z: UInt64 = 0
                var shift: UInt64 = 0
                while true {
                    guard position < buffer.count else { return failure = (begin, "ends early inside a number") }
                    let b = buffer[position]
                    position += 1
                    // The tenth byte holds the 64th bit only.
                    guard shift < 63 || b <= 1 else { return failure = (begin, "a number longer than 64 bits") }
                    z |= UInt64(b & 0x7F) << shift
                    if b < 0x80 { break }
                    shift += 7
                }
                let (sum, overflow) = m.addingReportingOverflow(PackedColumn.unzigzag(z))
                guard !overflow, sum.magnitude <= PackedColumn.maxInteger.magnitude else {
                    return failure = (begin, "a value beyond 2^53 at scale \(scale)")
                }
                m = sum
                column.append(PackedColumn.value(m, power))
            }
        }
        if let failure {
            offset = failure.at
            throw error(failure.message)
        }
        offset = position
    }

    /// A count read as u32 and checked: at most `limit`, and `each` bytes per item must be left.
    mutating func count(_ what: String, limit: Int, each: Int) throws(PackedDrawingError) -> Int {
        try count(try uint32(), what, limit: limit, each: each)
    }

    /// `raw` as a count of `what`, checked as in ``count(_:limit:each:)``.
    func count(_ raw: UInt32, _ what: String, limit: Int, each: Int) throws(PackedDrawingError) -> Int {
        let count = Int(raw)
        guard count <= limit else { throw error("\(count) \(what), more than the limit of \(limit)") }
        guard count <= (bytes.count - offset) / each else { throw error("\(count) \(what) cannot fit in the \(bytes.count - offset) bytes left") }
        return count
    }
}
