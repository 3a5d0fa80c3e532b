import InklingBase
import Foundation
import InklingEngines
import InklingImageIO

/// An OpenAI-compatible images API on loopback: `/v1/models`, `/v1/images/generations` (JSON,
/// unknown parameters rejected as OpenAI does) and `/v1/images/edits` (multipart: image and mask
/// PNGs of the same size, the mask with alpha), bearer-token auth, `b64_json` answers painted
/// from the image sent (``FakePainter``: red = darkness of the starting picture, blue = its luma).
public final class FakeOpenAIImages: @unchecked Sendable {
    /// Failure modes.
    public struct Behavior: Sendable {
        /// Whether `/v1/models` exists (stable-diffusion.cpp's server may lack it).
        public var listsModels = true
        /// Replace the answer to the image endpoints.
        public var imageReply: ServerReply?
        /// Delay every answer by this many seconds.
        public var slowSeconds = 0.0
        public init() {}
    }

    public let apiKey: String?
    public let models: [String]
    public let sizes: [String]
    public private(set) var server: LoopbackServer!
    private let lock = NSLock()
    private var _behavior: Behavior
    private var _violations: [String] = []

    public init(apiKey: String? = "sk-test-123", models: [String] = ["gpt-image-1", "dall-e-2"],
                sizes: [String] = ["128x96", "96x128", "1024x1024"], behavior: Behavior = Behavior()) throws {
        self.apiKey = apiKey
        self.models = models
        self.sizes = sizes
        _behavior = behavior
        server = try LoopbackServer { [weak self] request in
            guard let self else { return .hangUp }
            let reply = self.route(request)
            let slow = self.behavior.slowSeconds
            return slow > 0 ? .delayed(seconds: slow, reply) : reply
        }
    }

    deinit { server.stop() }

    public var behavior: Behavior {
        get { lock.withLock { _behavior } }
        set { lock.withLock { _behavior = newValue } }
    }
    /// Protocol mistakes noticed (should stay empty).
    public var violations: [String] { lock.withLock { _violations } }

    private func violation(_ text: String) { lock.withLock { _violations.append(text) } }

    /// An error in OpenAI's shape.
    public static func error(_ message: String, status: Int = 400, type: String = "invalid_request_error", param: String? = nil) -> ServerReply {
        .json(["error": ["message": .string(message), "type": .string(type), "param": param.map(JSONValue.string) ?? .null, "code": .null]], status: status)
    }

    func route(_ request: ServerRequest) -> ServerReply {
        if let apiKey, request.headers["authorization"] != "Bearer \(apiKey)" {
            return Self.error("Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.", status: 401)
        }
        switch (request.method, request.path) {
        case ("GET", "/v1/models"):
            guard behavior.listsModels else { return .text("Not Found", status: 404) }
            return .json(["object": "list", "data": .array(models.map { ["id": .string($0), "object": "model", "owned_by": "system"] })])
        case ("POST", "/v1/images/generations"):
            if let reply = behavior.imageReply { return reply }
            guard request.headers["content-type"]?.hasPrefix("application/json") == true, let body = request.json?.value.object else {
                return Self.error("We could not parse the JSON body of your request.")
            }
            let allowed: Set<String> = ["model", "prompt", "n", "size", "response_format", "quality", "style", "user", "background"]
            if let unknown = body.keys.sorted().first(where: { !allowed.contains($0) }) { return Self.error("Unknown parameter: '\(unknown)'.", param: unknown) }
            if let reply = check(prompt: body["prompt"]?.string, model: body["model"]?.string, n: body["n"]?.int, size: body["size"]?.string,
                                 format: body["response_format"]?.string) { return reply }
            return answer(size: body["size"]!.string!, picture: nil)
        case ("POST", "/v1/images/edits"):
            if let reply = behavior.imageReply { return reply }
            guard let parts = request.multipart else { return Self.error("Invalid multipart body.") }
            func field(_ name: String) -> MultipartPart? { parts.first { $0.name == name } }
            guard let imagePart = field("image"), imagePart.filename != nil, let image = FakePainter.decode(imagePart.data) else {
                return Self.error("Invalid image file or mode for image 1, please check your image file.", param: "image")
            }
            if let maskPart = field("mask") {
                guard let mask = FakePainter.decode(maskPart.data), mask.format.hasAlpha else {
                    return Self.error("Invalid mask image format - mask must be a PNG with an alpha channel.", param: "mask")
                }
                guard mask.width == image.width, mask.height == image.height else {
                    return Self.error("Invalid mask image format - mask size does not match image size", param: "mask")
                }
            }
            if let reply = check(prompt: field("prompt")?.text, model: field("model")?.text, n: field("n").flatMap { Int($0.text) },
                                 size: field("size")?.text, format: field("response_format")?.text) { return reply }
            if image.width != Int(field("size")!.text.split(separator: "x")[0]) { violation("edits image is not at the requested size") }
            return answer(size: field("size")!.text, picture: image)
        default:
            return Self.error("Invalid URL (\(request.method) \(request.path))", status: 404)
        }
    }

    private func check(prompt: String?, model: String?, n: Int?, size: String?, format: String?) -> ServerReply? {
        guard let prompt, !prompt.isEmpty else { return Self.error("Missing required parameter: 'prompt'.", param: "prompt") }
        if let model, !models.contains(model) { return Self.error("The model '\(model)' does not exist.", status: 404, param: "model") }
        if let n, !(1...10).contains(n) { return Self.error("\(n) is not a valid n", param: "n") }
        guard let size, sizes.contains(size) else { return Self.error("'\(size ?? "")' is not one of \(sizes) - 'size'", param: "size") }
        if model?.hasPrefix("gpt-image") == true, format != nil { return Self.error("Unknown parameter: 'response_format'.", param: "response_format") }
        if model?.hasPrefix("gpt-image") != true, format != "b64_json" { violation("response_format \(format ?? "nil"): Inkling needs b64_json") }
        return nil
    }

    private func answer(size: String, picture: RasterImage?) -> ServerReply {
        let sides = size.split(separator: "x").compactMap { Int($0) }
        let dark = picture.map { p -> RasterImage in
            var g = p.converted(to: .gray, background: .white)
            for i in g.pixels.indices { g.pixels[i] = 255 - g.pixels[i] }
            return g
        }
        let png = FakePainter.png(width: sides[0], height: sides[1], seed: 0, guidance: dark, source: picture)
        return .json(["created": 1_700_000_000, "data": [["b64_json": .string(Data(png).base64EncodedString()), "revised_prompt": "a picture"]]])
    }
}
