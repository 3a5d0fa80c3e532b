import InklingBase
import InklingStrokes

/// Reads perfect-freehand input arrays (`getStroke(points)`'s argument) into a ``Drawing``.
///
/// ## Shapes
/// - One stroke: `[[x, y, pressure?], …]` or `[{"x": …, "y": …, "pressure": …?}, …]`.
/// - Several strokes: an array of such arrays, `[[[x, y, p], …], [{x, y}, …], …]`.
/// - Named strokes, `{"corners": [[x, y, p, t], …]}`, and the state perfect-freehand's demo app
///   saves, `{"appState", "page": {"shapes"}, "pageState"}`: see `FreehandImporter+State.swift`.
///
/// Detection looks at the first element: a point array (whose first element is a number) or a
/// point object means one stroke; an array whose first element is itself an array or an object
/// means a list of strokes. Every later element must have the same shape. An empty top-level
/// array is an empty drawing; empty strokes in a list are skipped.
///
/// ## Mapping
/// - `x`, `y` → location (extra array elements after the pressure are ignored, as
///   perfect-freehand does).
/// - `pressure` 0…1 → `force = pressure × 2` (PencilKit's 1.0 is an average touch, which
///   perfect-freehand writes 0.5). A missing pressure is read as `getStroke` reads it: 0.5
///   (force 1.0), except on the first point of a `[x, y]` array, which it reads at 0.25 (force
///   0.5) so that lines start light.
/// - Every point's nib is 16 wide, `getStroke`'s default `size`; everything else takes
///   ``StrokePoint/Defaults``; no canvas.
/// - Ink `pen`, black, with the ``StrokeShape/freehand`` shape, so the strokes are drawn the
///   way perfect-freehand draws them with its defaults (set `size`, `thinning`, … with an
///   import's ``InkImportOptions/shape`` to match other settings).
public enum FreehandImporter: InkImporter {
    /// The format this importer reads.
    public static let format = InkFormat.freehand

    /// Why ``looksLike(_:)`` says no, for the error about a document no importer recognised.
    public static let notRecognised = "not an array of points ([x, y, pressure] or {x, y}), named strokes or perfect-freehand's demo state"

