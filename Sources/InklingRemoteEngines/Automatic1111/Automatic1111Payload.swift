import InklingBase
import Foundation
import InklingConditioning
import InklingEngines

/// The JSON body of `/sdapi/v1/txt2img` or `/sdapi/v1/img2img` for one variation, with the
/// sketch as a ControlNet unit in `alwayson_scripts`.
///
/// It asks the web UI to keep nothing: the image comes back in the answer (`send_images`) and is
/// not saved (`save_images`, `do_not_save_samples`, `do_not_save_grid`), the source image is not
/// saved either (`save_init_img` off for the request), and the ControlNet unit keeps no detected
/// map (`save_detected_map`).
struct Automatic1111Payload: Sendable {
    /// ControlNet's `control_mode` for each guidance mode.
    static func controlMode(_ mode: GuidanceMode) -> String {
        switch mode {
        case .balanced: "Balanced"
        case .promptFirst: "My prompt is more important"
        case .sketchFirst: "ControlNet is more important"
        }
    }

    /// Seeds are 32-bit in A1111: the variation's seed modulo 2³².
    static func seed(_ conditioning: Conditioning, variation: Int) -> Int64 {
        Int64(PromptText.seed(conditioning, variation: variation) & 0xFFFF_FFFF)
    }

    var entry: EngineEntry
    /// Whether the server has the ControlNet API (when it has not, the sketch is left out).
    var controlNetAvailable = true

    /// Whether the sketch goes out as a ControlNet unit.
    func usesSketch(_ conditioning: Conditioning) -> Bool {
        conditioning.guidance != nil && entry.models.controlNet != nil && conditioning.controls.strength > 0 && controlNetAvailable
    }

    /// What the variations of `conditioning` send of its pictures, each encoded once: the guidance
    /// map when ``usesSketch(_:)``, the fitted source image when there is one.
    func images(_ conditioning: Conditioning) throws -> RequestImages {
        var images = RequestImages()
        if usesSketch(conditioning) { images.guidanceBase64 = try RemoteImages.guidancePNG(conditioning).map { Data($0).base64EncodedString() } }
        images.sourceBase64 = try RemoteImages.sourcePNG(conditioning).map { Data($0).base64EncodedString() }
        return images
    }

    /// The endpoint (`/sdapi/v1/img2img` with a source image) and its body, with the pictures
    /// ``images(_:)`` encoded for the request.
    func request(_ conditioning: Conditioning, variation: Int, images: RequestImages) -> (path: String, body: JSONValue) {
        let defaults = entry.defaults.applying(conditioning.sampling)
        var body: [String: JSONValue] = [
            "prompt": .string(PromptText.positive(conditioning)),
            "negative_prompt": .string(defaults.negativePrompt),
            "seed": .int(Self.seed(conditioning, variation: variation)),
            "steps": .int(Int64(defaults.steps)),
            "cfg_scale": .double(defaults.cfgScale),
            "sampler_name": .string(defaults.sampler),
            "scheduler": .string(defaults.scheduler),
            "width": .int(Int64(conditioning.size.width)),
            "height": .int(Int64(conditioning.size.height)),
            "batch_size": 1,
            "n_iter": 1,
            "send_images": true,
            "save_images": false,
            "do_not_save_samples": true,
            "do_not_save_grid": true,
            "override_settings_restore_afterwards": true,
        ]
        var settings: [String: JSONValue] = ["save_init_img": false]
        if let checkpoint = entry.models.checkpoint { settings["sd_model_checkpoint"] = .string(checkpoint) }
        body["override_settings"] = .object(settings)
        if usesSketch(conditioning), let guidance = images.guidanceBase64, let model = entry.models.controlNet {
            let controls = conditioning.controls
            let unit: JSONValue = [
                "enabled": true,
                "image": .string(guidance),
                "module": "none",
                "model": .string(model),
                "weight": .double(ComfyUIWorkflow.rounded(controls.strength)),
                "guidance_start": .double(controls.start),
                "guidance_end": .double(controls.end),
                "control_mode": .string(Self.controlMode(controls.mode)),
                "resize_mode": "Just Resize",
                "pixel_perfect": true,
                "save_detected_map": false,
            ]
            body["alwayson_scripts"] = ["controlnet": ["args": [unit]]]
        }
        guard let source = images.sourceBase64 else { return ("/sdapi/v1/txt2img", .object(body)) }
        body["init_images"] = [.string(source)]
        body["denoising_strength"] = .double(ComfyUIWorkflow.rounded(1 - PromptText.sourceKeep(conditioning)))
        body["resize_mode"] = 0
        return ("/sdapi/v1/img2img", .object(body))
    }
}
