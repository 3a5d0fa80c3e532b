import CJSONC
import InklingBase
import Foundation

/// Walks a parsed json-c tree and builds a ``Drawing``, checking every rule of
/// `docs/stroke-json.md`. Internal to ``StrokeJSONDecoder``; the tree must outlive the reader.
struct DrawingReader {
    /// The limits in force.
    let limits: StrokeJSONDecoder.Limits
    /// Control points and mask vertices read so far, for ``StrokeJSONDecoder/Limits/maxTotalPoints``.
    var totalPoints = 0
    /// The strokes' `points` arrays that the decoder cut into runs and left out of the tree
    /// (each is `[]` there); `nil` when the tree holds the whole document.
    private var pointRuns: PointRuns?

    /// Arrays cut out of a document by ``JSONArrayCuts``, read in stroke order.
    struct PointRuns {
        /// The cut arrays, in document order.
        var cuts: [JSONArrayCuts.CutArray]
        /// The whole document's bytes, checked by ``JSONDocument/checkText(_:)``; they must
        /// outlive the reader.
        var bytes: UnsafeRawBufferPointer
        /// How deep a run may nest, counting its own array.
        var maxDepth: Int
        /// The next array to read.
        var next = 0
    }

    init(limits: StrokeJSONDecoder.Limits, pointRuns: PointRuns? = nil) {
        self.limits = limits
        self.pointRuns = pointRuns
    }

    /// Reads the whole document.
    mutating func readDrawing(_ root: OpaquePointer?) throws(StrokeJSONError) -> Drawing {
        guard JSONCTree.type(root) == json_type_object else {
            throw .expected("a drawing object", got: root, kind: .wrongType, at: StrokeJSONError.documentPath)
        }
        try readHeader(root)
        let canvas = try JSONCTree.member(root, "canvas").map { value throws(StrokeJSONError) in try readCanvas(value) }

        guard let strokesValue = JSONCTree.member(root, "strokes") else { throw .missingKey("strokes", at: "strokes") }
        guard let strokeCount = JSONCTree.arrayCount(strokesValue) else {
            throw .expected("an array of strokes", got: strokesValue, kind: .wrongType, at: "strokes")
        }
        guard strokeCount <= limits.maxStrokes else {
            throw StrokeJSONError(
                kind: .limitExceeded, path: "strokes",
                message: "expected at most \(limits.maxStrokes) strokes (maxStrokes), got \(strokeCount)")
        }
        let shape = try JSONCTree.member(root, "shape").map { value throws(StrokeJSONError) in try readShape(value, path: "shape") }
        var strokes: [Stroke] = []
        strokes.reserveCapacity(strokeCount)
        try JSONCTree.forEachElement(strokesValue) { (index, value) throws(StrokeJSONError) in
            strokes.append(try readStroke(value, index: index))
        }
        if let runs = pointRuns, runs.next != runs.cuts.count {
            throw StrokeJSONError(kind: .wrongType, path: "strokes", message: "expected every cut points array read, got \(runs.next) of \(runs.cuts.count)")
        }
        // The drawing's shape is every stroke's, under the fields a stroke sets itself.
        if let shape = shape ?? nil {
            for i in strokes.indices {
                strokes[i].ink.shape = shape.overridden(by: strokes[i].ink.shape)
            }
        }
        return Drawing(strokes: strokes, canvas: canvas)
    }

    /// Checks `format` and `version`.
    private func readHeader(_ root: OpaquePointer?) throws(StrokeJSONError) {
        guard let format = JSONCTree.member(root, "format") else { throw .missingKey("format", at: "format") }
        guard JSONCTree.type(format) == json_type_string else {
            throw .expected("the string \"inkling.drawing\"", got: format, kind: .wrongType, at: "format")
        }
        guard JSONCTree.stringEquals(format, "inkling.drawing") else {
            throw .expected("\"inkling.drawing\"", got: format, kind: .unsupportedFormat, at: "format")
        }
        guard let version = JSONCTree.member(root, "version") else { throw .missingKey("version", at: "version") }
        guard let number = Self.integer(version) else {
            throw .badNumber(version, expected: "the integer 1", rangeKind: .wrongType, at: "version")
        }
        guard number == 1 else {
            throw .expected("version 1 (the only version this decoder reads)", got: version, kind: .unsupportedVersion, at: "version")
        }
    }

