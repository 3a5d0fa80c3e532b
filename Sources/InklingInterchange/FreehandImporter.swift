import Foundation
import InklingStrokes

/// Reads perfect-freehand input arrays (`getStroke(points)`'s argument) into a ``Drawing``.
///
/// ## Shapes
/// - One stroke: `[[x, y, pressure?], …]` or `[{"x": …, "y": …, "pressure": …?}, …]`.
/// - Several strokes: an array of such arrays, `[[[x, y, p], …], [{x, y}, …], …]`.
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
///   perfect-freehand writes 0.5); missing pressure → the default force 1.0.
/// - Everything else takes ``StrokePoint/Defaults``; ink `pen`, black; no canvas.
public enum FreehandImporter: InkImporter {
    /// The format this importer reads.
    public static let format = InkFormat.freehand

    /// Whether the document starts like a perfect-freehand array: `[[number`, `[[[`, `[[{` or
    /// `[{` with an `"x"` key, and names no Pointer Events keys nor another format.
    public static func looksLike(_ bytes: [UInt8]) -> Bool {
        let head = InterchangeJSON.head(bytes, limit: 2048)
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
        let whole = bytes[...]
        try ImportBudget(format, limits: options.limits).check(whole)
        guard let start = whole.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
              let items = JSONArrayStream(whole, range: start..<whole.endIndex, format: format, location: "")
        else {
            // Not one array: the parser says what is wrong, or what it is instead.
            let root = try InterchangeJSON.parse(whole, format, limits: options.limits)
            throw InkImportError(format, at: "", "expected an array of points or of strokes, got \(InterchangeJSON.typeName(root))")
        }
        guard items.count > 0 else { return Drawing() }
        // A stroke list's first element is an array that is empty or holds arrays or objects.
        let firstRange = items.elements[0]
        let inner = whole[firstRange].dropFirst().first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        let isStrokeList = items.firstByte(of: 0) == UInt8(ascii: "[")
            && [UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "]")].contains(inner ?? 0)
        if !isStrokeList {
            try InterchangeJSON.checkCounts(strokes: 0, points: items.count, total: items.count, at: "points", format)
            var points: [StrokePoint] = []
            points.reserveCapacity(items.count)
            try items.forEach { (j, item) throws(InkImportError) in points.append(try readPoint(item, at: "points[\(j)]")) }
            return Drawing(strokes: [Stroke(ink: Ink(.pen), path: StrokePath(points: points))])
        }
        var strokes: [Stroke] = []
        var total = 0
        try items.forEach(batch: 1) { (i, item) throws(InkImportError) in
            guard let list = item as? [Any] else {
                throw InkImportError(format, at: "strokes[\(i)]", "expected an array of points, got \(InterchangeJSON.quote(item))")
            }
            if list.isEmpty { return }
            let points = try readPoints(list, at: "strokes[\(i)]")
            total += points.count
            try InterchangeJSON.checkCounts(strokes: strokes.count + 1, points: 0, total: total, at: "strokes[\(i)]", format)
            strokes.append(Stroke(ink: Ink(.pen), path: StrokePath(points: points)))
        }
        return Drawing(strokes: strokes)
    }

    private static func readPoints(_ list: [Any], at path: String) throws(InkImportError) -> [StrokePoint] {
        try InterchangeJSON.checkCounts(strokes: 0, points: list.count, total: list.count, at: path, format)
        var points: [StrokePoint] = []
        points.reserveCapacity(list.count)
        for (j, item) in list.enumerated() {
            points.append(try readPoint(item, at: "\(path)[\(j)]"))
        }
        return points
    }

    private static func readPoint(_ item: Any, at path: String) throws(InkImportError) -> StrokePoint {
        let x: Double, y: Double, pressure: Double?
        let pressureRange = "a pressure in 0…1"
        if let a = item as? [Any] {
            guard a.count >= 2 else {
                throw InkImportError(format, at: path, "expected a point [x, y] or [x, y, pressure], got \(InterchangeJSON.quote(item))")
            }
            x = try InterchangeJSON.coordinate(a[0], at: path + "[0]", format)
            y = try InterchangeJSON.coordinate(a[1], at: path + "[1]", format)
            pressure = a.count > 2 ? try InterchangeJSON.optionalNumber(a[2], at: path + "[2]", format, expected: pressureRange, in: 0...1) : nil
        } else if let o = item as? [String: Any] {
            x = try InterchangeJSON.coordinate(o["x"], at: path + ".x", format)
            y = try InterchangeJSON.coordinate(o["y"], at: path + ".y", format)
            pressure = try InterchangeJSON.optionalNumber(o["pressure"], at: path + ".pressure", format, expected: pressureRange, in: 0...1)
        } else {
            throw InkImportError(format, at: path, "expected a point [x, y, pressure?] or {x, y, pressure?}, got \(InterchangeJSON.quote(item))")
        }
        return StrokePoint(location: Point2D(x: x, y: y), force: pressure.map { $0 * 2 } ?? StrokePoint.Defaults.force)
    }
}
