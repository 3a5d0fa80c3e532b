extension JSONNesting {
    /// One value directly inside a document's top-level array or object, as one pass of
    /// ``members(in:depthLimit:)-([UInt8],_)`` found it: where it is, and what it holds.
    public struct Member: Sendable, Hashable {
        /// Its bytes (offsets from the start of the document; a key's range includes its quotes).
        public var range: Range<Int>
        /// The values inside it (itself included), its objects and its longest array. Nesting is
        /// not judged here: the parser that reads the member bounds it.
        public var counts: Counts

        /// A member at `range` holding `counts`.
        public init(range: Range<Int>, counts: Counts) {
            self.range = range
            self.counts = counts
        }
    }

    /// The values directly inside the top-level array or object of `bytes`, each with its counts,
    /// in one pass: what ``children(in:)-([UInt8])`` and ``count(in:depthLimit:maxValues:maxArrayCount:)-([UInt8],_,_,_)``
    /// would find together. For an object, keys and values alternate.
    ///
    /// A reader that sets one member aside (a drawing inside a request) hands that member's
    /// counts to the member's own reader, so the member's bytes are scanned once in all. `nil`
    /// when the text is not one array or object followed by whitespace, or holds more than
    /// `maxMembers` members (the scan stops there): parse such text whole, and let the parser
    /// say what is wrong. Nesting deeper than `depthLimit` is followed but not counted
    /// element by element (the member's parser refuses it).
    public static func members(in bytes: [UInt8], depthLimit: Int, maxMembers: Int = .max) -> [Member]? {
        bytes.withUnsafeBytes { members(in: $0, depthLimit: depthLimit, maxMembers: maxMembers) }
    }

    /// ``members(in:depthLimit:)-([UInt8],_)`` of raw bytes.
    public static func members(in bytes: UnsafeRawBufferPointer, depthLimit: Int, maxMembers: Int = .max) -> [Member]? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let end = bytes.count
        var first = 0
        while first < end, [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains(base[first]) { first += 1 }
        guard first < end, base[first] == 0x5B || base[first] == 0x7B else { return nil }
        let limit = min(max(depthLimit, 1), 100_000)
        // The walk's stacks, and those of the count of each container member.
        let elements = UnsafeMutablePointer<Int>.allocate(capacity: 2 * (limit + 1))
        let isArray = UnsafeMutablePointer<Bool>.allocate(capacity: 2 * (limit + 1))
        defer { elements.deallocate(); isArray.deallocate() }
        return byteClasses.withUnsafeBufferPointer { classes -> [Member]? in
            walk(base, end, first, classes, limit, maxMembers, elements, isArray)
        }
    }

    /// The loop of ``members(in:depthLimit:maxMembers:)-(UnsafeRawBufferPointer,_,_)``.
    private static func walk(
        _ base: UnsafePointer<UInt8>, _ end: Int, _ first: Int, _ classes: UnsafeBufferPointer<UInt8>, _ limit: Int,
        _ maxMembers: Int, _ elements: UnsafeMutablePointer<Int>, _ isArray: UnsafeMutablePointer<Bool>
    ) -> [Member]? {
        do {
            var offset = first
            var members: [Member] = []
            var depth = 0, excess = 0  // `excess`: levels open beyond the limit, not tracked
            var values = 0, objects = 0, largest = 0
            // The member being read: where it starts, and the counts before it.
            var start = -1, valuesBefore = 0, objectsBefore = 0, largestBefore = 0
            elements[0] = 0
            isArray[0] = false
            while offset < end {
                let kind = classes[Int(base[offset])]
                if kind == otherByte {
                    offset &+= 1
                    continue
                }
                if kind == closeByte {
                    offset += 1
                    if excess > 0 {
                        excess -= 1
                        continue
                    }
                    guard depth > 0 else { return nil }
                    if isArray[depth] && elements[depth] > largest { largest = elements[depth] }
                    depth -= 1
                    if depth == 1 && start >= 0 { finish(&members, &start, offset, values, valuesBefore, objects, objectsBefore, &largest, largestBefore) }
                    if depth == 0 {
                        while offset < end {
                            let r = base[offset]
                            guard r == 0x20 || r == 0x09 || r == 0x0A || r == 0x0D else { return nil }
                            offset += 1
                        }
                        return members
                    }
                    continue
                }
                // A value starts.
                if depth == 0 && values > 0 { return nil }
                if depth == 1 && excess == 0 && (kind == openArrayByte || kind == openObjectByte) {
                    // A container member: counted by the scan's own loop, which stops where it
                    // closes; one nested deeper than the limit is walked below instead.
                    guard members.count < maxMembers else { return nil }
                    var counts = Counts()
                    let used = scan(base + offset, end - offset, classes, limit - 1, .max, .max,
                                    elements + (limit + 1), isArray + (limit + 1), &counts, firstValueOnly: true)
                    let closed = used > 0 && counts.depthViolation == nil && classes[Int(base[offset + used - 1])] == closeByte
                    if closed {
                        members.append(Member(range: offset..<(offset + used), counts: counts))
                        values &+= counts.values
                        objects &+= counts.objects
                        elements[1] &+= 1
                        offset &+= used
                        continue
                    }
                }
                values &+= 1
                elements[depth] &+= 1
                if depth == 1 && excess == 0 {
                    guard members.count < maxMembers else { return nil }
                    start = offset
                    valuesBefore = values - 1
                    objectsBefore = objects
                    largestBefore = largest
                    largest = 0
                }
                switch kind {
                case quoteByte:
                    offset += 1
                    while offset < end {
                        let s = base[offset]
                        offset &+= 1
                        if s == 0x22 { break }
                        if s == 0x5C { offset &+= 1 }
                    }
                    if depth == 1 && excess == 0 { finish(&members, &start, min(offset, end), values, valuesBefore, objects, objectsBefore, &largest, largestBefore) }
                case openArrayByte, openObjectByte:
                    if kind == openObjectByte { objects += 1 }
                    guard depth < limit else {
                        excess += 1
                        offset += 1
                        continue
                    }
                    depth += 1
                    elements[depth] = 0
                    isArray[depth] = kind == openArrayByte
                    offset += 1
                default:
                    let token = offset
                    offset += 1
                    while offset < end, classes[Int(base[offset])] == scalarByte { offset &+= 1 }
                    // A number JSON refuses: the whole document is parsed, and its scan says so.
                    if !isWellFormedScalar(base + token, offset - token) { return nil }
                    if depth == 1 && excess == 0 { finish(&members, &start, offset, values, valuesBefore, objects, objectsBefore, &largest, largestBefore) }
                }
            }
            return nil
        }
    }

    /// Records the member that started at `start` and ends before `end`; its longest array is
    /// `largest`, which then becomes the document's again.
    @inline(never)
    private static func finish(
        _ members: inout [Member], _ start: inout Int, _ end: Int, _ values: Int, _ valuesBefore: Int, _ objects: Int,
        _ objectsBefore: Int, _ largest: inout Int, _ largestBefore: Int
    ) {
        var counts = Counts()
        counts.values = values &- valuesBefore
        counts.objects = objects &- objectsBefore
        counts.largestArray = largest
        members.append(Member(range: start..<end, counts: counts))
        largest = max(largest, largestBefore)
        start = -1
    }
}