    /// The smallest canvas side: a thousandth of a drawing unit. Fitting a smaller canvas to an
    /// output size would scale by more than a double can hold.
    static let minimumCanvasSide = 0.001

    /// Reads `canvas`: `{width, height}`, each at least ``minimumCanvasSide`` and within the
    /// canvas limit.
    private func readCanvas(_ value: OpaquePointer?) throws(StrokeJSONError) -> Size2D {
        guard JSONCTree.type(value) == json_type_object else {
            throw .expected("an object {\"width\": …, \"height\": …}", got: value, kind: .wrongType, at: "canvas")
        }
        func side(_ key: StaticString) throws(StrokeJSONError) -> Double {
            let path = "canvas.\(key)"
            guard let side = JSONCTree.member(value, key) else { throw .missingKey(key.description, at: path) }
            guard let d = JSONCTree.finiteNumber(side), d >= Self.minimumCanvasSide else {
                throw .badNumber(side, expected: "a finite number ≥ \(StrokeJSONError.format(Self.minimumCanvasSide))",
                                 rangeKind: .outOfRange, at: path)
            }
            guard d <= limits.maxCanvasSide else {
                throw .expected("at most \(StrokeJSONError.format(limits.maxCanvasSide)) (maxCanvasSide)",
                                got: side, kind: .limitExceeded, at: path)
            }
            return d
        }
        return Size2D(width: try side("width"), height: try side("height"))
    }

    /// Reads one stroke, `index` in the drawing's `strokes`; errors name `path` (default
    /// `strokes[index]`), so a stroke sent alone (a live session's) is named as it was sent.
    mutating func readStroke(_ value: OpaquePointer?, index: Int, path given: String? = nil) throws(StrokeJSONError) -> Stroke {
        let path = given ?? "strokes[\(index)]"
        guard JSONCTree.type(value) == json_type_object else {
            throw .expected("a stroke object", got: value, kind: .wrongType, at: path)
        }
        var ink = Ink(.pen)
        if let inkValue = JSONCTree.member(value, "ink") { ink = try readInk(inkValue, path: path + ".ink") }

        var creationDate = Date(timeIntervalSince1970: 0)
        if let date = JSONCTree.member(value, "creationDate") {
            guard let seconds = JSONCTree.finiteNumber(date) else {
                throw .badNumber(date, expected: "a finite number of seconds since 1970", rangeKind: .outOfRange,
                                 at: path + ".creationDate")
            }
            creationDate = Date(timeIntervalSince1970: seconds)
        }

        var randomSeed: UInt32 = 0
        if let seed = JSONCTree.member(value, "randomSeed") {
            guard let n = Self.integer(seed) else {
                throw .badNumber(seed, expected: "an integer 0…4294967295", rangeKind: .wrongType, at: path + ".randomSeed")
            }
            guard let n32 = UInt32(exactly: n) else {
                throw .expected("an integer 0…4294967295", got: seed, kind: .outOfRange, at: path + ".randomSeed")
            }
            randomSeed = n32
        }

        var transform = AffineTransform2D.identity
        if let t = JSONCTree.member(value, "transform") { transform = try readTransform(t, path: path + ".transform") }

        var mask: StrokeMask?
        if let m = JSONCTree.member(value, "mask") { mask = try readMask(m, path: path + ".mask") }

        guard let pointsValue = JSONCTree.member(value, "points") else { throw .missingKey("points", at: path + ".points") }
        let points: [StrokePoint]
        if let runs = pointRuns, runs.next < runs.cuts.count, runs.cuts[runs.next].index == index {
            guard JSONCTree.arrayCount(pointsValue) == 0 else {
                throw .expected("the empty array left where the points were cut out", got: pointsValue, kind: .wrongType, at: path + ".points")
            }
            points = try readPointRuns(runs.cuts[runs.next], in: runs.bytes, maxDepth: runs.maxDepth, stroke: index)
            pointRuns?.next += 1
        } else {
            points = try readPoints(pointsValue, path: path + ".points")
        }
        if !transform.isIdentity { try checkTransform(transform, of: points, path: path + ".transform") }

        return Stroke(
            ink: ink, path: StrokePath(points: points, creationDate: creationDate),
            transform: transform, mask: mask, randomSeed: randomSeed)
    }

