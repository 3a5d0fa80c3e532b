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
    ///
    /// Table-driven: inside nested values only quotes and brackets matter, so runs of anything
    /// else are skipped in a tight loop, and strings are skipped to their closing quote.
    public static func children(in bytes: UnsafeRawBufferPointer) -> [Range<Int>]? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let end = bytes.count
        var index = 0
        while index < end, [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains(base[index]) { index += 1 }
        guard index < end, base[index] == 0x5B || base[index] == 0x7B else { return nil }
        return structuralClasses.withUnsafeBufferPointer { classes -> [Range<Int>]? in
            var ranges: [Range<Int>] = []
            var depth = 0
            var start = -1  // start of the current child, while one is open
            while index < end {
                if depth > 1 {
                    // Inside a nested value: only quotes and brackets matter.
                    while index < end, classes[Int(base[index])] <= separatorMark { index += 1 }
                    guard index < end else { break }
                }
                let c = base[index]
                switch classes[Int(c)] {
                case quoteMark:
                    if depth == 1 && start < 0 { start = index }
                    index += 1
                    while index < end {
                        let s = base[index]
                        index += 1
                        if s == 0x22 { break }
                        if s == 0x5C { index += 1 }
                    }
                    if depth == 1 && start >= 0 {
                        ranges.append(start..<min(index, end))
                        start = -1
                    }
                    continue
                case openMark:
                    if depth == 1 && start < 0 { start = index }
                    depth += 1
                case closeMark:
                    depth -= 1
                    if depth == 1 && start >= 0 {
                        ranges.append(start..<index + 1)
                        start = -1
                    }
                    if depth == 0 {
                        if start >= 0 { ranges.append(start..<index) }
                        var rest = index + 1
                        while rest < end {
                            let r = base[rest]
                            guard r == 0x20 || r == 0x09 || r == 0x0A || r == 0x0D else { return nil }
                            rest += 1
                        }
                        return ranges
                    }
                case separatorMark:
                    if depth == 1 && start >= 0 {
                        ranges.append(start..<index)
                        start = -1
                    }
                default:
                    if depth == 1 && start < 0 { start = index }
                }
                index += 1
            }
            return nil
        }
    }

    private static let plainMark: UInt8 = 0, separatorMark: UInt8 = 1, quoteMark: UInt8 = 2
    private static let openMark: UInt8 = 3, closeMark: UInt8 = 4

    /// What each byte means to ``children(in:)-(UnsafeRawBufferPointer)``: a separator (`,` `:`
    /// and whitespace end a scalar), a quote, an opening or closing bracket, or anything else.
    private static let structuralClasses: [UInt8] = (0..<256).map { c -> UInt8 in
        switch c {
        case 0x2C, 0x3A, 0x20, 0x09, 0x0A, 0x0D: return separatorMark
        case 0x22: return quoteMark
        case 0x5B, 0x7B: return openMark
        case 0x5D, 0x7D: return closeMark
        default: return plainMark
        }
    }
}
