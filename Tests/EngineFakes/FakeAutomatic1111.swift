import Foundation
import InklingEngines
import InklingImageIO

/// An AUTOMATIC1111 / Forge web UI API on loopback: `/sdapi/v1/sd-models`,
/// `/controlnet/model_list`, `/sdapi/v1/txt2img` and `/img2img` (bodies checked field by field
/// like its FastAPI models and the ControlNet extension's unit parser: a 422 with `detail` for
/// wrong types), `/sdapi/v1/interrupt`. It paints a real PNG from the ControlNet image, the seed
/// and the init image (``FakePainter``).
public final class FakeAutomatic1111: @unchecked Sendable {
    /// Failure modes and timing.
    public struct Behavior: Sendable {
        /// Whether the ControlNet extension is installed (else `/controlnet/model_list` is a 404).
        public var controlNetInstalled = true
        /// Replace the answer to txt2img / img2img.
        public var generationReply: ServerReply?
        /// Seconds a generation takes (it returns early when interrupted).
        public var generationSeconds = 0.0
        /// Delay every answer by this many seconds.
        public var slowSeconds = 0.0
        public init() {}
    }

    public let checkpoints: [String]
    public let controlNets: [String]
    public private(set) var server: LoopbackServer!
    private let lock = NSLock()
    private var _behavior: Behavior
    private var _bodies: [JSONValue] = []
    private var _violations: [String] = []
    private var _interrupts = 0

    public static let samplers = ["Euler a", "Euler", "DPM++ 2M", "DPM++ 2M SDE", "DDIM", "UniPC"]
    public static let schedulers = ["Automatic", "Karras", "Exponential", "Uniform", "SGM Uniform"]

    public init(checkpoints: [String] = ["sd_xl_base_1.0.safetensors [31e35c80fc]"],
                controlNets: [String] = ["control_v11p_sd15_scribble [d4ba51ff]"], behavior: Behavior = Behavior()) throws {
        self.checkpoints = checkpoints
        self.controlNets = controlNets
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
    /// Generation bodies received, in order.
    public var bodies: [JSONValue] { lock.withLock { _bodies } }
    /// Protocol mistakes noticed (should stay empty).
    public var violations: [String] { lock.withLock { _violations } }
    /// `POST /sdapi/v1/interrupt` calls.
    public var interrupts: Int { lock.withLock { _interrupts } }

    func route(_ request: ServerRequest) -> ServerReply {
        switch (request.method, request.path) {
        case ("GET", "/sdapi/v1/sd-models"):
            return .json(.array(checkpoints.map { title in
                let name = String(title.prefix { $0 != " " })
                return ["title": .string(title), "model_name": .string((name as NSString).deletingPathExtension),
                        "filename": .string("/stable-diffusion-webui/models/Stable-diffusion/\(name)"), "config": .null]
            }))
        case ("GET", "/controlnet/model_list"):
            guard behavior.controlNetInstalled else { return .json(["detail": "Not Found"], status: 404) }
            return .json(["model_list": .array(controlNets.map(JSONValue.string))])
        case ("POST", "/sdapi/v1/txt2img"), ("POST", "/sdapi/v1/img2img"):
            return generate(request, img2img: request.path.hasSuffix("img2img"))
        case ("POST", "/sdapi/v1/interrupt"):
            lock.withLock { _interrupts += 1 }
            return .json([:])
        default:
            return .json(["detail": "Not Found"], status: 404)
        }
    }

    private func generate(_ request: ServerRequest, img2img: Bool) -> ServerReply {
        guard request.headers["content-type"]?.hasPrefix("application/json") == true, let body = request.json?.value, body.object != nil else {
            return Self.unprocessable(["body"], "value is not a valid dict")
        }
        lock.withLock { _bodies.append(body) }
        if !behavior.controlNetInstalled, body["alwayson_scripts"]?["controlnet"] != nil { lock.withLock { _violations.append("a ControlNet unit sent to a server without the extension") } }
        if let override = behavior.generationReply { return override }
        var check = A1111BodyCheck(body: body, checkpoints: checkpoints, controlNets: controlNets, img2img: img2img)
        if let reply = check.run() { return reply }
        lock.withLock { _violations += check.violations }
        let started = Date(), interruptsBefore = interrupts
        while Date().timeIntervalSince(started) < behavior.generationSeconds && interrupts == interruptsBefore { Thread.sleep(forTimeInterval: 0.01) }
        let seed = UInt64(body["seed"]?.int ?? 0)
        let png = FakePainter.png(width: body["width"]?.int ?? 512, height: body["height"]?.int ?? 512, seed: seed,
                                  guidance: check.controlImage, source: check.initImage)
        let info: JSONValue = ["seed": .int(Int64(seed)), "all_seeds": [.int(Int64(seed))], "prompt": body["prompt"] ?? ""]
        return .json(["images": [.string(Data(png).base64EncodedString())], "parameters": body, "info": .string(info.text)])
    }

    /// FastAPI's 422 shape.
    static func unprocessable(_ location: [String], _ message: String) -> ServerReply {
        .json(["detail": [["loc": .array(location.map(JSONValue.string)), "msg": .string(message), "type": "value_error"]]], status: 422)
    }
}
