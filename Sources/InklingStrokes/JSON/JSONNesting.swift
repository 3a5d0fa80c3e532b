/// A pre-parse scan of JSON text for nesting too deep to parse safely and for more values than a
/// budget allows (for every JSON reader: canonical drawings, importers, engine configuration,
/// server requests, regression cases).
///
/// Run before handing untrusted text to a parser that builds a tree (json-c, Foundation's
/// `JSONSerialization`): `[[[[…` ten thousand deep is refused in one linear pass, without
/// recursion, whatever the parser's own limits are, and ``count(in:depthLimit:)`` tells how many
/// values the tree would hold and how long its longest array would be, so that a document whose
/// tree would cost gigabytes is refused before a byte of it is allocated. Brackets and commas
/// inside strings (escapes included) do not count.
public enum JSONNesting {
    /// The offset from the start of `bytes` where an array or object opens at depth `limit + 1`,
    /// or `nil` when nesting never goes deeper than `limit`.
    public static func firstViolation<Bytes: Collection>(in bytes: Bytes, limit: Int) -> Int? where Bytes.Element == UInt8 {
        count(in: bytes, depthLimit: limit).depthViolation
    }

    /// Counts the values of `bytes` in one pass, stopping early where nesting goes deeper than
    /// `depthLimit` (``Counts/depthViolation`` then holds the offset and the counts stop there).
    ///
    /// Not a validator: malformed text is counted as well as it can be, and the parser that runs
    /// afterwards reports what is wrong with it.
    public static func count<Bytes: Collection>(in bytes: Bytes, depthLimit: Int) -> Counts where Bytes.Element == UInt8 {
        if let counts = bytes.withContiguousStorageIfAvailable({ count(UnsafeRawBufferPointer($0), depthLimit: depthLimit) }) {
            return counts
        }
        return Array(bytes).withUnsafeBytes { count($0, depthLimit: depthLimit) }
    }

    private static func count(_ bytes: UnsafeRawBufferPointer, depthLimit: Int) -> Counts {
        let limit = max(depthLimit, 0)
        var counts = Counts()
        // Elements so far of each open container (index 0: the document itself), and whether it
        // is an array. Depth never exceeds `limit`, so these never grow past `limit + 1`.
        var elements = [Int](repeating: 0, count: limit + 1)
        var isArray = [Bool](repeating: false, count: limit + 1)
        var depth = 0, inString = false, escaped = false, inScalar = false
        var offset = 0
        for c in bytes {
            defer { offset += 1 }
            if inString {
                if escaped { escaped = false } else if c == 0x5C { escaped = true } else if c == 0x22 { inString = false }
                continue
            }
            let scalar = (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A)
                || c == 0x2B || c == 0x2D || c == 0x2E
            if scalar {
                if !inScalar { counts.values += 1; elements[depth] += 1 }
                inScalar = true
                continue
            }
            inScalar = false
            switch c {
            case 0x22:  // "
                inString = true
                counts.values += 1
                elements[depth] += 1
            case 0x5B, 0x7B:  // [ {
                counts.values += 1
                elements[depth] += 1
                if c == 0x7B { counts.objects += 1 }
                guard depth < limit else {
                    counts.depthViolation = offset
                    return counts
                }
                depth += 1
                elements[depth] = 0
                isArray[depth] = c == 0x5B
            case 0x5D, 0x7D:  // ] }
                guard depth > 0 else { continue }
                if isArray[depth] { counts.largestArray = max(counts.largestArray, elements[depth]) }
                depth -= 1
            default:
                break
            }
        }
        for open in stride(from: depth, to: 0, by: -1) where isArray[open] {
            counts.largestArray = max(counts.largestArray, elements[open])
        }
        return counts
    }
}
