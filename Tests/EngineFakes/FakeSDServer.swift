import InklingBase
import Foundation
import InklingEngines
import InklingImageIO

/// stable-diffusion.cpp's `sd-server` (commit 97d2990) on loopback, behaving as the reference
/// describes: `/v1/models` lists only `sd-cpp-local`; `/sdapi/v1/samplers`, `schedulers` and
/// `sd-models` list what it has, and `/sdapi/v1/txt2img` runs A1111's fields (no ControlNet
/// routes, no interrupt: 404); `/v1/images/generations` (JSON) and
/// `/v1/images/edits` (multipart `image[]`/`image`, `mask`) read prompt, n, size and output
/// format and ignore every other field; seed, strength, `control_image` and `control_strength`
/// come only from `<sd_cpp_extra_args>{…}</sd_cpp_extra_args>` in the prompt, and the sampling
/// settings only **nested** there (`"sample_params": {"sample_steps", "sample_method",
/// "scheduler", "guidance": {"txt_cfg"}}`): flat `steps`, `cfg_scale`, `sample_method` or
/// `scheduler` change nothing (the server's defaults run; the fake notes them as violations),
/// and an unknown sampler or scheduler name is ignored the same way; the steps are clamped to
/// 1…100. `control_image` is decoded with three channels: a gray (or gray+alpha) PNG, or
/// extra arguments that are not JSON, get `400 {"error": "invalid sd_cpp_extra_args"}`. The seed
/// is 42 unless given; a mask is read as gray with alpha dropped (0 = keep, and the result
/// equals the starting picture there); sizes round up to multiples of 64; errors are
/// `400 {"error": "…"}` and `500 {"error": "server_error", "message": "…"}`; one generation runs
/// at a time, to the end even when the client hangs up, and nothing cancels it.
///
/// It paints a block pattern hashed from the prompt (without the extra args), the seed and the
/// sampling settings that ran, with the control image's lines added in red in proportion to
/// `control_strength` (when started with a ControlNet), blended over the starting picture by
/// `strength`, then kept where the mask is 0.
public final class FakeSDServer: @unchecked Sendable {
    /// Failure modes and timing.
    public struct Behavior: Sendable {
        /// Seconds each generation takes (holding the one generation slot).
        public var generationSeconds = 0.0
        /// Replace the answer to the image endpoints.
        public var imageReply: ServerReply?
        /// The sampling the server was started with (`--steps`, `--cfg-scale`, …): what runs
        /// when a request does not set it, nested, in its extra arguments.
        public var defaults = Sampling(steps: 20, method: "NONE", scheduler: "NONE", cfg: 7)
        public init() {}
    }

    /// The sampling settings a generation ran with, as the server's parameter dump shows them
    /// (`sample_steps`, `sample_method`, `scheduler`, `txt_cfg`; "NONE" is the model's default).
    public struct Sampling: Sendable, Equatable {
        public var steps: Int
        public var method: String
        public var scheduler: String
        public var cfg: Double
        public init(steps: Int, method: String, scheduler: String, cfg: Double) {
            self.steps = steps
            self.method = method
            self.scheduler = scheduler
            self.cfg = cfg
        }
    }

    /// One image request the server ran.
    public struct Generation: Sendable {
        /// `/v1/images/generations` or `/v1/images/edits`.
        public var path: String
        /// The prompt without its extra-arguments block.
        public var prompt: String
        /// The parsed `<sd_cpp_extra_args>` object (empty without one).
        public var extraArguments: [String: JSONValue]
        /// The seed used (42 unless the extra arguments gave one).
        public var seed: Int64
        /// Whether a starting picture came (edits).
        public var hadImage: Bool
        /// Whether a mask came.
        public var hadMask: Bool
        /// Whether a control image was applied (the server has a ControlNet and one was sent).
        public var appliedControl: Bool
        /// The sampling that ran: the nested `sample_params` over the server's defaults.
        public var sampling: Sampling
        /// The images answered.
        public var images: [RasterImage]
    }

