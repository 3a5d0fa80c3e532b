import Foundation
import InklingStrokes

/// Reads Excalidraw scenes: `{"type": "excalidraw", "elements": [...]}` files and the
/// `{"type": "excalidraw/clipboard"}` form.
///
/// Each `freedraw` element becomes one stroke:
/// - `points` (`[[dx, dy], …]`) are relative to the element's `x`/`y`; locations are scene
///   coordinates `x + dx`, `y + dy`.
/// - `pressures` (0…1, one per point) become `force = 2 · pressure` (0.5, a normal touch, is
///   force 1). With `simulatePressure: true`, or no pressures, force keeps its default 1.
/// - `strokeColor` (`#rrggbb`, `#rgb`, `transparent`) becomes the ink colour; the element's
///   `opacity` (0…100) multiplies its alpha.
/// - `strokeWidth` becomes a round nib of `4.25 · strokeWidth` (Excalidraw draws freedraw
///   outlines with perfect-freehand at that size).
/// - `angle` (radians, clockwise on screen) rotates the stroke about the centre of its points'
///   bounding box, as Excalidraw does; it becomes the stroke's transform.
/// Deleted elements (`isDeleted: true`) are dropped silently; every other element type is
/// skipped with a notice. Excalidraw has no timestamps: time offsets are 0.
public enum ExcalidrawImporter: InkImporter {
    /// ``InkFormat/excalidraw``.
    public static let format = InkFormat.excalidraw

    /// Whether the start of `bytes` has a `"type"` key followed by an `"excalidraw…"` value.
    public static func looksLike(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        guard head.drop(while: { $0.isWhitespace }).first == "{" else { return false }
        return head.range(of: #""type"\s*:\s*"excalidraw"#, options: .regularExpression) != nil
    }

    /// Converts a scene, dropping the notices about skipped elements.
    public static func read(_ bytes: [UInt8], options: InkImportOptions) throws(InkImportError) -> Drawing {
        var notices: [String] = []
        return try read(bytes, options: options, notices: &notices)
    }

    /// Converts a scene; appends one line to `notices` per kind of element that was skipped
    /// (`skipped 3 rectangle elements`).
    public static func read(
        _ bytes: [UInt8], options: InkImportOptions, notices: inout [String]
    ) throws(InkImportError) -> Drawing {
        try InterchangeJSON.checkSize(bytes.count, options, format)
        let root = try InterchangeJSON.parse(bytes[...], format, limits: options.limits)
        guard let scene = root as? [String: Any] else { throw InkImportError(format, at: "", "expected a JSON object") }
        guard let type = scene["type"] as? String, type == "excalidraw" || type == "excalidraw/clipboard" else {
            throw InkImportError(format, at: "type", "expected \"excalidraw\" or \"excalidraw/clipboard\"")
        }
        guard let elements = scene["elements"] as? [Any] else {
            throw InkImportError(format, at: "elements", "expected an array of elements")
        }
        var strokes: [Stroke] = []
        var skipped: [String: Int] = [:]
        for (i, item) in elements.enumerated() {
            let path = "elements[\(i)]"
            guard let element = item as? [String: Any] else { throw InkImportError(format, at: path, "expected an object") }
            if element["isDeleted"] as? Bool == true { continue }
            guard let kind = element["type"] as? String else { throw InkImportError(format, at: "\(path).type", "expected a string") }
            guard kind == "freedraw" else { skipped[kind, default: 0] += 1; continue }
            if let stroke = try stroke(element, path: path) { strokes.append(stroke) }
        }
        for (kind, count) in skipped.sorted(by: { $0.key < $1.key }) {
            notices.append("excalidraw: skipped \(count) \(kind) element\(count == 1 ? "" : "s") (only freedraw is imported)")
        }
        return Drawing(strokes: strokes)
    }

    private static func number(_ any: Any?, _ path: String, default value: Double? = nil) throws(InkImportError) -> Double {
        guard let any else {
            if let value { return value }
            throw InkImportError(format, at: path, "missing; expected a number")
        }
        guard let n = any as? Double, n.isFinite else {
            throw InkImportError(format, at: path, "expected a finite number, got \(String(describing: any).prefix(40))")
        }
        return n
    }

    private static func stroke(_ e: [String: Any], path: String) throws(InkImportError) -> Stroke? {
        let x = try number(e["x"], "\(path).x", default: 0)
        let y = try number(e["y"], "\(path).y", default: 0)
        let angle = try number(e["angle"], "\(path).angle", default: 0)
        let width = try number(e["strokeWidth"], "\(path).strokeWidth", default: 1)
        let opacity = try number(e["opacity"], "\(path).opacity", default: 100)
        guard let raw = e["points"] as? [Any] else {
            throw InkImportError(format, at: "\(path).points", "expected an array of [x, y] pairs")
        }
        let pressures = e["pressures"] as? [Any] ?? []
        let simulated = e["simulatePressure"] as? Bool ?? pressures.isEmpty
        let nib = Size2D(width: 4.25 * width, height: 4.25 * width)
        var points: [StrokePoint] = []
        points.reserveCapacity(raw.count)
        for (j, item) in raw.enumerated() {
            let p = "\(path).points[\(j)]"
            guard let pair = item as? [Any], pair.count >= 2 else { throw InkImportError(format, at: p, "expected [x, y]") }
            let dx = try number(pair[0], "\(p)[0]"), dy = try number(pair[1], "\(p)[1]")
            var force = StrokePoint.Defaults.force
            if !simulated, j < pressures.count {
                let pressure = try number(pressures[j], "\(path).pressures[\(j)]")
                guard (0...1).contains(pressure) else {
                    throw InkImportError(format, at: "\(path).pressures[\(j)]", "expected a pressure 0…1, got \(pressure)")
                }
                force = 2 * pressure
            }
            points.append(StrokePoint(location: Point2D(x: x + dx, y: y + dy), size: nib, force: force))
        }
        guard !points.isEmpty else { return nil }
        var color = RGBAColor.black
        if let text = e["strokeColor"] as? String {
            if text == "transparent" {
                color = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
            } else if let parsed = RGBAColor(hex: text) {
                color = parsed
            } else {
                throw InkImportError(format, at: "\(path).strokeColor", "expected a #rrggbb colour, got \"\(text.prefix(40))\"")
            }
        }
        color.alpha *= min(max(opacity, 0), 100) / 100
        var transform = AffineTransform2D.identity
        if angle != 0, let box = Rect2D(enclosing: points.map(\.location)) {
            let cx = box.minX + box.width / 2, cy = box.minY + box.height / 2
            transform = AffineTransform2D(translationX: -cx, y: -cy)
                .concatenating(AffineTransform2D(rotationAngle: angle))
                .concatenating(AffineTransform2D(translationX: cx, y: cy))
        }
        let seed = (e["seed"] as? Int).map { UInt32(truncatingIfNeeded: $0) } ?? 0
        return Stroke(ink: Ink(.pen, color: color), path: StrokePath(points: points), transform: transform, randomSeed: seed)
    }
}
