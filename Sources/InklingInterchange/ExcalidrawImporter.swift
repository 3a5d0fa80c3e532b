import Foundation
import InklingBase
import InklingStrokes

/// Reads Excalidraw scenes: `{"type": "excalidraw", "elements": [...]}` files, the
/// `{"type": "excalidraw/clipboard"}` form, libraries (`.excalidrawlib`: every item's elements),
/// and Obsidian's `.excalidraw.md` notes, whose `# Drawing` section holds the scene in a
/// `compressed-json` block (LZ-String, see ``LZString``) or a plain `json` block.
///
/// Each `freedraw` element becomes one stroke:
/// - `points` (`[[dx, dy], …]`) are relative to the element's `x`/`y`; locations are scene
///   coordinates `x + dx`, `y + dy`.
/// - `pressures` (0…1, one per point) become `force = 2 · pressure` (0.5, a normal touch, is
///   force 1). With `simulatePressure: true`, or no pressures, force is 1 but for the first
///   point's 0.5: Excalidraw hands perfect-freehand `[x, y]` pairs, whose first it reads at 0.25.
/// - `strokeColor` (`#rrggbb`, `#rgb`, `transparent`) becomes the ink colour; the element's
///   `opacity` (0…100) multiplies its alpha.
/// - The ink is a pen drawn as Excalidraw draws freedraw (`getFreedrawOutlinePoints` in its
///   `packages/element/src/shape.ts`): perfect-freehand's outline (the `freehand` preset) with
///   Excalidraw's options, size `4.25 · strokeWidth` (also each point's nib), thinning 0.6,
///   smoothing 0.5, streamline `strokeOptions.streamline` or 0.5, easing `easeOutSine`, the
///   element's `simulatePressure`, and `last` (a saved line is finished).
/// - `angle` (radians, clockwise on screen) rotates the stroke about the centre of its points'
///   bounding box, as Excalidraw does; it becomes the stroke's transform.
/// Deleted elements (`isDeleted: true`) are dropped silently; every other element type is
/// skipped with a notice. Excalidraw has no timestamps: time offsets are 0.
public enum ExcalidrawImporter: InkImporter {
    /// ``InkFormat/excalidraw``.
    public static let format = InkFormat.excalidraw

    /// Why ``looksLike(_:)`` says no, for the error about a document no importer recognised.
    public static let notRecognised = #"no top-level "type": "excalidraw…", and no Obsidian drawing block"#

    /// Whether `bytes` are a JSON object whose `"type"` is `"excalidraw…"` (looked for in the
    /// first 4 KiB, then, for a writer that sorts keys, among the top-level members of the whole
    /// document), or an Obsidian Excalidraw note (front matter naming `excalidraw-plugin`, or a
    /// drawing block anywhere in the document).
    public static func looksLike(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        if head.drop(while: { $0.isWhitespace }).first == "{" {
            if head.range(of: #""type"\s*:\s*"excalidraw"#, options: .regularExpression) != nil { return true }
            return InterchangeJSON.topLevelValue(bytes, key: "type")?.starts(with: Array(#""excalidraw"#.utf8)) ?? false
        }
        return head.contains("excalidraw-plugin:") || ObsidianNote.drawingBlock(in: bytes) != nil
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
        let json = try sceneJSON(bytes, options: options)
        do {
            let document = try ImportBudget(format, options: options).parse(json[...])
            return try scene(document.root, notices: &notices)
        } catch {
            throw InkImportError(format, error)
        }
    }

    /// The scene's JSON: `bytes` themselves, or the drawing block of an Obsidian note,
    /// decompressed (within the byte limit) when it is `compressed-json`.
    private static func sceneJSON(_ bytes: [UInt8], options: InkImportOptions) throws(InkImportError) -> [UInt8] {
        let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) })
        guard first != UInt8(ascii: "{"), first != UInt8(ascii: "[") else { return bytes }
        guard let block = ObsidianNote.drawingBlock(in: bytes) else {
            throw InkImportError(format, at: "", "neither a JSON scene nor an Obsidian Excalidraw note with a ```compressed-json or ```json block under # Drawing")
        }
        guard block.compressed else { return Array(bytes[block.range]) }
        let text: String
        do {
            // UTF-16 units, each at most 3 UTF-8 bytes: the byte limit bounds them.
            text = try LZString.decompressFromBase64(bytes[block.range], maxUnits: options.maxBytes)
        } catch {
            throw InkImportError(format, at: "compressed-json", error.message)
        }
        let json = Array(text.utf8)
        guard json.count <= options.maxBytes else {
            throw InkImportError(format, at: "compressed-json", "decompresses to \(json.count) bytes, more than the limit of \(options.maxBytes)")
        }
        return json
    }