    /// The prompt length (bytes) past which the real server crashed (47 KB: between the 46 KB that
    /// went through and the 48 KB that did not, on 97d2990 with an 8 MiB thread stack).
    public static let crashingPrompt = 47 * 1024
    /// `sd-server`'s default seed.
    public static let defaultSeed: Int64 = 42
    /// The top-level extra arguments this fake reads, as the real server does (others are
    /// recorded as violations: the real server ignores them without a word).
    public static let knownArguments: Set<String> = ["seed", "negative_prompt", "strength", "control_image", "control_strength",
                                                     "clip_skip", "batch_count", "width", "height", "sample_params"]
    /// The keys of `sample_params` it reads.
    public static let knownSamplingArguments: Set<String> = ["sample_steps", "sample_method", "scheduler", "guidance"]
    /// The sampler names the server knows (`sample_method_to_str`, 97d2990).
    public static let samplers = ["euler", "euler_a", "heun", "dpm2", "dpm++2s_a", "dpm++2m", "dpm++2mv2", "ipndm", "ipndm_v", "lcm",
                                  "ddim_trailing", "tcd", "res_multistep", "res_2s", "er_sde", "euler_cfg_pp", "euler_a_cfg_pp",
                                  "euler_ge", "dpm++2m_sde", "dpm++2m_sde_bt", "lms"]
    /// The scheduler names it knows (`scheduler_to_str`, and `normal` for `discrete`).
    public static let schedulers = ["discrete", "normal", "karras", "exponential", "ays", "gits", "sgm_uniform", "simple", "smoothstep",
                                    "kl_optimal", "lcm", "bong_tangent", "ltx2", "logit_normal", "flux2", "flux", "beta"]

    /// Whether it was started with `--control-net`.
    public let controlNet: Bool
    public private(set) var server: LoopbackServer!
    private let lock = NSLock()
    private let generationSlot = NSLock()
    private var _behavior: Behavior
    private var _generations: [Generation] = []
    private var _violations: [String] = []

    /// Starts the server; `controlNet` says whether it has a ControlNet loaded.
    public init(controlNet: Bool = true, behavior: Behavior = Behavior()) throws {
        self.controlNet = controlNet
        _behavior = behavior
        server = try LoopbackServer { [weak self] request in
            guard let self else { return .hangUp }
            return self.route(request)
        }
    }

    deinit { server.stop() }

    public var behavior: Behavior {
        get { lock.withLock { _behavior } }
        set { lock.withLock { _behavior = newValue } }
    }
    /// The image requests run, in order.
    public var generations: [Generation] { lock.withLock { _generations } }
    /// Protocol mistakes noticed (should stay empty).
    public var violations: [String] { lock.withLock { _violations } }

    private func violation(_ text: String) { lock.withLock { _violations.append(text) } }

    /// A 400 answer as `sd-server` sends it.
    public static func error(_ message: String) -> ServerReply { .json(["error": .string(message)], status: 400) }

    /// A 500 answer for an exception, as `sd-server` sends it.
    public static func exception(_ message: String) -> ServerReply {
        .json(["error": "server_error", "message": .string(message)], status: 500)
    }

