import InklingBase
import InklingConditioning
import InklingEngines

/// Builds ComfyUI's API-format workflow (a map from node id to `class_type` and `inputs`, links
/// written `[node id, output index]`) for one variation.
///
/// ```
/// 1 CheckpointLoaderSimple ─┬─ 2 CLIPTextEncode (positive) ─┐
///                           └─ 3 CLIPTextEncode (negative) ─┤
/// 4 ControlNetLoader ─ 5 LoadImage (guidance) ─ 6 ControlNetApplyAdvanced ─┐   (with a drawing)
/// 7 LoadImage (source) ─ 8 VAEEncode  |  8 EmptyLatentImage               ─┤
///                                     9 KSampler ─ 10 VAEDecode ─ 11 PreviewImage
/// ```
///
/// The image comes back through PreviewImage, which writes to ComfyUI's temp folder (emptied
/// when ComfyUI starts and exits), not SaveImage, which would keep it in output/ with the whole
/// workflow in its PNG metadata.
struct ComfyUIWorkflow: Sendable {
    /// The node whose output holds the image.
    static let outputNode = "11"

    /// How much `mode` scales the ControlNet strength (ComfyUI has no control mode; this is the
    /// documented approximation: the prompt wins by weakening the sketch, and the other way).
    static func modeFactor(_ mode: GuidanceMode) -> Double {
        switch mode {
        case .promptFirst: 0.75
        case .balanced: 1.0
        case .sketchFirst: 1.25
        }
    }

    var checkpoint: String
    var controlNet: String?
    /// The configuration's sampler settings; the request's ``Conditioning/sampling`` overrides them.
    var defaults: GenerationDefaults
    /// The uploaded guidance map's name as LoadImage wants it (`name [temp]`), if any.
    var guidanceImage: String?
    /// The uploaded source image's name, if any.
    var sourceImage: String?

    /// Whether the sketch steers: a map, a control model and a strength above zero.
    static func usesSketch(_ conditioning: Conditioning, controlNet: String?) -> Bool {
        conditioning.guidance != nil && controlNet != nil && conditioning.controls.strength > 0
    }

    /// The workflow for variation `variation` of `conditioning`.
    func graph(_ conditioning: Conditioning, variation: Int) -> JSONValue {
        let defaults = self.defaults.applying(conditioning.sampling)
        var nodes: [String: JSONValue] = [:]
        func node(_ id: String, _ type: String, _ inputs: [String: JSONValue]) {
            nodes[id] = ["class_type": .string(type), "inputs": .object(inputs)]
        }
        func link(_ id: String, _ output: Int64) -> JSONValue { [.string(id), .int(output)] }

        node("1", "CheckpointLoaderSimple", ["ckpt_name": .string(checkpoint)])
        node("2", "CLIPTextEncode", ["text": .string(PromptText.positive(conditioning)), "clip": link("1", 1)])
        node("3", "CLIPTextEncode", ["text": .string(defaults.negativePrompt), "clip": link("1", 1)])
        var positive = link("2", 0), negative = link("3", 0)
        if let guidanceImage, let controlNet, Self.usesSketch(conditioning, controlNet: controlNet) {
            let controls = conditioning.controls
            node("4", "ControlNetLoader", ["control_net_name": .string(controlNet)])
            node("5", "LoadImage", ["image": .string(guidanceImage)])
            node("6", "ControlNetApplyAdvanced", [
                "positive": positive, "negative": negative, "control_net": link("4", 0), "image": link("5", 0),
                "strength": .double(Self.rounded(controls.strength * Self.modeFactor(controls.mode))),
                "start_percent": .double(controls.start), "end_percent": .double(controls.end),
            ])
            positive = link("6", 0)
            negative = link("6", 1)
        }
        let denoise: Double
        if let sourceImage {
            node("7", "LoadImage", ["image": .string(sourceImage)])
            node("8", "VAEEncode", ["pixels": link("7", 0), "vae": link("1", 2)])
            denoise = Self.rounded(1 - PromptText.sourceKeep(conditioning))
        } else {
            node("8", "EmptyLatentImage", ["width": .int(Int64(conditioning.size.width)), "height": .int(Int64(conditioning.size.height)),
                                           "batch_size": 1])
            denoise = 1
        }
        node("9", "KSampler", [
            "model": link("1", 0), "seed": .uint(PromptText.seed(conditioning, variation: variation)),
            "steps": .int(Int64(defaults.steps)), "cfg": .double(defaults.cfgScale),
            "sampler_name": .string(defaults.sampler), "scheduler": .string(defaults.scheduler),
            "positive": positive, "negative": negative, "latent_image": link("8", 0), "denoise": .double(denoise),
        ])
        node("10", "VAEDecode", ["samples": link("9", 0), "vae": link("1", 2)])
        node(Self.outputNode, "PreviewImage", ["images": link("10", 0)])
        return .object(nodes)
    }

    /// Six decimals: no `0.44999999999999996` in the graph.
    static func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }
}
