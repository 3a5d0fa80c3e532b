import InklingBase
import InklingStrokes

/// The object forms of perfect-freehand documents: strokes kept under names, and the demo
/// app's saved state.
///
/// - **Named strokes**, `{"corners": [[x, y, pressure, time], …], …}`: each member a stroke, as
///   perfect-freehand's demo keeps its test strokes (`packages/dev/src/state/corners.json`).
/// - **The demo app's state**, `{"appState": {…}, "page": {"shapes": {…}}, "pageState": {…}}`: what
///   perfect-freehand's demo (`packages/dev`, built on `@tldraw/core`) saves in IndexedDB. Each
///   `"draw"` shape is a stroke: its `points` (`[x, y, pressure, time]`) are relative to its
///   `point`, its `rotation` (radians, clockwise on screen) turns it about the centre of its
///   bounds, and its `style` becomes the stroke's shape as the demo passes it to `getStroke`
///   (size, thinning, smoothing, streamline, easing, tapers, `last` from `isDone`, simulated
///   pressure when the third point's pressure is 0.5). Flat caps (`capStart`/`capEnd` false) and
///   taper easings are drawn as perfect-freehand's defaults (round caps, its taper curves).
extension FreehandImporter {
    /// Whether `head` (a document's start, whitespace skipped) opens one of the object forms.
    static func looksLikeObject(_ head: ArraySlice<UInt8>) -> Bool {
        guard head.first == UInt8(ascii: "{"), !InterchangeJSON.namesOtherFormat(head) else { return false }
        if InterchangeJSON.contains(head, "\"page\""), InterchangeJSON.contains(head, "\"shapes\""),
           InterchangeJSON.contains(head, "\"appState\"") || InterchangeJSON.contains(head, "\"pageState\"") {
            return !InterchangeJSON.contains(head, "\"document\"")
        }
        // {"name": [[number… or {"name": [{… "x" …: the first member is a stroke. Canonical stroke
        // JSON may start {"strokes": [{… "points": [{"x" … (a client may write its keys in any
        // order): a document naming "points" or "strokes" is not named strokes.
        var i = head.startIndex + 1
        func skipSpace() { while i < head.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(head[i]) { i += 1 } }
        skipSpace()
        guard i < head.endIndex, head[i] == UInt8(ascii: "\"") else { return false }
        i += 1
        while i < head.endIndex, head[i] != UInt8(ascii: "\"") { i += head[i] == UInt8(ascii: "\\") ? 2 : 1 }
        i += 1
        var tokens: [UInt8] = []
        while tokens.count < 4 {
            skipSpace()
            guard i < head.endIndex else { return false }
            tokens.append(head[i])
            i += 1
        }
        guard tokens[0] == UInt8(ascii: ":"), tokens[1] == UInt8(ascii: "[") else { return false }
        switch tokens[2] {
        case UInt8(ascii: "["): return tokens[3] == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(tokens[3])
        case UInt8(ascii: "{"):
            return InterchangeJSON.contains(head, "\"x\"") && !InterchangeJSON.contains(head, "clientX")
                && !InterchangeJSON.contains(head, "\"points\"") && !InterchangeJSON.contains(head, "\"strokes\"")
        default: return false
        }
    }

    /// Reads either object form from a parsed document.
    static func readObject(_ root: JSONNode) throws(JSONError) -> Drawing {
        if let page = root["page"], page.kind == .object {
            return try readState(page, root: root)
        }
        var strokes: [Stroke] = []
        var total = 0
        for (name, value) in root.members {
            guard value.kind == .array else {
                throw value.expected("a stroke: an array of points [x, y, pressure] or {x, y, pressure} (member \"\(name.prefix(40))\")")
            }
            let list = value.elements
            if list.isEmpty { continue }
            try InterchangeJSON.checkCounts(strokes: strokes.count + 1, points: list.count, total: total + list.count, at: value)
            var points: [StrokePoint] = []
            points.reserveCapacity(list.count)
            for (i, point) in list.enumerated() { points.append(try readPoint(point, first: i == 0)) }
            total += points.count
            strokes.append(Stroke(ink: ink, path: StrokePath(points: points)))
        }
        return Drawing(strokes: strokes)
    }