    func route(_ request: ServerRequest) -> ServerReply {
        switch (request.method, request.path) {
        case ("GET", "/v1/models"):
            return .json(["data": [["id": .string(EngineFlavor.sdServerModel), "object": "model", "owned_by": "local"]]])
        case ("POST", "/v1/images/generations"):
            if let reply = behavior.imageReply { return reply }
            guard let body = request.json?.value.object else { return Self.error("invalid request body") }
            return generate(path: request.path, prompt: body["prompt"]?.string, n: body["n"]?.int, size: body["size"]?.string,
                            format: body["output_format"]?.string, image: nil, mask: nil)
        case ("POST", "/v1/images/edits"):
            if let reply = behavior.imageReply { return reply }
            guard let parts = request.multipart else { return Self.error("invalid multipart body") }
            func field(_ name: String) -> MultipartPart? { parts.first { $0.name == name } }
            guard let imagePart = field("image[]") ?? field("image") else { return Self.error("image is required") }
            guard let image = FakePainter.decode(imagePart.data) else { return Self.error("invalid image file") }
            var mask: RasterImage?
            if let maskPart = field("mask") {
                guard let decoded = FakePainter.decode(maskPart.data) else { return Self.error("invalid mask image") }
                mask = decoded.converted(to: .gray)
            }
            return generate(path: request.path, prompt: field("prompt")?.text, n: field("n").flatMap { Int($0.text) },
                            size: field("size")?.text, format: field("output_format")?.text, image: image, mask: mask)
        case ("GET", "/sdapi/v1/samplers"):
            // Its own names only (each its own alias), though txt2img also takes A1111's.
            return .json(.array((["default"] + Self.samplers).map { ["name": .string($0), "aliases": [.string($0)], "options": [:]] }))
        case ("GET", "/sdapi/v1/schedulers"):
            return .json(.array((["default"] + Self.schedulers).map { ["name": .string($0), "label": .string($0)] }))
        case ("GET", "/sdapi/v1/sd-models"):
            return .json([["title": "sd15", "model_name": "sd15", "filename": "sd15.safetensors", "hash": "8888888888",
                           "sha256": .string(String(repeating: "8", count: 64)), "config": .null]])
        case ("POST", "/sdapi/v1/txt2img"):
            if let reply = behavior.imageReply { return reply }
            guard let body = request.json?.value.object else { return Self.error("invalid request body") }
            return sdapiGenerate(body)
        default:
            return .text("", status: 404)
        }
    }

    /// `/sdapi/v1/txt2img` as `sd-server` reads it: A1111's fields, `sampler_name` by its own name
    /// or an A1111 alias (`Euler a`), a scheduler it does not know run as its default; the
    /// extra arguments in the prompt apply as on the OpenAI endpoints. Answers `{"images": [b64]}`.
    private func sdapiGenerate(_ body: [String: JSONValue]) -> ServerReply {
        var sampling = behavior.defaults
        if let steps = body["steps"]?.int { sampling.steps = min(max(steps, 1), 100) }
        if let cfg = body["cfg_scale"]?.double { sampling.cfg = cfg }
        let aliases = ["euler a": "euler_a", "k_euler_a": "euler_a", "euler": "euler", "k_euler": "euler", "dpm++ 2m": "dpm++2m", "ddim": "ddim_trailing"]
        if let name = body["sampler_name"]?.string {
            if let method = Self.samplers.contains(name) ? name : aliases[name.lowercased()] { sampling.method = method }
        }
        if let scheduler = body["scheduler"]?.string, Self.schedulers.contains(scheduler) { sampling.scheduler = scheduler == "normal" ? "discrete" : scheduler }
        let width = body["width"]?.int ?? 512, height = body["height"]?.int ?? 512
        var prompt = body["prompt"]?.string ?? ""
        let extra = Self.extraArguments(in: prompt)
        prompt = extra.prompt
        let seed = extra.arguments?["seed"]?.int.map(Int64.init) ?? body["seed"]?.int.map(Int64.init) ?? Self.defaultSeed
        guard !prompt.isEmpty else { return Self.error("prompt required") }
        let image = Self.paint(width: (width + 63) / 64 * 64, height: (height + 63) / 64 * 64, prompt: prompt, sampling: sampling, seed: seed,
                               control: nil, controlStrength: 0, start: nil, strength: 1, mask: nil)
        lock.withLock {
            _generations.append(Generation(path: "/sdapi/v1/txt2img", prompt: prompt, extraArguments: extra.arguments ?? [:], seed: seed,
                                           hadImage: false, hadMask: false, appliedControl: false, sampling: sampling, images: [image]))
        }
        let png = (try? PNGCodec.encode(PNGDocument(image: image), compressionLevel: 1, filter: .up)) ?? []
        return .json(["images": [.string(Data(png).base64EncodedString())], "parameters": [:], "info": "{}"])
    }