    /// Whether the document starts like a perfect-freehand array: `[[number`, `[[[`, `[[{` or
    /// `[{` with an `"x"` key, and names no Pointer Events keys nor another format; or like one
    /// of the object forms (named strokes `{"corners": [[number…`, the demo app's state).
    public static func looksLike(_ bytes: [UInt8]) -> Bool {
        let head = InterchangeJSON.head(bytes, limit: 2048)
        if head.first == UInt8(ascii: "{") { return looksLikeObject(InterchangeJSON.head(bytes)) }
        guard head.first == UInt8(ascii: "[") else { return false }
        if InterchangeJSON.namesOtherFormat(head) || InterchangeJSON.contains(head, "\"pointer")
            || InterchangeJSON.contains(head, "clientX") || InterchangeJSON.contains(head, "offsetX") {
            return false
        }
        let tokens = head.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }.prefix(4).map { Character(UnicodeScalar($0)) }
        guard tokens.count >= 2 else { return false }
        switch tokens[1] {
        case "[":
            guard tokens.count >= 3 else { return false }
            if tokens[2] == "[" { return true }
            if tokens[2] == "{" { return InterchangeJSON.contains(head, "\"x\"") }
            return tokens[2] == "-" || tokens[2].isNumber
        case "{": return InterchangeJSON.contains(head, "\"x\"")
        default: return false
        }
    }

    /// Converts a perfect-freehand array; errors name the index path (`strokes[1][4].pressure`).
    ///
    /// The array is parsed a piece at a time (``JSONArrayStream``): one stroke of a stroke list,
    /// or 512 points of a single stroke, so memory is the drawing plus one stroke's tree.
    public static func read(_ bytes: [UInt8], options: InkImportOptions) throws(InkImportError) -> Drawing {
        try InterchangeJSON.checkSize(bytes.count, options, format)
        do {
            return try read(bytes[...], budget: ImportBudget(format, options: options))
        } catch {
            throw InkImportError(format, error)
        }
    }

    private static func read(_ whole: ArraySlice<UInt8>, budget: ImportBudget) throws(JSONError) -> Drawing {
        try budget.checkScan(whole)
        if let start = whole.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), whole[start] == UInt8(ascii: "{") {
            return try readObject(budget.parseCounted(whole).root)
        }
        guard let start = whole.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
              let items = JSONArrayStream(whole, range: start..<whole.endIndex, location: "", budget: budget)
        else {
            // Not one array: the parser says what is wrong, or what it is instead.
            let root = try budget.parse(whole).root
            throw root.error("expected an array of points or of strokes, got \(root.typeName)")
        }
        guard items.count > 0 else { return Drawing() }
        // A stroke list's first element is an array that is empty or holds arrays or objects.
        let firstRange = items.elements[0]
        let inner = whole[firstRange].dropFirst().first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        let isStrokeList = items.firstByte(of: 0) == UInt8(ascii: "[")
            && [UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "]")].contains(inner ?? 0)
        if !isStrokeList {
            if let problem = InterchangeJSON.countProblem(strokes: 0, points: items.count, total: items.count) {
                throw JSONError(kind: .limitExceeded, path: "points", message: problem)
            }
            var points: [StrokePoint] = []
            points.reserveCapacity(items.count)
            try items.at("points").forEach { (i, item) throws(JSONError) in points.append(try readPoint(item, first: i == 0)) }
            return Drawing(strokes: [Stroke(ink: ink, path: StrokePath(points: points))])
        }
        var strokes: [Stroke] = []
        var total = 0
        try items.at("strokes").forEach(batch: 1) { (_, item) throws(JSONError) in
            guard item.kind == .array else { throw item.expected("an array of points") }
            let list = item.elements
            if list.isEmpty { return }
            try InterchangeJSON.checkCounts(strokes: 0, points: list.count, total: list.count, at: item)
            var points: [StrokePoint] = []
            points.reserveCapacity(list.count)
            for (i, point) in list.enumerated() { points.append(try readPoint(point, first: i == 0)) }
            total += points.count
            try InterchangeJSON.checkCounts(strokes: strokes.count + 1, points: 0, total: total, at: item)
            strokes.append(Stroke(ink: ink, path: StrokePath(points: points)))
        }
        return Drawing(strokes: strokes)
    }

    /// The ink every stroke gets: a black pen drawn as perfect-freehand draws.
    static let ink = Ink(.pen, shape: .freehand)

    /// perfect-freehand's default `size`, given to every point as its nib width.
    static let nib = Size2D(width: 16, height: 16)

    /// What `getStroke` reads for the first point of an array without a pressure (0.25: a
    /// line starts light); every other point without one reads 0.5.
    static let firstArrayPointPressure = 0.25

    static func readPoint(_ item: JSONNode, first: Bool) throws(JSONError) -> StrokePoint {
        let x: Double, y: Double, pressure: Double?
        let pressureRange = "a pressure in 0…1"
        switch item.kind {
        case .array:
            let a = item.elements
            guard a.count >= 2 else { throw item.expected("a point [x, y] or [x, y, pressure]") }
            x = try InterchangeJSON.coordinate(a[0])
            y = try InterchangeJSON.coordinate(a[1])
            pressure = a.count > 2 && !a[2].isNull
                ? try a[2].requireNumber(in: 0...1, expected: pressureRange) : (first ? firstArrayPointPressure : nil)
        case .object:
            x = try InterchangeJSON.coordinate(item, "x")
            y = try InterchangeJSON.coordinate(item, "y")
            pressure = try InterchangeJSON.optionalNumber(item, "pressure", expected: pressureRange, in: 0...1)
        default:
            throw item.expected("a point [x, y, pressure?] or {x, y, pressure?}")
        }
        return StrokePoint(location: Point2D(x: x, y: y), size: nib, force: pressure.map { $0 * 2 } ?? StrokePoint.Defaults.force)
    }
}
