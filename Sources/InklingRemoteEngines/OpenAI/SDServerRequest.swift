import Foundation
import InklingConditioning
import InklingEngines
import InklingImageIO
import InklingBase
import InklingTransport

/// What goes to stable-diffusion.cpp's `sd-server` for one variation, and what of the
/// conditioning it cannot carry.
///
/// `sd-server` reads only prompt, n, size and output format from the OpenAI request itself;
/// everything else travels inside the prompt as `<sd_cpp_extra_args>{JSON}</sd_cpp_extra_args>`:
/// the variation's seed (so variations differ and replay), the negative prompt and the img2img
/// `strength` at its top level; the steps, sampler, scheduler and CFG scale (the request's, else
/// the configuration's) **nested**, as the server reads them and only so:
/// `"sample_params": {"sample_steps", "sample_method", "scheduler", "guidance": {"txt_cfg"}}`
/// (flat `steps`, `cfg_scale`… are ignored without a word); and, when the engine names a
/// ControlNet (`models.controlNet`: the server was started with `--control-net`), the guidance
/// map as `control_image` — a base64 **RGB** PNG, since the server loads it with three channels
/// and refuses a gray one — with the sketch's strength as `control_strength`.
///
/// - No source and no sketch sent as a picture: `POST /v1/images/generations` (JSON).
/// - A source image, or a sketch without a ControlNet: `POST /v1/images/edits` (multipart) with
///   the starting picture and **no mask** (`sd-server` reads a mask as gray, 0 = keep, so
///   OpenAI's transparent mask would freeze the picture); `strength` is how much is repainted:
///   `1 − kept` for a source, `1 − strength / 2` for a sketch used as the picture.
/// - A sketch at strength 0 is never sent.
struct SDServerRequest: Sendable {
    var entry: EngineEntry

    /// Whether the server has a ControlNet (the configuration names one).
    var hasControlNet: Bool { entry.models.controlNet != nil }

    /// Whether the sketch goes out as `control_image`.
    func usesControl(_ conditioning: Conditioning) -> Bool {
        conditioning.guidance != nil && hasControlNet && conditioning.controls.strength > 0
    }

    /// Whether the sketch goes out darkened onto the starting picture (no ControlNet).
    func usesSketchPicture(_ conditioning: Conditioning) -> Bool {
        conditioning.guidance != nil && !hasControlNet && conditioning.controls.strength > 0
    }

    /// Whether the request goes to `/v1/images/edits`.
    func usesEdits(_ conditioning: Conditioning) -> Bool {
        conditioning.source != nil || usesSketchPicture(conditioning)
    }

    /// `sd-server`'s seed (a signed 64-bit integer, −1 meaning random): the variation's seed
    /// with its top bit cleared.
    static func seed(_ conditioning: Conditioning, variation: Int) -> Int64 {
        Int64(bitPattern: PromptText.seed(conditioning, variation: variation) & 0x7FFF_FFFF_FFFF_FFFF)
    }

    /// How much of the starting picture is repainted, `0 ... 1`; `nil` without one.
    func denoising(_ conditioning: Conditioning) -> Double? {
        if conditioning.source != nil { return ComfyUIWorkflow.rounded(1 - PromptText.sourceKeep(conditioning)) }
        if usesSketchPicture(conditioning) { return ComfyUIWorkflow.rounded(1 - conditioning.controls.strength / 2) }
        return nil
    }

    /// What the variations of `conditioning` send of its pictures, each encoded once: the
    /// guidance map when ``usesControl(_:)``, the starting picture when ``usesEdits(_:)``.
    func images(_ conditioning: Conditioning) throws -> RequestImages {
        var images = RequestImages()
        if usesControl(conditioning) { images.guidanceBase64 = try controlImage(conditioning)?.base64 }
        if usesEdits(conditioning) {
            let picture = OpenAIImagesRequest.startingPicture(conditioning, withSketch: usesSketchPicture(conditioning))
            images.startingPicture = try PNGCodec.encode(PNGDocument(image: picture))
        }
        return images
    }

