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