    /// The demo app's state: every `"draw"` shape of `page.shapes`, in document order.
    private static func readState(_ page: JSONNode, root: JSONNode) throws(JSONError) -> Drawing {
        guard let shapes = page["shapes"] else { return Drawing() }
        guard shapes.kind == .object else { throw shapes.expected("an object of shapes by id") }
        var strokes: [Stroke] = []
        var total = 0
        for (_, shape) in shapes.members {
            // The demo deletes a shape by setting it to undefined, which may be saved as null.
            if shape.isNull { continue }
            guard shape.kind == .object else { throw shape.expected("a shape object") }
            guard shape["type"]?.string == "draw" else { continue }
            guard let list = shape["points"], list.kind == .array else {
                throw shape.error("expected \"points\": an array of [x, y, pressure, time]", kind: shape["points"] == nil ? .missingKey : .wrongType)
            }
            let raw = list.elements
            if raw.isEmpty { continue }
            try InterchangeJSON.checkCounts(strokes: strokes.count + 1, points: raw.count, total: total + raw.count, at: list)
            var origin = Point2D(x: 0, y: 0)
            if let point = shape["point"] {
                guard point.kind == .array, point.count ?? 0 >= 2 else { throw point.expected("a point [x, y]") }
                origin = Point2D(x: try InterchangeJSON.coordinate(point.elements[0]), y: try InterchangeJSON.coordinate(point.elements[1]))
            }
            var points: [StrokePoint] = []
            points.reserveCapacity(raw.count)
            for (i, item) in raw.enumerated() {
                var p = try readPoint(item, first: i == 0)
                p.location = Point2D(x: origin.x + p.location.x, y: origin.y + p.location.y)
                points.append(p)
            }
            total += points.count
            // As the demo decides: a mouse gives every point pressure 0.5.
            let third = raw.count > 2 && raw[2].kind == .array && raw[2].count ?? 0 > 2 ? raw[2].elements[2].number : nil
            let style = try stateShape(shape, points: points, simulated: third == 0.5)
            // Each point's nib is the style's size, as the line is drawn.
            let nib = Size2D(width: style.size ?? 16, height: style.size ?? 16)
            for i in points.indices { points[i].size = nib }
            var color = RGBAColor.black
            if let node = shape["style"], node.kind == .object {
                let filled = node["isFilled"]?.bool ?? true
                if let text = node[filled ? "fill" : "stroke"]?.string, let parsed = RGBAColor(hex: text) { color = parsed }
            }
            var transform = AffineTransform2D.identity
            if let node = shape["rotation"] {
                let angle = try node.requireNumber(expected: "a rotation in radians")
                if angle != 0, let box = Rect2D(enclosing: points.map(\.location)) {
                    let cx = box.minX + box.width / 2, cy = box.minY + box.height / 2
                    transform = AffineTransform2D(translationX: -cx, y: -cy)
                        .concatenating(AffineTransform2D(rotationAngle: angle))
                        .concatenating(AffineTransform2D(translationX: cx, y: cy))
                }
            }
            strokes.append(Stroke(ink: Ink(.pen, color: color, shape: style), path: StrokePath(points: points), transform: transform))
        }
        return Drawing(strokes: strokes)
    }

    /// A draw shape's `style` as a stroke shape: the `freehand` preset with the demo's options.
    private static func stateShape(_ shape: JSONNode, points: [StrokePoint], simulated: Bool) throws(JSONError) -> StrokeShape {
        var result = StrokeShape(preset: .freehand, simulatePressure: simulated, last: shape["isDone"]?.bool ?? false)
        guard let style = shape["style"] else { return result }
        guard style.kind == .object else { throw style.expected("a style object {size, thinning, …}") }
        func set(_ key: String, _ value: StrokeShape.Value, at node: JSONNode) throws(JSONError) {
            if let problem = result.set(key, to: value) {
                throw node.expected(problem.hasPrefix("expected ") ? String(problem.dropFirst(9)) : problem)
            }
        }
        let size = try style["size"].map { (node) throws(JSONError) in try node.requireNumber(in: StrokeShape.Field.size.range, expected: "a size 0.001…100000") } ?? 16
        result.size = size
        for key in ["thinning", "smoothing", "streamline"] {
            guard let node = style[key] else { continue }
            try set(key, .number(try node.requireNumber(expected: "a number")), at: node)
        }
        if let node = style["easing"] {
            try set("easing", .string(node.string ?? ""), at: node)
        }
        // Tapers are lengths (true: the whole line, at least the size); the shape takes widths.
        var length = 0.0
        for (a, b) in zip(points, points.dropFirst()) { length += a.location.distance(to: b.location) }
        for (key, field) in [("taperStart", "taperStart"), ("taperEnd", "taperEnd")] {
            guard let node = style[key] else { continue }
            let taper: Double
            if let flag = node.bool {
                taper = flag ? max(size, length) : 0
            } else {
                taper = try node.requireNumber(in: 0...Double.greatestFiniteMagnitude, expected: "a taper length ≥ 0 or true/false")
            }
            try set(field, .number(taper / size), at: node)
        }
        return result
    }
}