    /// The most bytes of prompt text, extra arguments included, sent to `sd-server`. Its prompt
    /// parser (a `std::regex` over the whole prompt) recurses once per character: on 97d2990 with
    /// the usual 8 MiB thread stack, a 46 KB prompt went through and a 48 KB one crashed the
    /// server (segfault, no answer, every queued request lost). A 1024² line map as RGB PNG is
    /// about 22 KB of base64; a soft or distance map is several times that.
    static let promptBudget = 32 * 1024

    /// The guidance map as base64 of an RGB PNG that fits in ``promptBudget`` beside the rest of
    /// the prompt: at full size, else at half or a quarter of it (`sd-server` scales a control
    /// image to the output size itself), with the divisor used. `nil` without a map.
    ///
    /// - Throws: ``RemoteEngineError/rejected(service:details:)`` when not even a quarter fits
    ///   (nothing is sent).
    func controlImage(_ conditioning: Conditioning) throws -> (base64: String, divisor: Int)? {
        guard let map = conditioning.guidance?.image.converted(to: .gray, background: .black) else { return nil }
        // Everything but the map, with the longest seed; the map's base64 has no escapes.
        var probe = conditioning
        probe.seed = UInt64(Int64.max)
        let rest = prompt(probe, variation: 0, images: RequestImages(guidanceBase64: "")).utf8.count
        let room = Self.promptBudget - rest
        var sizes: [Int] = []
        for divisor in [1, 2, 4] {
            let scaled = divisor == 1 ? map : map.resampled(width: max(1, map.width / divisor), height: max(1, map.height / divisor))
            let base64 = Data(try PNGCodec.encode(PNGDocument(image: scaled.converted(to: .rgb)))).base64EncodedString()
            if base64.utf8.count <= room { return (base64, divisor) }
            sizes.append(base64.utf8.count)
        }
        let kb = { (bytes: Int) in "\(max(0, bytes + 1023) / 1024) KB" }
        throw RemoteEngineError.rejected(service: "the \(entry.name) engine (sd-server)", details:
            "the sketch's guidance map is \(kb(sizes[0])) of base64 (\(kb(sizes[2])) at a quarter size), and sd-server reads it inside the prompt, where only \(kb(room)) fit safely beside the rest (the server crashes past about 46 KB); nothing was sent: use the scribble encoding, a smaller size or a shorter prompt")
    }

    /// The `<sd_cpp_extra_args>` object for one variation.
    func extraArguments(_ conditioning: Conditioning, variation: Int, images: RequestImages) -> JSONValue {
        // A configured 0 or "" means "the server's own"; a request's value is always sent.
        let request = conditioning.sampling
        let defaults = entry.defaults.applying(request)
        var args: [String: JSONValue] = ["seed": .int(Self.seed(conditioning, variation: variation))]
        if !defaults.negativePrompt.isEmpty { args["negative_prompt"] = .string(defaults.negativePrompt) }
        var sampling: [String: JSONValue] = [:]
        if defaults.steps > 0 { sampling["sample_steps"] = .int(Int64(defaults.steps)) }
        if defaults.cfgScale > 0 || request.cfgScale != nil { sampling["guidance"] = ["txt_cfg": .double(defaults.cfgScale)] }
        if !defaults.sampler.isEmpty { sampling["sample_method"] = .string(defaults.sampler) }
        if !defaults.scheduler.isEmpty { sampling["scheduler"] = .string(defaults.scheduler) }
        if !sampling.isEmpty { args["sample_params"] = .object(sampling) }
        if let strength = denoising(conditioning) { args["strength"] = .double(strength) }
        if usesControl(conditioning), let guidance = images.guidanceBase64 {
            args["control_image"] = .string(guidance)
            args["control_strength"] = .double(ComfyUIWorkflow.rounded(conditioning.controls.strength))
        }
        return .object(args)
    }

    /// The prompt with the extra arguments appended.
    func prompt(_ conditioning: Conditioning, variation: Int, images: RequestImages) -> String {
        let args = String(decoding: extraArguments(conditioning, variation: variation, images: images).serialized(), as: UTF8.self)
        return PromptText.positive(conditioning) + " <sd_cpp_extra_args>" + args + "</sd_cpp_extra_args>"
    }

