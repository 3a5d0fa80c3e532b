/// The pre-parse scan of JSON text: nesting too deep to parse safely, more values than a budget
/// allows, and the longest array, in one linear pass without recursion or allocation per value.
///
/// Every JSON reader runs it before json-c builds a tree (``JSONDocument/parse(_:limits:)``):
/// `[[[[…` ten thousand deep is refused at once, and a document whose tree would cost gigabytes
/// is refused before a byte of it is allocated. Brackets and commas inside strings (escapes
/// included) do not count. The entry points take concrete byte containers, so the loop is
/// compiled once, specialized, here (a generic `Collection` version ran unspecialized across
/// modules and cost a fifth of a request).
public enum JSONNesting {
    /// Counts the values of `bytes` (see ``count(in:depthLimit:maxValues:maxArrayCount:)-(UnsafeRawBufferPointer,_,_,_)``).
    public static func count(in bytes: [UInt8], depthLimit: Int, maxValues: Int = .max, maxArrayCount: Int = .max) -> Counts {
        bytes.withUnsafeBytes { count(in: $0, depthLimit: depthLimit, maxValues: maxValues, maxArrayCount: maxArrayCount) }
    }

    /// Counts the values of `bytes` (see ``count(in:depthLimit:maxValues:maxArrayCount:)-(UnsafeRawBufferPointer,_,_,_)``).
    public static func count(in bytes: ArraySlice<UInt8>, depthLimit: Int, maxValues: Int = .max, maxArrayCount: Int = .max) -> Counts {
        bytes.withUnsafeBytes { count(in: $0, depthLimit: depthLimit, maxValues: maxValues, maxArrayCount: maxArrayCount) }
    }

