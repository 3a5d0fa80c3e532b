extension JSONNesting {
    /// The byte ranges (offsets from the start of `bytes`) of the values directly inside the
    /// top-level array or object of `bytes`, in order; for an object, keys and values alternate
    /// (a key's range includes its quotes). `nil` when the text is not one array or object
    /// (a scalar, a container never closed, or anything but whitespace after it): parse such
    /// text whole, and let the parser say what is wrong.
    ///
    /// Lets a reader parse a huge array a slice at a time instead of building one tree of it.
    /// Like ``count(in:depthLimit:)`` it does not validate: the parser that reads each slice
    /// reports what is malformed (a slice of a malformed document may hold anything).
    public static func children(in bytes: [UInt8]) -> [Range<Int>]? {
        bytes.withUnsafeBytes { children(in: $0) }
    }

    /// ``children(in:)-([UInt8])`` of a slice; offsets count from the slice's first byte.
    public static func children(in bytes: ArraySlice<UInt8>) -> [Range<Int>]? {
        bytes.withUnsafeBytes { children(in: $0) }
    }

    /// ``children(in:)-([UInt8])`` of raw bytes.
    public static func children(in bytes: UnsafeRawBufferPointer) -> [Range<Int>]? {
        var offset = 0
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains(bytes[offset]) { offset += 1 }
        guard offset < bytes.count, bytes[offset] == 0x5B || bytes[offset] == 0x7B else { return nil }
        var ranges: [Range<Int>] = []
        var depth = 0, inString = false, escaped = false
        var start: Int?  // start of the current child, while one is open
        var index = offset
        while index < bytes.count {
            let c = bytes[index]
            defer { index += 1 }
            if inString {
                if escaped { escaped = false } else if c == 0x5C { escaped = true } else if c == 0x22 {
                    inString = false
                    if depth == 1, let s = start { ranges.append(s..<index + 1); start = nil }
                }
                continue
            }
            switch c {
            case 0x22:
                inString = true
                if depth == 1 && start == nil { start = index }
            case 0x5B, 0x7B:
                if depth == 1 && start == nil { start = index }
                depth += 1
            case 0x5D, 0x7D:
                depth -= 1
                if depth == 1, let s = start { ranges.append(s..<index + 1); start = nil }
                if depth == 0 {
                    if let s = start { ranges.append(s..<index) }
                    let rest = bytes[(index + 1)...]
                    return rest.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } ? ranges : nil
                }
            case 0x2C, 0x3A, 0x20, 0x09, 0x0A, 0x0D:  // , : and whitespace end a scalar
                if depth == 1, let s = start { ranges.append(s..<index); start = nil }
            default:
                if depth == 1 && start == nil { start = index }
            }
        }
        return nil
    }
}
