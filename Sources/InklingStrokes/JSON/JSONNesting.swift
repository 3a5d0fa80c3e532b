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
    /// `depthLimit` (``Counts/depthViolation`` then holds the offset and the counts stop there),
    /// where there are more than `maxValues` values or where one array has more than
    /// `maxArrayCount` elements (the counts then stop just past the budget, so a 30 MB document
    /// over it is refused after reading only as far as the budget reaches).
    ///
    /// Not a validator: malformed text is counted as well as it can be, and the parser that runs
    /// afterwards reports what is wrong with it.
    public static func count<Bytes: Collection>(
        in bytes: Bytes, depthLimit: Int, maxValues: Int = .max, maxArrayCount: Int = .max
    ) -> Counts where Bytes.Element == UInt8 {
        if let counts = bytes.withContiguousStorageIfAvailable({
            count(UnsafeRawBufferPointer($0), depthLimit: depthLimit, maxValues: maxValues, maxArrayCount: maxArrayCount)
        }) {
            return counts
        }
        return Array(bytes).withUnsafeBytes { count($0, depthLimit: depthLimit, maxValues: maxValues, maxArrayCount: maxArrayCount) }
    }

    private static func count(_ bytes: UnsafeRawBufferPointer, depthLimit: Int, maxValues: Int, maxArrayCount: Int) -> Counts {
        let limit = max(depthLimit, 0)
        var counts = Counts()
        // Elements so far of each open container (index 0: the document itself), and whether it
        // is an array. Depth never exceeds `limit`, so these never grow past `limit + 1`. Raw
        // buffers and a plain index loop keep the pass fast in debug builds too (tests time it).
        let elements = UnsafeMutableBufferPointer<Int>.allocate(capacity: limit + 1)
        let isArray = UnsafeMutableBufferPointer<Bool>.allocate(capacity: limit + 1)
        defer { elements.deallocate(); isArray.deallocate() }
        elements[0] = 0
        isArray[0] = false
        var depth = 0, inString = false, escaped = false, inScalar = false
        var values = 0, objects = 0, largest = 0
        var offset = 0
        let count = bytes.count
        while offset < count {
            let c = bytes[offset]
            offset += 1
            if inString {
                if escaped { escaped = false } else if c == 0x5C { escaped = true } else if c == 0x22 { inString = false }
                continue
            }
            let scalar = (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A)
                || c == 0x2B || c == 0x2D || c == 0x2E
            let starts = scalar ? !inScalar : (c == 0x22 || c == 0x5B || c == 0x7B)
            if starts {
                values += 1
                elements[depth] += 1
                if values > maxValues { break }
                if isArray[depth] && elements[depth] > maxArrayCount {
                    largest = elements[depth]
                    break
                }
            }
            if scalar {
                inScalar = true
                continue
            }
            inScalar = false
            if c == 0x22 {  // "
                inString = true
            } else if c == 0x5B || c == 0x7B {  // [ {
                if c == 0x7B { objects += 1 }
                guard depth < limit else {
                    counts.depthViolation = offset - 1
                    break
                }
                depth += 1
                elements[depth] = 0
                isArray[depth] = c == 0x5B
            } else if c == 0x5D || c == 0x7D, depth > 0 {  // ] }
                if isArray[depth] && elements[depth] > largest { largest = elements[depth] }
                depth -= 1
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
        return counts
    }
}
