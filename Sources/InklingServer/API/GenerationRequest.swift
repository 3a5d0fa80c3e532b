import Foundation
import InklingConditioning
import InklingImageIO
import InklingStrokes

/// A `POST /v1/generations` body, checked field by field.
///
/// ```json
/// {"drawing": {…any supported ink format…}, "prompt": "a cosy house", "style": "sketch",
///  "limit": 2, "options": {"size": "1024x768", "seed": 7, "strength": 0.6}, "stream": true}
/// ```
struct GenerationRequest: Sendable {
    var concepts: [Concept]
    var style: Style?
    var limit: Int
    var options: GenerationOptions
    var stream: Bool

    static let fields: Set<String> = ["drawing", "format", "prompt", "concepts", "style", "limit", "options", "stream"]
    static let optionFields: Set<String> = [
        "size", "seed", "strength", "guidanceStart", "guidanceEnd", "mode", "sourceStrength", "personalization",
        "encoding", "negativePrompt", "steps", "cfgScale", "sampler", "scheduler",
    ]

    /// Reads a request body; `base` supplies allowed and default styles.
    init(body: [UInt8], base: GenerationOptions, limits: StrokeJSONDecoder.Limits) throws(APIError) {
        let json = try JSONFields(parsing: body, allowed: Self.fields)
        var concepts: [Concept] = []
        if let prompt = try json.string("prompt") {
            guard !prompt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw json.invalid("prompt", "is empty") }
            concepts.append(.text(prompt))
        }
        for (i, item) in (try json.array("concepts", maxCount: 16) ?? []).enumerated() {
            concepts.append(try Self.concept(item, at: "concepts[\(i)]"))
        }
        if let drawing = json.raw("drawing") {
            let bytes = try DrawingDecoding.bytes(of: drawing, field: "drawing")
            concepts.append(.drawing(try DrawingDecoding.decode(bytes, format: try json.string("format", maxLength: 40), limits: limits, field: "drawing")))
        }
        if let name = try json.string("style", maxLength: 40) {
            guard let style = Style(rawValue: name) else {
                throw json.invalid("style", "unknown style '\(name)'; use one of \(base.allowedStyles.map(\.rawValue).joined(separator: ", "))")
            }
            self.style = style
        } else {
            style = nil
        }
        limit = Int(try json.integer("limit", in: 1...4) ?? 1)
        stream = try json.bool("stream") ?? false
        var options = base
        if let o = try json.object("options", allowed: Self.optionFields) {
            try Self.apply(o, to: &options)
        }
        self.options = options
        self.concepts = concepts
    }

    /// One entry of `concepts`: `{"type": "text"|"extracted"|"image", …}`.
    private static func concept(_ value: Any, at path: String) throws(APIError) -> Concept {
        guard let object = value as? [String: Any] else {
            throw APIError(400, "invalid_request", "\(path): expected an object like {\"type\": \"text\", \"text\": \"…\"}, got \(JSONFields.kind(value))")
        }
        let c = try JSONFields(object, path: path, allowed: ["type", "text", "title", "data"])
        switch try c.string("type", maxLength: 20) {
        case "text":
            guard let text = try c.string("text") else { throw c.invalid("text", "missing: a text concept needs \"text\"") }
            return .text(text)
        case "extracted":
            guard let text = try c.string("text", maxLength: 200_000) else { throw c.invalid("text", "missing: the long text to extract key phrases from") }
            return .extracted(from: text, title: try c.string("title", maxLength: 2_000))
        case "image":
            guard let data = try c.string("data", maxLength: 12 << 20), let bytes = Data(base64Encoded: data, options: .ignoreUnknownCharacters) else {
                throw c.invalid("data", "expected the PNG or JPEG file as base64")
            }
            do {
                return .image(SourceImage(image: try ImageFile.decode([UInt8](bytes), name: "\(path).data", maxPixels: 1 << 24), origin: "upload"))
            } catch {
                throw APIError(422, "unsupported_input_image", "\(path).data: \(error.description)")
            }
        case let other:
            throw c.invalid("type", "expected \"text\", \"extracted\" or \"image\", got \(other.map { "'\($0.prefix(20))'" } ?? "nothing")")
        }
    }

    /// Applies `options` on top of the server's defaults.
    private static func apply(_ o: JSONFields, to options: inout GenerationOptions) throws(APIError) {
        if let size = o.raw("size") { options.size = .closest(to: try Self.size(size, field: o.name("size"))) }
        if let seed = try o.integer("seed", in: 0...1.8e19) { options.seed = seed }
        var guidance = options.guidance
        if let strength = try o.number("strength", in: 0...1) { guidance.strength = strength }
        if let start = try o.number("guidanceStart", in: 0...1) { guidance.start = start }
        if let end = try o.number("guidanceEnd", in: 0...1) { guidance.end = end }
        guard guidance.start <= guidance.end else {
            throw o.invalid("guidanceEnd", "must not be before guidanceStart (\(guidance.start))")
        }
        if let mode = try o.string("mode", maxLength: 20) {
            guard let parsed = GuidanceMode(rawValue: mode) else {
                throw o.invalid("mode", "expected one of \(GuidanceMode.allCases.map(\.rawValue).joined(separator: ", ")), got '\(mode)'")
            }
            guidance.mode = parsed
        }
        if let encoding = try o.string("encoding", maxLength: 40) {
            guard let parsed = SketchEncoding(encoding) else {
                throw o.invalid("encoding", "expected one of \(SketchEncoding.names.joined(separator: ", ")), got '\(encoding)'")
            }
            guidance.encoding = parsed
        }
        options.guidance = guidance
        try Self.applySampling(o, to: &options.sampling)
        if let source = try o.number("sourceStrength", in: 0...1) { options.sourceStrength = source }
        if let personalization = try o.bool("personalization") { options.personalization = personalization }
    }

    /// `"1024x768"` or `{"width": 1024, "height": 768}`.
    /// Reads `negativePrompt`, `steps`, `cfgScale`, `sampler` and `scheduler` (sampler and
    /// scheduler names are checked later, against the engine's lists).
    private static func applySampling(_ o: JSONFields, to sampling: inout SamplingOverrides) throws(APIError) {
        let limits = SamplingOverrides.self
        if let text = try o.string("negativePrompt", maxLength: limits.maximumNegativePromptLength) { sampling.negativePrompt = text }
        let steps = Double(limits.stepsRange.lowerBound)...Double(limits.stepsRange.upperBound)
        if let value = try o.integer("steps", in: steps) { sampling.steps = Int(value) }
        if let value = try o.number("cfgScale", in: limits.cfgScaleRange) { sampling.cfgScale = value }
        for key in ["sampler", "scheduler"] {
            guard let name = try o.string(key, maxLength: limits.maximumNameLength) else { continue }
            guard !name.allSatisfy(\.isWhitespace), !name.contains(where: \.isNewline) else {
                throw o.invalid(key, "expected a \(key) name as the server spells it (omit it for the configuration's)")
            }
            if key == "sampler" { sampling.sampler = name } else { sampling.scheduler = name }
        }
    }

    static func size(_ value: Any, field: String) throws(APIError) -> PixelSize {
        var width: Int?, height: Int?
        if let text = value as? String {
            let parts = text.lowercased().split(separator: "x")
            if parts.count == 2 { width = Int(parts[0]); height = Int(parts[1]) }
        } else if let object = value as? [String: Any] {
            width = (object["width"] as? NSNumber)?.intValue
            height = (object["height"] as? NSNumber)?.intValue
        }
        guard let width, let height, (16...8192).contains(width), (16...8192).contains(height) else {
            throw APIError(400, "invalid_request", "\(field): expected \"WxH\" or {\"width\", \"height\"} with sides 16…8192")
        }
        return PixelSize(width: width, height: height)
    }
}