    /// Splits `<sd_cpp_extra_args>{…}</sd_cpp_extra_args>` off `prompt`.
    static func extraArguments(in prompt: String) -> (prompt: String, arguments: [String: JSONValue]?) {
        guard let open = prompt.range(of: "<sd_cpp_extra_args>"),
              let close = prompt.range(of: "</sd_cpp_extra_args>", range: open.upperBound..<prompt.endIndex) else { return (prompt, [:]) }
        let json = String(prompt[open.upperBound..<close.lowerBound])
        let rest = (prompt[..<open.lowerBound] + prompt[close.upperBound...]).trimmingCharacters(in: .whitespaces)
        guard let object = (try? JSONValue.parse(Array(json.utf8)))?.object else { return (rest, nil) }
        return (rest, object)
    }

    private func generate(path: String, prompt rawPrompt: String?, n: Int?, size: String?, format: String?,
                          image: RasterImage?, mask: RasterImage?) -> ServerReply {
        guard let rawPrompt, !rawPrompt.isEmpty else { return Self.error("prompt is required") }
        // The real server's prompt parser recurses per character and overflows its stack: a
        // 48 KB prompt killed it without an answer (a 46 KB one went through).
        if rawPrompt.utf8.count > Self.crashingPrompt {
            violation("a prompt of \(rawPrompt.utf8.count) bytes would crash sd-server")
            return .hangUp
        }
        let (prompt, parsed) = Self.extraArguments(in: rawPrompt)
        guard let args = parsed else { return Self.error("invalid sd_cpp_extra_args") }
        for key in args.keys.sorted() where !Self.knownArguments.contains(key) {
            let nested = ["steps": "sample_params.sample_steps", "cfg_scale": "sample_params.guidance.txt_cfg",
                          "sample_method": "sample_params.sample_method", "scheduler": "sample_params.scheduler"][key]
            violation("extra argument \(key) is ignored by sd-server" + (nested.map { " (it reads \($0))" } ?? ""))
        }
        let sampling = sampling(args["sample_params"])
        if let format, !["png", "jpeg", "webp"].contains(format) { return Self.error("invalid output_format") }
        let sides = (size ?? "512x512").split(separator: "x").compactMap { Int($0) }
        guard sides.count == 2, sides.allSatisfy({ (1...4096).contains($0) }) else { return Self.error("invalid size") }
        let width = (sides[0] + 63) / 64 * 64, height = (sides[1] + 63) / 64 * 64
        let count = n ?? 1
        guard (1...8).contains(count) else { return Self.error("invalid n") }
        var control: RasterImage?
        if let value = args["control_image"] {
            // Decoded with three channels: a gray PNG is refused ("the number of channels for
            // the input image must be >= 3, but got 1 channels"), the whole request with it.
            guard let text = value.string, let bytes = Data(base64Encoded: text), let decoded = FakePainter.decode([UInt8](bytes)),
                  decoded.format.channels >= 3 else {
                return Self.error("invalid sd_cpp_extra_args")
            }
            if controlNet { control = decoded.converted(to: .gray).resampled(width: width, height: height) }
        }
        let seed = args["seed"]?.int.map(Int64.init) ?? Self.defaultSeed
        let strength = min(max(args["strength"]?.double ?? 0.75, 0), 1)
        let controlStrength = min(max(args["control_strength"]?.double ?? 0.9, 0), 1)
        let start = image?.converted(to: .rgb).resampled(width: width, height: height)
        let keep = mask?.resampled(width: width, height: height)

        generationSlot.lock()
        defer { generationSlot.unlock() }
        let slow = behavior.generationSeconds
        if slow > 0 { Thread.sleep(forTimeInterval: slow) }
        var images: [RasterImage] = []
        for index in 0..<count {
            images.append(Self.paint(width: width, height: height, prompt: prompt, sampling: sampling, seed: seed &+ Int64(index), control: control,
                                     controlStrength: controlStrength, start: start, strength: strength, mask: keep))
        }
        let generation = Generation(path: path, prompt: prompt, extraArguments: args, seed: seed, hadImage: image != nil,
                                    hadMask: mask != nil, appliedControl: control != nil, sampling: sampling, images: images)
        lock.withLock { _generations.append(generation) }
        let data = images.map { image -> JSONValue in
            // Fast settings (the blocks repeat row after row, so `up` leaves little for zlib): the
            // pixels are what tests read, and the benchmarks' many fakes should cost little CPU.
            let png = (try? PNGCodec.encode(PNGDocument(image: image), compressionLevel: 1, filter: .up)) ?? []
            return ["b64_json": .string(Data(png).base64EncodedString())]
        }
        return .json(["created": 1_700_000_000, "data": .array(data), "output_format": .string(format ?? "png")])
    }

