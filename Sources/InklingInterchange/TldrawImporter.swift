import Foundation
import InklingBase
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

    /// Why ``looksLike(_:)`` says no, for the error about a document no importer recognised.
    public static let notRecognised = #"no tldrawFileFormatVersion near the start, and no record with "typeName": "shape""#

    /// Whether `bytes` are a JSON object naming `tldrawFileFormatVersion` near its start, or
    /// holding, anywhere, a record with `"typeName": "shape"` (a pretty-printed store snapshot
    /// may put its first shape many kilobytes in).
    public static func looksLike(_ bytes: [UInt8]) -> Bool {
        let head = InterchangeJSON.head(bytes)
        guard head.first == UInt8(ascii: "{") else { return false }
        if InterchangeJSON.contains(head, "\"tldrawFileFormatVersion\"") || isVersion1(head) { return true }
        // A store's first shape may come after many other records: the whole document is scanned.
        return InterchangeJSON.containsMember(bytes[...], key: "typeName", value: "shape")
    }

    /// Whether `head` starts a tldraw 1 file (`{"name", "fileHandle", "document": {"pages": …}}`,
    /// tldraw before 2.0): named, so that it is refused as what it is rather than as unknown.
    static func isVersion1(_ head: ArraySlice<UInt8>) -> Bool {
        InterchangeJSON.contains(head, "\"document\"") && InterchangeJSON.contains(head, "\"pages\"")
            && (InterchangeJSON.contains(head, "\"fileHandle\"") || InterchangeJSON.contains(head, "\"pageStates\"") || InterchangeJSON.contains(head, "\"childIndex\""))
    }

    /// Named colours of tldraw's light theme (`solid` variants).
    public static let palette: [String: RGBAColor] = [
        "black": "#1d1d1d", "grey": "#9fa8b2", "light-violet": "#e085f4", "violet": "#ae3ec9",
        "blue": "#4465e9", "light-blue": "#4ba1f1", "yellow": "#f1ac4b", "orange": "#e16919",
        "green": "#099268", "light-green": "#4cb05e", "red": "#e03131", "light-red": "#f87777",
        "white": "#ffffff",
    ].mapValues { RGBAColor(hex: $0) ?? .black }

    /// Stroke widths of tldraw's `size` style, before `props.scale`.
    static let strokeWidths: [String: Double] = ["s": 2, "m": 3.5, "l": 5, "xl": 10]

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
        if isVersion1(InterchangeJSON.head(bytes)) {
            throw InkImportError(format, at: "document.pages", "this is a tldraw 1 file (tldraw before 2.0, with document.pages); "
                + "Inkling reads tldraw 2 .tldr files and store snapshots: open it in tldraw 1 and export it, or draw it again in tldraw 2")
        }
        do {
            let document = try ImportBudget(format, options: options).parse(bytes[...])
            return try drawing(document.root, maxPoints: options.limits.maxPointsPerStroke, notices: &notices)
        } catch {
            throw InkImportError(format, error)
        }
    }

    /// A record and what errors call it: its JSON path in a `.tldr` file (`records[3]`), or
    /// `store["shape:abc"]` in a store snapshot.
    private typealias Record = (label: String, node: JSONNode)

    private static func drawing(_ top: JSONNode, maxPoints: Int, notices: inout [String]) throws(JSONError) -> Drawing {
        guard top.kind == .object else { throw top.error("expected a JSON object") }
        var records: [Record] = []
        if let list = top["records"], list.kind == .array {
            for r in list.elements {
                guard r.kind == .object else { throw r.error("expected an object") }
                records.append((r.path.description, r))
            }
        } else if let store = top["store"] ?? top["document"]?["store"], store.kind == .object {
            for (key, r) in store.members.sorted(by: { $0.key < $1.key }) {
                let label = "store[\"\(key)\"]"
                guard r.kind == .object else { throw JSONError(kind: .wrongType, path: label, message: "expected an object") }
                records.append((label, r))
            }
        } else {
            throw JSONError(kind: .missingKey, path: "records", message: "expected a records array or a store object")
        }
        let shapes = records.filter { $0.node["typeName"]?.string == "shape" }
        var byID: [String: Record] = [:]
        for s in shapes { if let id = s.node["id"]?.string { byID[id] = s } }
        // Painting order: tldraw sorts siblings by fractional `index` strings.
        let ordered = shapes.map { ($0, $0.node["index"]?.string ?? "") }.enumerated().sorted { l, r in
            l.element.1 == r.element.1 ? l.offset < r.offset : l.element.1 < r.element.1
        }.map(\.element.0)
        var strokes: [Stroke] = []
        var skipped: [String: Int] = [:]
        for shape in ordered {
            let type = shape.node["type"]?.string ?? "?"
            guard type == "draw" || type == "highlight" else {
                if type != "group" && type != "frame" { skipped[type, default: 0] += 1 }
                continue
            }
            let transform = try pageTransform(shape, shapes: byID, depth: 0)
            do {
                strokes += try TldrawShapeReader(shape: shape.node, transform: transform, maxPoints: maxPoints).strokes(marker: type == "highlight")
            } catch {
                throw InterchangeJSON.relocate(error, from: shape.node, to: shape.label)
            }
        }
        for (kind, count) in skipped.sorted(by: { $0.key < $1.key }) {
            notices.append("tldraw: skipped \(count) \(kind) shape\(count == 1 ? "" : "s") (only draw and highlight are imported)")
        }
        return Drawing(strokes: strokes)
    }

    /// The shape's local-to-page transform: rotate about its origin, move to `x, y`, then apply
    /// the enclosing shapes' transforms.
    private static func pageTransform(_ shape: Record, shapes: [String: Record], depth: Int) throws(JSONError) -> AffineTransform2D {
        guard depth < 64 else { throw JSONError(kind: .tooDeep, path: shape.label, message: "shapes nest more than 64 deep (a parent cycle?)") }
        var t: AffineTransform2D
        do {
            let x = try TldrawShapeReader.number(shape.node, "x", default: 0)
            let y = try TldrawShapeReader.number(shape.node, "y", default: 0)
            let rotation = try TldrawShapeReader.number(shape.node, "rotation", default: 0)
            t = rotation == 0 ? AffineTransform2D.identity : AffineTransform2D(rotationAngle: rotation)
            t = t.concatenating(AffineTransform2D(translationX: x, y: y))
        } catch {
            throw InterchangeJSON.relocate(error, from: shape.node, to: shape.label)
        }
        if let parentID = shape.node["parentId"]?.string, let parent = shapes[parentID] {
            t = t.concatenating(try pageTransform(parent, shapes: shapes, depth: depth + 1))
        }
        return t
    }
}
