import Foundation
import InklingBase
import InklingConditioning
import InklingImageIO
import InklingInterchange
import InklingStrokes

/// A `POST /v1/generations` body, checked field by field.
///
/// ```json
/// {"drawing": {…any supported ink format…}, "prompt": "a cosy house", "style": "sketch",
///  "limit": 2, "options": {"size": "1024x768", "seed": 7, "strength": 0.6}, "stream": true}
/// ```
///
/// `"shape": {"preset": "freehand", "size": 8}` shapes every stroke of the drawing, its fields
/// replacing the drawing's own (as in stroke JSON, `docs/stroke-json.md`).
///
/// `"async": true` asks for a job instead (202, then `GET /v1/jobs/{id}`); it cannot be combined
/// with `"stream": true`.
package struct GenerationRequest: Sendable {
    package var concepts: [Concept]
    package var style: Style?
    package var limit: Int
    package var options: GenerationOptions
    package var stream: Bool
    /// `"async": true` (or the header `Prefer: respond-async`): answered `202 Accepted` with a
    /// job at once, its result read later from `GET /v1/jobs/{id}`.
    package var asynchronous: Bool

    /// The job this request asks for.
    package var job: JobRequest { JobRequest(concepts: concepts, style: style, limit: limit, options: options) }

    package static let fields: Set<String> = ["drawing", "format", "shape", "prompt", "concepts", "style", "limit", "options", "stream", "async"]
    package static let optionFields: Set<String> = GenerationOptionsCodec.keys

    /// What the body, its drawing set aside, may hold before json-c builds anything: a request
    /// needs a few hundred values (16 concepts, 14 options) and 3 levels of nesting; an image
    /// concept is one long string.
    package static let bodyLimits = JSONLimits(maxBytes: Int(Int32.max), maxDepth: 32, maxValues: 4096, maxArrayCount: 1024)

    /// A request for `job` made elsewhere than from a body (a live session's keep): answered
    /// as `asynchronous` asks, never streamed.
    package init(job: JobRequest, asynchronous: Bool = true) {
        concepts = job.concepts
        style = job.style
        limit = job.limit
        options = job.options
        stream = false
        self.asynchronous = asynchronous
    }

    /// Reads a request body; `base` supplies allowed and default styles.
    ///
    /// The body is parsed once (``RequestBody``): a drawing given as an object or an array is
    /// decoded from its own bytes exactly as `POST /v1/guidance` decodes a body, never parsed
    /// into the request's tree nor written out again; one given as a string is the document.
    package init(body: [UInt8], base: GenerationOptions, limits: StrokeJSONDecoder.Limits) throws(APIError) {
        let parsed = try RequestBody(parsing: body, settingAside: "drawing", limits: Self.bodyLimits)
        let json = try JSONFields(parsed.document.root, allowed: Self.fields)
        var concepts: [Concept] = []
        if let prompt = try json.string("prompt") {
            guard !prompt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw json.invalid("prompt", "is empty") }
            concepts.append(.text(prompt))
        }
        if let list = try json.array("concepts", maxCount: 16) {
            for item in list { concepts.append(try Self.concept(item)) }
        }
        // Checked whether or not there is a drawing to read it for: a wrong format is reported.
        let format = try json.string("format", maxLength: 40)
        if let format, InkFormat(rawValue: format) == nil {
            throw json.invalid("format", "unknown ink format '\(format.prefix(40))'; use one of \(InkFormat.allCases.map(\.rawValue).joined(separator: ", ")), or leave it out to detect it")
        }
        let shape = try Self.shape(json.raw("shape"))
        let drawingBytes: [UInt8]?
        if let setAside = parsed.setAside {
            drawingBytes = Array(setAside)
        } else if let drawing = json.raw("drawing") {
            drawingBytes = try DrawingDecoding.bytes(of: drawing)
        } else {
            drawingBytes = nil
        }
        if let drawingBytes {
            concepts.append(.drawing(try DrawingDecoding.decode(
                drawingBytes, format: format, limits: limits, field: "drawing", scanned: parsed.setAsideScan, shape: shape)))
        } else if shape != nil {
            throw json.invalid("shape", "shapes the drawing's strokes, but the request has no \"drawing\"")
        }
        if let name = try json.string("style", maxLength: 40) {
            guard let style = Style(rawValue: name) else {
                throw json.invalid("style", "unknown style '\(name)'; use one of \(base.allowedStyles.map(\.rawValue).joined(separator: ", "))")
            }
            self.style = style
        } else {
            style = nil
        }
        limit = try json.integer("limit", in: 1...4) ?? 1
        stream = try json.bool("stream") ?? false
        asynchronous = try json.bool("async") ?? false
        if stream && asynchronous {
            throw json.invalid("async", "cannot be combined with \"stream\": true; ask for a stream (lines as the images finish) or a job (202 at once, then GET /v1/jobs/{id})")
        }
        var options = base
        if let o = try json.object("options", allowed: Self.optionFields) {
            try GenerationOptionsCodec.read(o, into: &options)
        }
        self.options = options
        self.concepts = concepts
    }

    /// `shape`, read by the stroke JSON rules; `nil` when absent or empty.
    private static func shape(_ node: JSONNode?) throws(APIError) -> StrokeShape? {
        guard let node else { return nil }
        do {
            return try StrokeJSONDecoder().decodeShape(node)
        } catch {
            throw APIError(400, "invalid_request", error.description)
        }
    }

    /// One entry of `concepts`: `{"type": "text"|"extracted"|"image", …}`.
    private static func concept(_ value: JSONNode) throws(APIError) -> Concept {
        let path = value.path.description
        guard value.kind == .object else {
            throw APIError(400, "invalid_request", "\(path): expected an object like {\"type\": \"text\", \"text\": \"…\"}, got \(value.excerpt)")
        }
        let c = try JSONFields(value, allowed: ["type", "text", "title", "data"])
        // A field another kind of concept uses is ignored, but must still be a string.
        for key in ["text", "title", "data"] {
            if let field = c.raw(key), field.kind != .string { throw JSONFields.invalid(field.expected("a string")) }
        }
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
            let file = [UInt8](bytes)
            do {
                return .image(SourceImage(image: try ImageFile.decode(file, name: "\(path).data", maxPixels: 1 << 24), origin: "upload", file: file))
            } catch {
                throw APIError(422, "unsupported_input_image", error.description)
            }
        case let other:
            throw c.invalid("type", "expected \"text\", \"extracted\" or \"image\", got \(other.map { "'\($0.prefix(20))'" } ?? "nothing")")
        }
    }

    /// Applies `options` on top of the server's defaults.
    /// `"1024x768"` (``SizeText``'s rule) or `{"width": 1024, "height": 768}`.
    package static func size(_ value: JSONNode, sides: ClosedRange<Int> = GenerationOptionsCodec.sizeSides) throws(APIError) -> PixelSize {
        if value.kind == .object {
            let object = try JSONFields(value, allowed: ["width", "height"])
            guard let width = try object.integer("width", in: sides) else { throw JSONFields.invalid(object.reader.invalid("width", expected: "a whole number within \(sides.lowerBound)…\(sides.upperBound)")) }
            guard let height = try object.integer("height", in: sides) else { throw JSONFields.invalid(object.reader.invalid("height", expected: "a whole number within \(sides.lowerBound)…\(sides.upperBound)")) }
            return PixelSize(width: width, height: height)
        }
        guard let text = value.string, let size = SizeText.parse(text, sides: sides) else {
            throw JSONFields.invalid(value.expected("\(SizeText.expectation(sides: sides)), or {\"width\", \"height\"}"))
        }
        return PixelSize(width: size.width, height: size.height)
    }
}
