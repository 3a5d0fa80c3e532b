import InklingBase
import InklingConditioning
import InklingJobs
import InklingStrokes

extension LiveClientMessage {
    /// Decodes one text frame within `limits`: the size is checked before a byte is parsed, then
    /// one counting pass bounds nesting, values and arrays before json-c builds anything, then
    /// every field is read strictly (unknown keys refused with the nearest known one). Strokes
    /// are read by the stroke JSON rules (``StrokeJSONDecoder/decodeStroke(_:)``).
    ///
    /// - Throws: ``APIError`` 413 `message_too_large`, 400 `invalid_json`, 400
    ///   `invalid_message` (naming the field: `options.strength: expected …`), 422
    ///   `invalid_stroke` or 413 `stroke_too_large` (`stroke.points: …`).
    public static func decode(_ bytes: [UInt8], limits: LiveLimits = .default) throws(APIError) -> LiveClientMessage {
        guard bytes.count <= limits.maxMessageBytes else { throw LiveMessageError.tooLarge(bytes.count, limit: limits.maxMessageBytes) }
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(bytes, limits: limits.json)
        } catch {
            throw LiveMessageError.json(error)
        }
        let root = document.root
        guard root.kind == .object else {
            throw APIError(400, "invalid_message", "expected a message object {\"type\": …}, got \(root.typeName) (\(root.excerpt))")
        }
        guard let typeNode = root["type"] else {
            throw LiveMessageError.invalid("type", "missing: every message has a \"type\" (one of \(types.joined(separator: ", ")))")
        }
        guard let type = typeNode.string, types.contains(type) else {
            let hint = typeNode.string.flatMap { $0.utf8.count <= 40 ? EditDistance.closest(to: $0, in: types) : nil }.map { "; did you mean \"\($0)\"?" } ?? ""
            throw LiveMessageError.invalid("type", "expected one of \(types.joined(separator: ", ")), got \(typeNode.excerpt)\(hint)")
        }
        switch type {
        case "start": return .start(try readStart(root, limits: limits))
        case "stroke":
            let fields = try reader(root, allowed: ["type", "stroke"])
            guard let node = fields.raw("stroke") else {
                throw LiveMessageError.invalid("stroke", "missing: a stroke message carries one stroke of stroke JSON")
            }
            return .stroke(try readStroke(node, limits: limits))
        case "points":
            let fields = try reader(root, allowed: ["type", "stroke"])
            return .points(try fields.raw("stroke").map { node throws(APIError) in try readStroke(node, limits: limits) })
        case "undo", "redo", "clear", "keep":
            _ = try reader(root, allowed: ["type"])
            return type == "undo" ? .undo : type == "redo" ? .redo : type == "clear" ? .clear : .keep
        default:
            return .set(try readSettings(root, limits: limits))
        }
    }

    /// The keys `start` may have.
    static let startKeys: Set<String> = ["type", "canvas", "prompt", "style", "options", "cancelOnChange"]
    /// The keys `set` may have.
    static let setKeys: Set<String> = ["type", "prompt", "style", "options", "cancelOnChange"]

    private static func reader(_ node: JSONNode, allowed: Set<String>) throws(APIError) -> JSONObjectReader {
        do {
            return try JSONObjectReader(node, allowed: allowed)
        } catch {
            throw LiveMessageError.field(error)
        }
    }

    private static func field<T>(_ body: () throws(JSONError) -> T) throws(APIError) -> T {
        do {
            return try body()
        } catch {
            throw LiveMessageError.field(error)
        }
    }

    private static func readStart(_ root: JSONNode, limits: LiveLimits) throws(APIError) -> LiveStart {
        let fields = try reader(root, allowed: startKeys)
        guard let canvasNode = fields.raw("canvas") else {
            throw LiveMessageError.invalid("canvas", "missing: start needs the canvas {\"width\": …, \"height\": …} the strokes are drawn on")
        }
        let canvas = try reader(canvasNode, allowed: ["width", "height"])
        let sides = 0.001...max(limits.maxCanvasSide, 0.001)
        func side(_ key: String) throws(APIError) -> Double {
            let value = try field { () throws(JSONError) in try canvas.number(key, in: sides) }
            guard let value else { throw LiveMessageError.field(canvas.invalid(key, expected: "a number within 0.001…\(NumberText.compact(sides.upperBound))")) }
            return value
        }
        let size = Size2D(width: try side("width"), height: try side("height"))
        let prompt = try field { () throws(JSONError) in try fields.string("prompt", maxBytes: limits.maxPromptBytes) }
        let style = try readStyle(fields)
        let options = try fields.raw("options").map { node throws(APIError) in try LiveOptionsPatch(checking: node) }
        let cancel = try field { () throws(JSONError) in try fields.bool("cancelOnChange") } ?? false
        return LiveStart(canvas: size, prompt: prompt.flatMap { $0.isEmpty ? nil : $0 }, style: style, options: options, cancelOnChange: cancel)
    }

    private static func readSettings(_ root: JSONNode, limits: LiveLimits) throws(APIError) -> LiveSettings {
        let fields = try reader(root, allowed: setKeys)
        guard fields.node.keys.contains(where: { $0 != "type" && fields.has($0) }) else {
            throw LiveMessageError.invalid("set", "expected at least one of prompt, style, options, cancelOnChange")
        }
        let prompt = try field { () throws(JSONError) in try fields.string("prompt", maxBytes: limits.maxPromptBytes) }
        let style = try readStyle(fields)
        let options = try fields.raw("options").map { node throws(APIError) in try LiveOptionsPatch(checking: node) }
        let cancel = try field { () throws(JSONError) in try fields.bool("cancelOnChange") }
        return LiveSettings(prompt: prompt, style: style, options: options, cancelOnChange: cancel)
    }

    private static func readStyle(_ fields: JSONObjectReader) throws(APIError) -> Style? {
        try field { () throws(JSONError) in try fields.word("style", as: Style.self) }
    }

    private static func readStroke(_ node: JSONNode, limits: LiveLimits) throws(APIError) -> Stroke {
        do {
            return try StrokeJSONDecoder(limits: limits.stroke).decodeStroke(node)
        } catch {
            throw LiveMessageError.stroke(error)
        }
    }
}
