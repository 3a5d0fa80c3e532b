import CJSONC
import InklingBase

extension DrawingReader {
    /// Reads a stroke's `points` in either layout: an array of point objects, or a columnar
    /// object of parallel arrays.
    /// `path` names the array in errors (`strokes[3].points`).
    mutating func readPoints(_ value: OpaquePointer?, path: String) throws(StrokeJSONError) -> [StrokePoint] {
        switch JSONCTree.type(value) {
        case json_type_array: return try readPointObjects(value, path: path)
        case json_type_object: return try readColumnar(value, path: path)
        default:
            throw .expected("an array of point objects or a columnar object of arrays", got: value, kind: .wrongType, at: path)
        }
    }

    /// Checks a stroke's point count: at least one, and within the limits.
    private mutating func admit(pointCount count: Int, value: OpaquePointer?, path: String) throws(StrokeJSONError) {
        guard count >= 1 else {
            throw .expected("at least 1 point", got: value, kind: .tooFewPoints, at: path)
        }
        try reservePoints(count, path: path, what: "points")
    }

    // MARK: Objects layout

    private mutating func readPointObjects(_ array: OpaquePointer?, path: String) throws(StrokeJSONError) -> [StrokePoint] {
        let count = JSONCTree.arrayCount(array) ?? 0
        try admit(pointCount: count, value: array, path: path)
        var points: [StrokePoint] = []
        points.reserveCapacity(count)
        var previousTime = -Double.infinity
        try JSONCTree.forEachElement(array) { (index, object) throws(StrokeJSONError) in
            points.append(try readPointObject(object, index: index, path: path, previousTime: &previousTime))
        }
        return points
    }

    /// Reads a stroke's `points` array that the decoder cut into runs (``JSONArrayCuts``): each
    /// run is parsed from `bytes`, read and freed before the next, so json-c's tree of the
    /// points is never whole. Throws when a run does not parse or the runs hold other than
    /// `cut.count` points; the decoder then reads the document whole, which says what is wrong.
    mutating func readPointRuns(
        _ cut: JSONArrayCuts.CutArray, in bytes: UnsafeRawBufferPointer, maxDepth: Int, stroke: Int
    ) throws(StrokeJSONError) -> [StrokePoint] {
        let path = "strokes[\(stroke)].points"
        try admit(pointCount: cut.count, value: nil, path: path)
        var points: [StrokePoint] = []
        points.reserveCapacity(cut.count)
        var previousTime = -Double.infinity
        for run in cut.runs {
            let document: JSONDocument
            do {
                document = try JSONDocument.parseElements(UnsafeRawBufferPointer(rebasing: bytes[run]), maxDepth: maxDepth)
            } catch {
                throw StrokeJSONError(error)
            }
            let first = points.count
            try withExtendedLifetime(document) { () throws(StrokeJSONError) in
                try JSONCTree.forEachElement(document.rootPointer) { (i, object) throws(StrokeJSONError) in
                    points.append(try readPointObject(object, index: first + i, path: path, previousTime: &previousTime))
                }
            }
            guard points.count > first, points.count <= cut.count else { break }
        }
        guard points.count == cut.count else {
            throw StrokeJSONError(kind: .wrongType, path: path, message: "expected \(cut.count) points in its runs, got \(points.count)")
        }
        return points
    }