    /// Reads `ink`: a required known `type`, an optional `color` and an optional `shape`.
    private func readInk(_ value: OpaquePointer?, path: String) throws(StrokeJSONError) -> Ink {
        guard JSONCTree.type(value) == json_type_object else {
            throw .expected("an ink object {\"type\": …, \"color\": …, \"shape\": …}", got: value, kind: .wrongType, at: path)
        }
        guard let typeValue = JSONCTree.member(value, "type") else { throw .missingKey("type", at: path + ".type") }
        let known = InkType.allCases.map(\.rawValue).joined(separator: ", ")
        guard let name = JSONCTree.string(typeValue) else {
            throw .expected("an ink type string (\(known))", got: typeValue, kind: .wrongType, at: path + ".type")
        }
        guard let type = InkType(rawValue: name) else {
            throw .expected("one of \(known)", got: typeValue, kind: .unknownInk, at: path + ".type")
        }
        var color = RGBAColor.black
        if let colorValue = JSONCTree.member(value, "color") {
            let expectation = "a color \"#RGB\", \"#RRGGBB\" or \"#RRGGBBAA\""
            guard let text = JSONCTree.string(colorValue) else {
                throw .expected(expectation, got: colorValue, kind: .wrongType, at: path + ".color")
            }
            guard let parsed = RGBAColor(hex: text) else {
                throw .expected(expectation, got: colorValue, kind: .invalidColor, at: path + ".color")
            }
            color = parsed
        }
        let shape = try JSONCTree.member(value, "shape").map { v throws(StrokeJSONError) in try readShape(v, path: path + ".shape") }
        return Ink(type, color: color, shape: shape ?? nil)
    }

