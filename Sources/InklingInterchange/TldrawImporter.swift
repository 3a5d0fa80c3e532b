import Foundation
import InklingStrokes

/// Reads tldraw documents: `.tldr` files (`{"tldrawFileFormatVersion", "schema", "records": [...]}`)
/// and store snapshots (`{"store": {id: record}}`, or that under `"document"`).
///
/// Each `draw` shape (and `highlight` shape, as a marker) becomes one stroke per segment:
/// - Points come from `props.segments[]`: the legacy `points: [{x, y, z}]` array; the draw
///   schema v3 base64 string in `points` (three little-endian IEEE half floats `x, y, z` per
///   point); or the newer delta string in `path` (first point three little-endian binary32
///   floats, then half-float differences). See `Float16Decoding`.
/// - `z` is pressure 0…1 (tldraw stores 0.5 when there is none) and becomes `force = 2 · z`.
/// - `props.scaleX`/`scaleY` scale the points; shape `x`, `y`, `rotation` (radians, about the
///   shape's origin) and those of enclosing group/frame shapes form the stroke transform.
/// - `props.color` (tldraw's named colours, light theme) becomes the ink colour, `opacity`
///   (0…1) its alpha; `props.size` (s, m, l, xl → stroke width 2, 3.5, 5, 10, times
///   `props.scale`) becomes a round nib of `1 + 1.5 · width`, as tldraw's freehand options do.
/// - `isPen` selects ``InkType/pen``; a mouse or finger stroke becomes ``InkType/monoline``.
/// Other shape types are skipped with a notice; tldraw has no timestamps.
public enum TldrawImporter: InkImporter {
    /// ``InkFormat/tldraw``.
    public static let format = InkFormat.tldraw

    /// Whether the start of `bytes` is a JSON object naming `tldrawFileFormatVersion`, or a
    /// record with `"typeName": "shape"`.
    public static func looksLike(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        guard head.drop(while: { $0.isWhitespace }).first == "{" else { return false }
        return head.contains("\"tldrawFileFormatVersion\"")
            || head.range(of: #""typeName"\s*:\s*"shape""#, options: .regularExpression) != nil
    }

    /// Named colours of tldraw's light theme (`solid` variants).
    public static let palette: [String: RGBAColor] = [
        "black": "#1d1d1d", "grey": "#9fa8b2", "light-violet": "#e085f4", "violet": "#ae3ec9",
        "blue": "#4465e9", "light-blue": "#4ba1f1", "yellow": "#f1ac4b", "orange": "#e16919",
        "green": "#099268", "light-green": "#4cb05e", "red": "#e03131", "light-red": "#f87777",
        "white": "#ffffff",
    ].mapValues { RGBAColor(hex: $0) ?? .black }

    /// Stroke widths of tldraw's `size` style, before `props.scale`.
    public static let strokeWidths: [String: Double] = ["s": 2, "m": 3.5, "l": 5, "xl": 10]

    /// Converts a document, dropping the notices about skipped shapes.
    public static func read(_ bytes: [UInt8], options: InkImportOptions) throws(InkImportError) -> Drawing {
        var notices: [String] = []
        return try read(bytes, options: options, notices: &notices)
    }

    /// Converts a document; appends one line to `notices` per kind of shape that was skipped.
    public static func read(
        _ bytes: [UInt8], options: InkImportOptions, notices: inout [String]
    ) throws(InkImportError) -> Drawing {
        try InterchangeJSON.checkSize(bytes.count, options, format)
        let root = try InterchangeJSON.parse(bytes[...], format, limits: options.limits)
        guard let top = root as? [String: Any] else { throw InkImportError(format, at: "", "expected a JSON object") }
        var records: [(path: String, record: [String: Any])] = []
        if let list = top["records"] as? [Any] {
            for (i, r) in list.enumerated() {
                guard let r = r as? [String: Any] else { throw InkImportError(format, at: "records[\(i)]", "expected an object") }
                records.append(("records[\(i)]", r))
            }
        } else if let store = (top["store"] ?? (top["document"] as? [String: Any])?["store"]) as? [String: Any] {
            for key in store.keys.sorted() {
                guard let r = store[key] as? [String: Any] else { throw InkImportError(format, at: "store[\"\(key)\"]", "expected an object") }
                records.append(("store[\"\(key)\"]", r))
            }
        } else {
            throw InkImportError(format, at: "records", "expected a records array or a store object")
        }
        let shapes = records.filter { $0.record["typeName"] as? String == "shape" }
        var byID: [String: (path: String, record: [String: Any])] = [:]
        for s in shapes { if let id = s.record["id"] as? String { byID[id] = s } }
        // Painting order: tldraw sorts siblings by fractional `index` strings.
        let ordered = shapes.enumerated().sorted { l, r in
            let a = l.element.record["index"] as? String ?? "", b = r.element.record["index"] as? String ?? ""
            return a == b ? l.offset < r.offset : a < b
        }.map(\.element)
        var strokes: [Stroke] = []
        var skipped: [String: Int] = [:]
        for (path, shape) in ordered {
            let type = shape["type"] as? String ?? "?"
            guard type == "draw" || type == "highlight" else {
                if type != "group" && type != "frame" { skipped[type, default: 0] += 1 }
                continue
            }
            let transform = try pageTransform(shape, path: path, shapes: byID, depth: 0)
            strokes += try TldrawShapeReader(format: format, path: path, shape: shape, transform: transform, maxPoints: options.limits.maxPointsPerStroke).strokes(marker: type == "highlight")
        }
        for (kind, count) in skipped.sorted(by: { $0.key < $1.key }) {
            notices.append("tldraw: skipped \(count) \(kind) shape\(count == 1 ? "" : "s") (only draw and highlight are imported)")
        }
        return Drawing(strokes: strokes)
    }

    /// The shape's local-to-page transform: rotate about its origin, move to `x, y`, then apply
    /// the enclosing shapes' transforms.
    private static func pageTransform(
        _ shape: [String: Any], path: String, shapes: [String: (path: String, record: [String: Any])], depth: Int
    ) throws(InkImportError) -> AffineTransform2D {
        guard depth < 64 else { throw InkImportError(format, at: path, "shapes nest more than 64 deep (a parent cycle?)") }
        let x = try TldrawShapeReader.number(shape["x"], "\(path).x", default: 0)
        let y = try TldrawShapeReader.number(shape["y"], "\(path).y", default: 0)
        let rotation = try TldrawShapeReader.number(shape["rotation"], "\(path).rotation", default: 0)
        var t = rotation == 0 ? AffineTransform2D.identity : AffineTransform2D(rotationAngle: rotation)
        t = t.concatenating(AffineTransform2D(translationX: x, y: y))
        if let parentID = shape["parentId"] as? String, let parent = shapes[parentID] {
            t = t.concatenating(try pageTransform(parent.record, path: parent.path, shapes: shapes, depth: depth + 1))
        }
        return t
    }
}