    /// The JSON body for `/v1/images/generations`.
    func generationsBody(_ conditioning: Conditioning, variation: Int, images: RequestImages) -> JSONValue {
        ["prompt": .string(prompt(conditioning, variation: variation, images: images)), "n": 1,
         "size": .string(conditioning.size.description), "output_format": "png"]
    }

    /// The multipart form for `/v1/images/edits`: the starting picture (as ``images(_:)`` encoded
    /// it), no mask.
    func editsForm(_ conditioning: Conditioning, variation: Int, images: RequestImages) -> MultipartForm {
        var form = MultipartForm()
        form.add("image", filename: "image.png", contentType: "image/png", data: images.startingPicture ?? [])
        form.add("prompt", prompt(conditioning, variation: variation, images: images))
        form.add("n", "1")
        form.add("size", conditioning.size.description)
        form.add("output_format", "png")
        return form
    }

    /// What of `conditioning` `sd-server` cannot honour or check, one notice each. Its ControlNet applies
    /// at every step with an even balance, so only another schedule than 0–1 or another mode
    /// than balanced is dropped there. `namesChecked`: the server's sampler and scheduler lists
    /// are known (`/sdapi/v1/samplers`), so the request's names are checked against them.
    func dropped(_ conditioning: Conditioning, namesChecked: Bool = false) -> [String] {
        (namesChecked ? [] : uncheckedNames(conditioning)) + droppedControls(conditioning)
    }

    /// The request's sampler and scheduler, when `sd-server` has no list to check them against
    /// (a build without `/sdapi/v1/samplers`, or one not asked yet).
    func uncheckedNames(_ conditioning: Conditioning) -> [String] {
        let named = [("sampler", conditioning.sampling.sampler), ("scheduler", conditioning.sampling.scheduler)]
            .compactMap { role, name in name.map { "\(role) '\($0)'" } }
        guard !named.isEmpty else { return [] }
        return ["the \(entry.name) engine (sd-server) has no sampler and scheduler lists to check \(named.joined(separator: " and ")) against (a name it does not know runs as its default)"]
    }

    /// The guidance controls the sketch's route cannot honour.
    private func droppedControls(_ conditioning: Conditioning) -> [String] {
        let c = conditioning.controls
        let schedule = "schedule \(NumberText.compact(c.start))–\(NumberText.compact(c.end)) and mode \(c.mode.rawValue) are not honoured"
        if usesControl(conditioning) {
            var notices: [String] = []
            // The map travels inside the prompt, which sd-server reads safely only up to a size.
            if let divisor = (try? controlImage(conditioning))??.divisor, divisor > 1 {
                notices.append("the \(entry.name) engine (sd-server) reads the sketch's guidance map inside the prompt, where the full-size map does not fit safely, so it is sent at 1/\(divisor) size and the server scales it up (use the scribble encoding to keep it sharp)")
            }
            var lost: [String] = []
            if c.start != 0 || c.end != 1 { lost.append("schedule \(NumberText.compact(c.start))–\(NumberText.compact(c.end))") }
            if c.mode != .balanced { lost.append("mode \(c.mode.rawValue)") }
            guard !lost.isEmpty else { return notices }
            let verb = lost.count == 1 ? "is" : "are"
            return notices + ["the \(entry.name) engine (sd-server ControlNet) weighs the sketch by strength only: \(lost.joined(separator: " and ")) \(verb) not honoured (it guides every step, balanced)"]
        }
        guard usesSketchPicture(conditioning) else { return [] }
        if conditioning.source != nil {
            return ["the \(entry.name) engine has no models.controlNet, so the sketch's lines are drawn onto the source: its strength \(NumberText.compact(c.strength)), \(schedule)"]
        }
        return ["the \(entry.name) engine has no models.controlNet, so the sketch is the starting picture (strength \(NumberText.compact(c.strength)) keeps \(NumberText.compact(c.strength / 2)) of it): \(schedule)"]
    }
}
