import InklingBase
import Foundation
import InklingEngines
import InklingImageIO

/// An AUTOMATIC1111 / Forge web UI API (1.10) on loopback: `/sdapi/v1/sd-models`,
/// `/sdapi/v1/samplers`, `/sdapi/v1/schedulers`, `/controlnet/model_list`, `/sdapi/v1/txt2img`
/// and `/img2img` (bodies checked field by field like its FastAPI models and the ControlNet
/// extension's unit parser: a 422 with `detail` for wrong types), `/sdapi/v1/interrupt` (which
/// stops the running generation). It paints a real PNG from the ControlNet image, the seed and
/// the init image (``FakePainter``).
///
/// Like 1.10 it runs an unknown sampler or scheduler as the default one, with only a warning in
/// its log (``autocorrections``); ``Behavior/before1_9`` makes it an older web UI. It records
/// the files a generation would leave on the web UI's disk (``kept``).
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
        /// A web UI before 1.9: no schedulers (`/sdapi/v1/schedulers` is a 404, `scheduler` is
        /// ignored) and an unknown sampler is a 404 `Sampler not found`.
        public var before1_9 = false
        /// Started without `--no-prompt-history`: every generation overwrites `params.txt` with
        /// its prompt and settings.
        public var promptHistory = true
        /// The `save_init_img` setting ("Save init images when using img2img").
        public var saveInitImages = false
        /// The ControlNet extension's `control_net_detectmap_autosaving` setting.
        public var detectMapAutosaving = false
        /// Whether `POST /sdapi/v1/interrupt` exists; without it (like `sd-server`'s `/sdapi/v1`)
        /// it is a 404 with an empty body and the generation runs on.
        public var hasInterrupt = true
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
    private var _kept: [String] = []
    private var _autocorrections: [String] = []
    private var _finished = 0

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
    /// Files the generations left on the web UI's disk, in order (`params.txt` once: it is
    /// overwritten); empty when nothing remains.
    public var kept: [String] { lock.withLock { _kept } }
    /// The web UI's log warnings for names it replaced ("Sampler Scheduler autocorrection: …").
    public var autocorrections: [String] { lock.withLock { _autocorrections } }
    /// Generations that ran to their end (not interrupted).
    public var finished: Int { lock.withLock { _finished } }

    func route(_ request: ServerRequest) -> ServerReply {
        switch (request.method, request.path) {
        case ("GET", "/sdapi/v1/sd-models"):
            return .json(.array(checkpoints.map { title in
                let name = String(title.prefix { $0 != " " })
                return ["title": .string(title), "model_name": .string((name as NSString).deletingPathExtension),
                        "filename": .string("/stable-diffusion-webui/models/Stable-diffusion/\(name)"), "config": .null]
            }))
        case ("GET", "/sdapi/v1/samplers"):
            return .json(A1111Catalog.samplersJSON)
        case ("GET", "/sdapi/v1/schedulers"):
            return behavior.before1_9 ? .json(["detail": "Not Found"], status: 404) : .json(A1111Catalog.schedulersJSON)
        case ("GET", "/controlnet/model_list"):
            guard behavior.controlNetInstalled else { return .json(["detail": "Not Found"], status: 404) }
            return .json(["model_list": .array(controlNets.map(JSONValue.string))])
        case ("POST", "/sdapi/v1/txt2img"), ("POST", "/sdapi/v1/img2img"):
            return generate(request, img2img: request.path.hasSuffix("img2img"))
        case ("POST", "/sdapi/v1/interrupt"):
            guard behavior.hasInterrupt else { return .text("", status: 404) }
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
        guard let sampler = resolveSampler(body) else { return .json(["detail": "Sampler not found"], status: 404) }
        let started = Date(), interruptsBefore = interrupts
        while Date().timeIntervalSince(started) < behavior.generationSeconds && interrupts == interruptsBefore { Thread.sleep(forTimeInterval: 0.01) }
        let seed = UInt64(body["seed"]?.int ?? 0)
        keep(body, unit: check.unit, img2img: img2img, seed: seed)
        if interrupts == interruptsBefore { lock.withLock { _finished += 1 } }
        let png = FakePainter.png(width: body["width"]?.int ?? 512, height: body["height"]?.int ?? 512, seed: seed,
                                  guidance: check.controlImage, source: check.initImage)
        let info: JSONValue = ["seed": .int(Int64(seed)), "all_seeds": [.int(Int64(seed))], "prompt": body["prompt"] ?? "", "sampler_name": .string(sampler)]
        return .json(["images": [.string(Data(png).base64EncodedString())], "parameters": body, "info": .string(info.text)])
    }

    /// The sampler the web UI runs: 1.10 replaces an unknown sampler or scheduler by the
    /// default and logs it; before 1.9 an unknown sampler is `nil` (a 404).
    private func resolveSampler(_ body: JSONValue) -> String? {
        let requested = body["sampler_name"]?.string ?? "", scheduler = body["scheduler"]?.string
        if behavior.before1_9 { return A1111Catalog.samplers.contains { $0.name == requested } ? requested : nil }
        let resolved = A1111Catalog.resolve(sampler: requested, scheduler: scheduler)
        let schedulerKnown = scheduler.map { name in A1111Catalog.schedulers.contains { $0.name == name || $0.label == name } } ?? true
        if resolved.sampler != requested || !schedulerKnown {
            let warning = "Sampler Scheduler autocorrection: \"\(requested)\" -> \"\(resolved.sampler)\", \"\(scheduler ?? "None")\" -> \"\(resolved.scheduler)\""
            lock.withLock { _autocorrections.append(warning) }
        }
        return resolved.sampler
    }

    /// Records what 1.10 writes to disk for a generation: the image in outputs when
    /// `save_images` (the API sets `do_not_save_samples` and `do_not_save_grid` from it), the
    /// init image with `save_init_img` (as overridden for the request), the detected map with
    /// autosaving and a preprocessor when the unit's `save_detected_map` is not false, and
    /// `params.txt` without `--no-prompt-history`.
    private func keep(_ body: JSONValue, unit: JSONValue?, img2img: Bool, seed: UInt64) {
        let settings = behavior
        var files: [String] = []
        let folder = img2img ? "outputs/img2img-images" : "outputs/txt2img-images"
        if body["save_images"]?.bool == true { files.append("\(folder)/\(seed).png") }
        if img2img, body["override_settings"]?["save_init_img"]?.bool ?? settings.saveInitImages { files.append("outputs/init-images/\(seed).png") }
        if let unit, settings.detectMapAutosaving, unit["save_detected_map"]?.bool ?? true, let module = unit["module"]?.string, module != "none" {
            files.append("\(folder)/detected_maps/\(module)/\(seed).png")
        }
        lock.withLock {
            _kept += files
            if settings.promptHistory, !_kept.contains("params.txt") { _kept.append("params.txt") }
        }
    }

    /// FastAPI's 422 shape.
    static func unprocessable(_ location: [String], _ message: String) -> ServerReply {
        .json(["detail": [["loc": .array(location.map(JSONValue.string)), "msg": .string(message), "type": "value_error"]]], status: 422)
    }
}