    /// Counts the values of `bytes` in one pass, stopping early where nesting goes deeper than
    /// `depthLimit` (``Counts/depthViolation`` then holds the offset), where there are more than
    /// `maxValues` values, or where one array has more than `maxArrayCount` elements (the counts
    /// then stop just past the budget, so a 30 MB document over it is refused after reading only
    /// as far as the budget reaches).
    ///
    /// Not a validator: malformed text is counted as well as it can be, and the parser that runs
    /// afterwards reports what is wrong with it.
    public static func count(
        in bytes: UnsafeRawBufferPointer, depthLimit: Int, maxValues: Int = .max, maxArrayCount: Int = .max
    ) -> Counts {
        let limit = min(max(depthLimit, 0), 100_000)
        var counts = Counts()
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return counts }
        // Elements so far of each open container (index 0: the document itself), and whether it
        // is an array. Depth never exceeds `limit`, so these never grow past `limit + 1`.
        let elements = UnsafeMutablePointer<Int>.allocate(capacity: limit + 1)
        let isArray = UnsafeMutablePointer<Bool>.allocate(capacity: limit + 1)
        defer { elements.deallocate(); isArray.deallocate() }
        elements[0] = 0
        isArray[0] = false
        _ = byteClasses.withUnsafeBufferPointer { classes in
            scan(base, bytes.count, classes, limit, maxValues, maxArrayCount, elements, isArray, &counts, firstValueOnly: false)
        }
        return counts
    }

    /// The loop of ``count(in:depthLimit:maxValues:maxArrayCount:)-(UnsafeRawBufferPointer,_,_,_)``;
    /// with `firstValueOnly` it stops where the first array or object closes (``members(in:depthLimit:maxMembers:)-(UnsafeRawBufferPointer,_,_)``
    /// counts each member with it). Returns the offset where it stopped.
    static func scan(
        _ base: UnsafePointer<UInt8>, _ end: Int, _ classes: UnsafeBufferPointer<UInt8>, _ limit: Int, _ maxValues: Int,
        _ maxArrayCount: Int, _ elements: UnsafeMutablePointer<Int>, _ isArray: UnsafeMutablePointer<Bool>, _ counts: inout Counts,
        firstValueOnly: Bool
    ) -> Int {
        var depth = 0
        var values = 0, objects = 0, largest = 0
        var offset = 0
        scan: while offset < end {
            let c = base[offset]
            offset += 1
            let kind = classes[Int(c)]
            if kind == scalarByte {
                // The rest of the scalar (digits, letters, signs) in a tight loop.
                let start = offset - 1
                while offset < end, classes[Int(base[offset])] == scalarByte { offset += 1 }
                // json-c reads `1.` and `1.e5` as numbers, which JSON does not allow: a fraction
                // or exponent needs digits. Checked only where the token has a '.' or an 'e'.
                if counts.malformedNumber == nil, !Self.isWellFormedScalar(base + start, offset - start) {
                    counts.malformedNumber = start
                }
            } else {
                if kind == otherByte { continue }
                if kind == closeByte {
                    if depth > 0 {
                        if isArray[depth] && elements[depth] > largest { largest = elements[depth] }
                        depth -= 1
                        if depth == 0 && firstValueOnly { break scan }
                    }
                    continue
                }
            }
            // A value starts: a scalar, a string, an array or an object.
            values += 1
            elements[depth] += 1
            if values > maxValues { break }
            if isArray[depth] && elements[depth] > maxArrayCount {
                largest = elements[depth]
                break
            }
            switch kind {
            case quoteByte:
                // Skip the string: to the next quote that no backslash escapes.
                while offset < end {
                    let s = base[offset]
                    offset += 1
                    if s == 0x22 { continue scan }
                    if s == 0x5C { offset += 1 }
                }
            case openArrayByte, openObjectByte:
                if kind == openObjectByte { objects += 1 }
                guard depth < limit else {
                    counts.depthViolation = offset - 1
                    break scan
                }
                depth += 1
                elements[depth] = 0
                isArray[depth] = kind == openArrayByte
            default:
                break
            }
        }
        if counts.depthViolation == nil {
            for open in stride(from: depth, to: 0, by: -1) where isArray[open] {
                largest = max(largest, elements[open])
            }
        }
        counts.values = values
        counts.objects = objects
        counts.largestArray = largest
        // A string's last byte may be a backslash, whose skip steps past the end: never more
        // than the bytes there are (a caller reads the last one it was told of).
        return min(offset, end)
    }

    /// Whether a scalar token is not a number JSON refuses: a token that starts like a number
    /// (a digit, `-` or `.`) must end in a digit (not `1.`, `1e`, `1e+`), must not start with
    /// `.`, and its `.` must be followed by a digit (not `1.e5`). Literals pass at once; the rest
    /// of the grammar is json-c's. Reads at most up to the token's `.`.
    @inline(__always)
    static func isWellFormedScalar(_ token: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        let first = token[0]
        guard first == 0x2D || first == 0x2E || (first >= 0x30 && first <= 0x39) else { return true }
        let last = token[length - 1]
        guard last >= 0x30 && last <= 0x39, first != 0x2E else { return false }
        var i = 1
        while i < length - 1 {
            if token[i] == 0x2E { return token[i + 1] >= 0x30 && token[i + 1] <= 0x39 }
            i += 1
        }
        return true
    }

    static let otherByte: UInt8 = 0, scalarByte: UInt8 = 1, quoteByte: UInt8 = 2
    static let openArrayByte: UInt8 = 3, openObjectByte: UInt8 = 4, closeByte: UInt8 = 5

    /// What each byte means to the scans (``count(in:depthLimit:maxValues:maxArrayCount:)-(UnsafeRawBufferPointer,_,_,_)``
    /// and ``members(in:depthLimit:maxMembers:)-(UnsafeRawBufferPointer,_,_)``): part of a
    /// scalar (letters, digits, `+-.`), a quote, an opening or closing bracket, or anything else
    /// (whitespace, `,`, `:`).
    static let byteClasses: [UInt8] = (0..<256).map { c -> UInt8 in
        switch c {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2B, 0x2D, 0x2E: return scalarByte
        case 0x22: return quoteByte
        case 0x5B: return openArrayByte
        case 0x7B: return openObjectByte
        case 0x5D, 0x7D: return closeByte
        default: return otherByte
        }
    }
}