    private static func scene(_ scene: JSONNode, notices: inout [String]) throws(JSONError) -> Drawing {
        guard scene.kind == .object else { throw scene.error("expected a JSON object") }
        guard let type = scene["type"]?.string, ["excalidraw", "excalidraw/clipboard", "excalidrawlib"].contains(type) else {
            throw error(scene, "type", "expected \"excalidraw\", \"excalidraw/clipboard\" or \"excalidrawlib\"")
        }
        var elements: [JSONNode] = []
        if type == "excalidrawlib" {
            // Version 2: "libraryItems": [{"elements": [...]}]; version 1: "library": [[...]].
            if let items = scene["libraryItems"], items.kind == .array {
                for item in items.elements {
                    guard let list = item["elements"], list.kind == .array else { throw error(item, "elements", "expected an array of elements") }
                    elements.append(contentsOf: list.elements)
                }
            } else if let library = scene["library"], library.kind == .array {
                for list in library.elements {
                    guard list.kind == .array else { throw list.expected("an array of elements") }
                    elements.append(contentsOf: list.elements)
                }
            } else {
                throw error(scene, "libraryItems", "expected an array of library items", kind: .missingKey)
            }
        } else {
            guard let list = scene["elements"], list.kind == .array else {
                throw error(scene, "elements", "expected an array of elements")
            }
            elements = Array(list.elements)
        }
        var strokes: [Stroke] = []
        var skipped: [String: Int] = [:]
        for element in elements {
            guard element.kind == .object else { throw element.error("expected an object") }
            if element["isDeleted"]?.bool == true { continue }
            guard let kind = element["type"]?.string else { throw error(element, "type", "expected a string") }
            guard kind == "freedraw" else { skipped[kind, default: 0] += 1; continue }
            if let stroke = try stroke(element) { strokes.append(stroke) }
        }
        for (kind, count) in skipped.sorted(by: { $0.key < $1.key }) {
            notices.append("excalidraw: skipped \(count) \(kind) element\(count == 1 ? "" : "s") (only freedraw is imported)")
        }
        return Drawing(strokes: strokes)
    }

    /// An error about the member `key` of `object`, present or not.
    private static func error(_ object: JSONNode, _ key: String, _ message: String, kind: JSONError.Kind = .wrongType) -> JSONError {
        JSONError(kind: kind, path: object.path.appending(.key(key)).description, message: message)
    }

    /// The member `key` of `e` as a finite number; `value` when absent.
    private static func number(_ e: JSONNode, _ key: String, default value: Double? = nil) throws(JSONError) -> Double {
        guard let node = e.member(key) else {
            if let value { return value }
            throw error(e, key, "missing; expected a number", kind: .missingKey)
        }
        return try number(node)
    }

    /// A finite number.
    private static func number(_ node: JSONNode) throws(JSONError) -> Double {
        guard let n = node.number else { throw node.expected("a finite number") }
        return n
    }

    private static func stroke(_ e: JSONNode) throws(JSONError) -> Stroke? {
        let x = try number(e, "x", default: 0)
        let y = try number(e, "y", default: 0)
        let angle = try number(e, "angle", default: 0)
        let width = try number(e, "strokeWidth", default: 1)
        let opacity = try number(e, "opacity", default: 100)
        guard let raw = e["points"], raw.kind == .array else {
            throw error(e, "points", "expected an array of [x, y] pairs")
        }
        let pressures = e["pressures"]?.elements
        let pressureCount = pressures?.count ?? 0
        let simulated = e["simulatePressure"]?.bool ?? (pressureCount == 0)
        let nib = Size2D(width: 4.25 * width, height: 4.25 * width)
        var streamline = 0.5
        if let node = e["strokeOptions"]?["streamline"], !node.isNull {
            guard let value = node.number, (0...1).contains(value) else { throw node.expected("a streamline 0…1", kind: .outOfRange) }
            streamline = value
        }
        var points: [StrokePoint] = []
        points.reserveCapacity(raw.count ?? 0)
        for (j, pair) in raw.elements.enumerated() {
            guard pair.kind == .array, let n = pair.count, n >= 2 else { throw pair.error("expected [x, y]") }
            let coordinates = pair.elements
            let dx = try number(coordinates[0]), dy = try number(coordinates[1])
            var force = simulated && j == 0 ? 0.5 : StrokePoint.Defaults.force
            if !simulated, let pressures, j < pressureCount {
                let value = pressures[j]
                let pressure = try number(value)
                guard (0...1).contains(pressure) else { throw value.expected("a pressure 0…1", kind: .outOfRange) }
                force = 2 * pressure
            }
            points.append(StrokePoint(location: Point2D(x: x + dx, y: y + dy), size: nib, force: force))
        }
        guard !points.isEmpty else { return nil }
        var color = RGBAColor.black
        if let node = e["strokeColor"], let text = node.string {
            if text == "transparent" {
                color = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
            } else if let parsed = RGBAColor(hex: text) {
                color = parsed
            } else {
                throw node.expected("a #rrggbb colour")
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
        let seed = e["seed"]?.integer.map { UInt32(truncatingIfNeeded: $0) } ?? 0
        let size = StrokeShape.Field.size.range.contains(nib.width) ? nib.width : nil
        let shape = StrokeShape(
            preset: .freehand, size: size, thinning: 0.6, smoothing: 0.5, streamline: streamline,
            simulatePressure: simulated, easing: .easeOutSine, last: true)
        return Stroke(ink: Ink(.pen, color: color, shape: shape), path: StrokePath(points: points), transform: transform, randomSeed: seed)
    }
}