    /// The sampling a request runs: its nested `sample_params` over the server's defaults, read
    /// as the server reads them (whole steps only, clamped to 1…100; names it does not know and
    /// values of the wrong type ignored).
    private func sampling(_ value: JSONValue?) -> Sampling {
        var sampling = behavior.defaults
        guard let params = value?.object else { return sampling }
        for key in params.keys.sorted() where !Self.knownSamplingArguments.contains(key) { violation("sample_params.\(key) is not read by this fake") }
        if case .int(let steps)? = params["sample_steps"] { sampling.steps = Int(min(max(steps, 1), 100)) }
        if let method = params["sample_method"]?.string {
            if Self.samplers.contains(method) { sampling.method = method } else { violation("sample_method \(method) is unknown to sd-server: its default runs") }
        }
        if let scheduler = params["scheduler"]?.string {
            if Self.schedulers.contains(scheduler) { sampling.scheduler = scheduler == "normal" ? "discrete" : scheduler } else {
                violation("scheduler \(scheduler) is unknown to sd-server: its default runs")
            }
        }
        if let cfg = params["guidance"]?["txt_cfg"]?.double { sampling.cfg = cfg }
        return sampling
    }

    /// The fake model: a pattern of 8×8 blocks hashed from prompt, sampling and seed, control
    /// lines in red.
    ///
    /// Painted with plain scalars, no allocation per pixel: benchmarks run many of these fakes
    /// beside the cluster on one machine, where they stand for GPUs that cost its CPU nothing.
    static func paint(width: Int, height: Int, prompt: String, sampling: Sampling, seed: Int64, control: RasterImage?, controlStrength: Double,
                      start: RasterImage?, strength: Double, mask: RasterImage?) -> RasterImage {
        var key: UInt64 = 0xCBF2_9CE4_8422_2325
        let settings = "\u{0}\(sampling.steps)|\(sampling.method)|\(sampling.scheduler)|\(sampling.cfg)"
        for byte in (prompt + settings).utf8 { key = (key ^ UInt64(byte)) &* 0x100_0000_01B3 }
        key ^= UInt64(bitPattern: seed) &* 0x9E37_79B9_7F4A_7C15
        var image = RasterImage(width: width, height: height, format: .rgb)
        image.pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * width + x
                    var h = key ^ (UInt64(x / 8) &* 0xBF58_476D_1CE4_E5B9) ^ (UInt64(y / 8) &* 0x94D0_49BB_1331_11EB)
                    h = (h ^ (h >> 31)) &* 0xD6E8_FEB8_6659_FD93
                    h ^= h >> 32
                    var rgb = (Double(h & 0xFF), Double((h >> 8) & 0xFF), Double((h >> 16) & 0xFF))
                    if let control {
                        let k = Double(control.pixels[i]) / 255 * controlStrength
                        rgb = (rgb.0 * (1 - k) + 255 * k, rgb.1 * (1 - k), rgb.2 * (1 - k))
                    }
                    func channel(_ ch: Int, _ painted: Double) -> UInt8 {
                        var value = painted
                        if let start { value = Double(start.pixels[3 * i + ch]) * (1 - strength) + value * strength }
                        if let mask {
                            let m = Double(mask.pixels[i]) / 255
                            value = m == 0 ? Double(start?.pixels[3 * i + ch] ?? 0) : Double(start?.pixels[3 * i + ch] ?? 0) * (1 - m) + value * m
                        }
                        return UInt8(min(max(value.rounded(), 0), 255))
                    }
                    out[3 * i] = channel(0, rgb.0)
                    out[3 * i + 1] = channel(1, rgb.1)
                    out[3 * i + 2] = channel(2, rgb.2)
                }
            }
        }
        return image
    }
}