    /// Reads one point object of the objects layout, `index` in its stroke's `points`.
    private func readPointObject(
        _ object: OpaquePointer?, index: Int, path: String, previousTime: inout Double
    ) throws(StrokeJSONError) -> StrokePoint {
        guard JSONCTree.type(object) == json_type_object else {
            throw .expected("a point object {\"x\": …, \"y\": …}", got: object, kind: .wrongType, at: "\(path)[\(index)]")
        }
        let maxCoordinate = limits.maxCoordinate
        var point = PointChannel.defaultPoint
        var seen: UInt8 = 0  // bit 0: x, bit 1: y
        try JSONCTree.forEachMember(object) { (key, value) throws(StrokeJSONError) in
            guard let channel = PointChannel.lookup(key) else { return }  // unknown keys are ignored
            guard let d = JSONCTree.finiteNumber(value), channel.accepts(d, maxCoordinate: maxCoordinate) else {
                throw .badNumber(value, expected: channel.expectation(maxCoordinate: maxCoordinate),
                                 rangeKind: channel.rangeKind(of: JSONCTree.finiteNumber(value)),
                                 at: "\(path)[\(index)].\(channel.name)")
            }
            channel.set(d, in: &point)
            if channel.rawValue < 2 { seen |= 1 << UInt8(channel.rawValue) }
        }
        guard seen == 3 else {
            let key = seen & 1 == 0 ? "x" : "y"
            throw .missingKey(key, at: "\(path)[\(index)].\(key)")
        }
        guard point.timeOffset >= previousTime else {
            throw StrokeJSONError.notMonotonic(point.timeOffset, after: previousTime, at: "\(path)[\(index)].timeOffset")
        }
        previousTime = point.timeOffset
        return point
    }

    // MARK: Columnar layout

    private mutating func readColumnar(_ object: OpaquePointer?, path: String) throws(StrokeJSONError) -> [StrokePoint] {
        // The array of each channel present, indexed by raw value.
        var columns = [OpaquePointer?](repeating: nil, count: PointChannel.allCases.count)
        var present = [Bool](repeating: false, count: PointChannel.allCases.count)
        try JSONCTree.forEachMember(object) { (key, value) throws(StrokeJSONError) in
            guard let channel = PointChannel.lookup(key) else { return }
            guard JSONCTree.arrayCount(value) != nil else {
                throw .expected("an array of numbers", got: value, kind: .wrongType, at: "\(path).\(channel.name)")
            }
            columns[channel.rawValue] = value
            present[channel.rawValue] = true
        }
        guard present[PointChannel.x.rawValue] else { throw .missingKey("x", at: "\(path).x") }
        guard present[PointChannel.y.rawValue] else { throw .missingKey("y", at: "\(path).y") }
        let xs = columns[PointChannel.x.rawValue]
        let count = JSONCTree.arrayCount(xs) ?? 0
        try admit(pointCount: count, value: xs, path: "\(path).x")
        for channel in PointChannel.allCases where present[channel.rawValue] {
            let length = JSONCTree.arrayCount(columns[channel.rawValue]) ?? 0
            guard length == count else {
                throw StrokeJSONError(
                    kind: .lengthMismatch, path: "\(path).\(channel.name)",
                    message: "expected \(count) values (as many as x), got \(length)")
            }
        }

        var points = [StrokePoint](repeating: PointChannel.defaultPoint, count: count)
        let maxCoordinate = limits.maxCoordinate
        for channel in PointChannel.allCases where present[channel.rawValue] {
            let column = columns[channel.rawValue]
            try points.withUnsafeMutableBufferPointer { buffer throws(StrokeJSONError) in
                try JSONCTree.forEachElement(column) { (i, value) throws(StrokeJSONError) in
                    guard let d = JSONCTree.finiteNumber(value), channel.accepts(d, maxCoordinate: maxCoordinate) else {
                        throw .badNumber(value, expected: channel.expectation(maxCoordinate: maxCoordinate),
                                         rangeKind: channel.rangeKind(of: JSONCTree.finiteNumber(value)),
                                         at: "\(path).\(channel.name)[\(i)]")
                    }
                    channel.set(d, in: &buffer[i])
                }
            }
        }
        if present[PointChannel.timeOffset.rawValue] {
            for i in points.indices.dropFirst() where points[i].timeOffset < points[i - 1].timeOffset {
                throw StrokeJSONError.notMonotonic(
                    points[i].timeOffset, after: points[i - 1].timeOffset, at: "\(path).timeOffset[\(i)]")
            }
        }
        return points
    }
}