    /// Reads `transform`: six finite numbers, the translation within the coordinate limit.
    private func readTransform(_ value: OpaquePointer?, path: String) throws(StrokeJSONError) -> AffineTransform2D {
        guard JSONCTree.arrayCount(value) == 6 else {
            throw .expected("an array of 6 numbers [a, b, c, d, tx, ty]", got: value, kind: .wrongType, at: path)
        }
        var m = [Double](repeating: 0, count: 6)
        try JSONCTree.forEachElement(value) { (i, element) throws(StrokeJSONError) in
            let elementPath = "\(path)[\(i)]"
            guard let d = JSONCTree.finiteNumber(element) else {
                throw .badNumber(element, expected: "a finite number", rangeKind: .outOfRange, at: elementPath)
            }
            if i >= 4 && abs(d) > limits.maxCoordinate {
                throw .expected("a translation with |v| ≤ \(StrokeJSONError.format(limits.maxCoordinate)) (maxCoordinate)",
                                got: element, kind: .limitExceeded, at: elementPath)
            }
            m[i] = d
        }
        return AffineTransform2D(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
    }

    /// Refuses a transform that stretches lengths beyond the coordinate extent, or that carries a
    /// control point outside it: everything downstream (outlines, rasters, SVG) stays finite.
    private func checkTransform(_ t: AffineTransform2D, of points: [StrokePoint], path: String) throws(StrokeJSONError) {
        let bound = limits.maxCoordinate, extent = 2 * bound
        let scale = t.singularValues.larger
        guard scale <= extent else {
            throw StrokeJSONError(
                kind: .limitExceeded, path: path,
                message: "expected a transform that scales by at most \(StrokeJSONError.format(extent)) "
                    + "(2 × maxCoordinate, the coordinate extent), got a scale of \(StrokeJSONError.format(scale))")
        }
        for (i, p) in points.enumerated() {
            let q = t.apply(to: p.location)
            guard abs(q.x) <= bound, abs(q.y) <= bound else {
                throw StrokeJSONError(
                    kind: .limitExceeded, path: path,
                    message: "expected a transform that keeps every point within ±\(StrokeJSONError.format(bound)) "
                        + "(maxCoordinate), but it moves points[\(i)] to "
                        + "(\(StrokeJSONError.format(q.x)), \(StrokeJSONError.format(q.y)))")
            }
        }
    }

    /// Reads `mask`: polygons of at least three `[x, y]` vertices.
    private mutating func readMask(_ value: OpaquePointer?, path: String) throws(StrokeJSONError) -> StrokeMask {
        guard let polygonCount = JSONCTree.arrayCount(value) else {
            throw .expected("an array of polygons [[[x, y], …], …]", got: value, kind: .wrongType, at: path)
        }
        var polygons: [[Point2D]] = []
        polygons.reserveCapacity(polygonCount)
        try JSONCTree.forEachElement(value) { (p, polygon) throws(StrokeJSONError) in
            let polygonPath = "\(path)[\(p)]"
            guard let count = JSONCTree.arrayCount(polygon) else {
                throw .expected("a polygon: an array of [x, y] vertices", got: polygon, kind: .wrongType, at: polygonPath)
            }
            guard count >= 3 else {
                throw .expected("a polygon of at least 3 vertices", got: polygon, kind: .tooFewPoints, at: polygonPath)
            }
            try reservePoints(count, path: polygonPath, what: "vertices")
            var vertices: [Point2D] = []
            vertices.reserveCapacity(count)
            try JSONCTree.forEachElement(polygon) { (v, vertex) throws(StrokeJSONError) in
                vertices.append(try readVertex(vertex, path: "\(polygonPath)[\(v)]"))
            }
            polygons.append(vertices)
        }
        return StrokeMask(polygons: polygons)
    }

    private func readVertex(_ value: OpaquePointer?, path: String) throws(StrokeJSONError) -> Point2D {
        guard JSONCTree.arrayCount(value) == 2 else {
            throw .expected("a vertex [x, y]", got: value, kind: .wrongType, at: path)
        }
        var xy = (0.0, 0.0)
        try JSONCTree.forEachElement(value) { (i, element) throws(StrokeJSONError) in
            guard let d = JSONCTree.finiteNumber(element), abs(d) <= limits.maxCoordinate else {
                throw .badNumber(
                    element, expected: "a finite number with |v| ≤ \(StrokeJSONError.format(limits.maxCoordinate)) (maxCoordinate)",
                    rangeKind: .limitExceeded, at: "\(path)[\(i)]")
            }
            if i == 0 { xy.0 = d } else { xy.1 = d }
        }
        return Point2D(x: xy.0, y: xy.1)
    }

    /// Counts `count` more points against the per-stroke and total limits.
    mutating func reservePoints(_ count: Int, path: String, what: String) throws(StrokeJSONError) {
        guard count <= limits.maxPointsPerStroke else {
            throw StrokeJSONError(
                kind: .limitExceeded, path: path,
                message: "expected at most \(limits.maxPointsPerStroke) \(what) (maxPointsPerStroke), got \(count)")
        }
        guard totalPoints + count <= limits.maxTotalPoints else {
            throw StrokeJSONError(
                kind: .limitExceeded, path: path,
                message: "expected at most \(limits.maxTotalPoints) points in total (maxTotalPoints), got \(totalPoints + count) so far")
        }
        totalPoints += count
    }

    /// An integer written as a JSON integer (within ±2⁵³) or as an integral number such as `1.0`.
    static func integer(_ value: OpaquePointer?) -> Int64? {
        guard let d = JSONCTree.finiteNumber(value), d == d.rounded() else { return nil }
        return Int64(exactly: d)
    }
}
