/// Where to cut the long arrays of a document at one path, `$.outer[*].inner` (a drawing's
/// `strokes[*].points`), into runs of a few dozen elements, found in one pass over the bytes.
///
/// json-c builds a tree of the whole document before anyone reads it: for a drawing in the
/// objects layout that is a hash table and four number objects per point, about 20 times the
/// text, so a 17 MB drawing becomes some 440 MB of tree that is written, read back from beyond
/// the cache and freed. A reader that parses the rest of the document with each cut array replaced by `[]`
/// (``skeleton(of:)``) and then each run on its own (``JSONDocument/parseElements(_:maxDepth:)``),
/// freeing one run before parsing the next, reads the same values with a working set of one run.
///
/// Cutting is an optimization that must never change an answer, so the scan refuses (returns
/// `nil`) wherever the cut pieces could mean something other than the whole: a key at the root or
/// in an element of `outer` written with a backslash escape (json-c would decode it), `outer` or
/// `inner` repeated in one object (json-c keeps the last), or an array that does not close with
/// `]` where the scan says it does. It validates nothing else: a reader parses every piece
/// strictly, counts the elements against ``CutArray/count`` and reads the whole document the
/// ordinary way when anything about the pieces is wrong. Only arrays of at least `minimumCount`
/// elements are cut.
package struct JSONArrayCuts: Sendable, Equatable {
    /// One array at `$.outer[index].inner`, and where its runs end.
    package struct CutArray: Sendable, Equatable {
        /// The index of its element of `outer`.
        package var index: Int
        /// Its bytes, from `[` to `]` inclusive.
        package var range: Range<Int>
        /// Its elements, as the scan counted them.
        package var count: Int
        /// The offsets of the commas that end a run (each after a multiple of the run length).
        package var cuts: [Int]

        /// The bytes of each run, without brackets or the commas between runs: together, the
        /// array's interior.
        package var runs: [Range<Int>] {
            var runs: [Range<Int>] = []
            runs.reserveCapacity(cuts.count + 1)
            var start = range.lowerBound + 1
            for cut in cuts {
                runs.append(start..<cut)
                start = cut + 1
            }
            runs.append(start..<(range.upperBound - 1))
            return runs
        }
    }

    /// The arrays cut, in document order.
    package var arrays: [CutArray]

    /// The bytes with every cut array replaced by `[]`, for json-c to parse as the rest of the
    /// document.
    package func skeleton(of bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var skeleton: [UInt8] = []
        skeleton.reserveCapacity(bytes.count - arrays.reduce(0) { $0 + $1.range.count } + 2 * arrays.count)
        var start = 0
        for array in arrays {
            skeleton.append(contentsOf: bytes[start..<array.range.lowerBound])
            skeleton.append(UInt8(ascii: "["))
            skeleton.append(UInt8(ascii: "]"))
            start = array.range.upperBound
        }
        skeleton.append(contentsOf: bytes[start...])
        return skeleton
    }

    /// Scans `bytes` for the arrays at `$.outer[*].inner` with at least `minimumCount`
    /// elements, cutting each after every `runLength` elements; `nil` where cutting is unsafe
    /// (see the type's summary). Keys are compared byte for byte.
    package static func find(
        in bytes: UnsafeRawBufferPointer, outer: StaticString, inner: StaticString, runLength: Int, minimumCount: Int
    ) -> JSONArrayCuts? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), runLength > 0 else { return nil }
        let end = bytes.count
        let outerKey = UnsafeBufferPointer(start: outer.utf8Start, count: outer.utf8CodeUnitCount)
        let innerKey = UnsafeBufferPointer(start: inner.utf8Start, count: inner.utf8CodeUnitCount)
        var arrays: [CutArray] = []

        // Levels: 1 the root object, 2 the `outer` array, 3 one of its elements (an object),
        // 4 that element's `inner` array. Deeper levels are only counted.
        var depth = 0
        var rootElements = 0, outerElements = 0, elementMembers = 0, innerElements = 0
        var rootIsObject = false, inOuter = false, elementIsObject = false, inInner = false
        var keyIsOuter = false, keyIsInner = false, sawOuter = false, sawInner = false
        var innerStart = 0
        var cuts: [Int] = []

        let classes = Self.classTable
        var offset = 0
        scan: while offset < end {
            let c = base[offset]
            offset += 1
            let kind = classes[Int(c)]
            switch kind {
            case Self.other:
                continue
            case Self.comma:
                if inInner && depth == 4 && innerElements % runLength == 0 { cuts.append(offset - 1) }
                continue
            case Self.close:
                if depth == 4 && inInner {
                    guard c == 0x5D else { return nil }
                    if innerElements >= minimumCount {
                        arrays.append(CutArray(index: outerElements - 1, range: innerStart..<offset, count: innerElements, cuts: cuts))
                    }
                    inInner = false
                }
                if depth == 0 { return nil }
                depth -= 1
                continue
            default:
                break
            }
            // A value starts at `depth`: count it, and note what it is at the levels that matter.
            var isKey = false
            switch depth {
            case 4:
                if inInner { innerElements += 1 }
            case 1:
                rootElements += 1
                isKey = rootIsObject && rootElements % 2 == 1
            case 2:
                if inOuter { outerElements += 1 }
            case 3:
                elementMembers += 1
                isKey = elementIsObject && elementMembers % 2 == 1
            default: break
            }
            switch kind {
            case Self.scalar:
                // The rest of the scalar (digits, letters, signs) in a tight loop.
                while offset < end, classes[Int(base[offset])] == Self.scalar { offset += 1 }
                continue scan
            case Self.quote:
                // A string: to the next quote no backslash escapes.
                let start = offset
                var escaped = false
                while offset < end {
                    let s = base[offset]
                    offset += 1
                    if s == 0x22 { break }
                    if s == 0x5C { offset += 1; escaped = true }
                }
                if isKey {
                    // json-c decodes escapes in keys: such a key might spell either name.
                    if escaped { return nil }
                    let text = UnsafeBufferPointer(start: base + start, count: max(0, min(offset, end) - 1 - start))
                    if depth == 1 {
                        keyIsOuter = text.elementsEqual(outerKey)
                        if keyIsOuter { if sawOuter { return nil }; sawOuter = true }
                    } else {
                        keyIsInner = inOuter && text.elementsEqual(innerKey)
                        if keyIsInner { if sawInner { return nil }; sawInner = true }
                    }
                }
                continue scan
            default:
                break
            }
            // A container opens at `depth`, as level `depth + 1`.
            let isArray = kind == Self.openArray
            switch depth {
            case 0:
                rootIsObject = !isArray
            case 1:
                inOuter = isArray && rootIsObject && rootElements % 2 == 0 && keyIsOuter
            case 2:
                elementIsObject = inOuter && !isArray
                elementMembers = 0
                sawInner = false
                keyIsInner = false
            case 3:
                inInner = isArray && elementIsObject && elementMembers % 2 == 0 && keyIsInner
                if inInner {
                    innerStart = offset - 1
                    innerElements = 0
                    cuts.removeAll(keepingCapacity: true)
                }
            default: break
            }
            depth += 1
        }
        return depth == 0 ? JSONArrayCuts(arrays: arrays) : nil
    }

    private static let other: UInt8 = 0, scalar: UInt8 = 1, quote: UInt8 = 2, openArray: UInt8 = 3, openObject: UInt8 = 4
    private static let close: UInt8 = 5, comma: UInt8 = 6

    /// What each byte means to the scan: part of a scalar (letters, digits, `+-.`, and any
    /// byte JSON does not allow outside strings, which json-c refuses later), a quote, a
    /// bracket, a comma, or whitespace and `:`.
    /// Allocated once for the life of the process, so the scan reads it without bounds checks.
    nonisolated(unsafe) private static let classTable: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for c in 0..<256 {
            switch c {
            case 0x20, 0x09, 0x0A, 0x0D, 0x3A: table[c] = other
            case 0x2C: table[c] = comma
            case 0x22: table[c] = quote
            case 0x5B: table[c] = openArray
            case 0x7B: table[c] = openObject
            case 0x5D, 0x7D: table[c] = close
            default: table[c] = scalar
            }
        }
        return UnsafePointer(table)
    }()
}
