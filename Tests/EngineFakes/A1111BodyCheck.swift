import InklingBase
import Foundation
import InklingEngines
import InklingImageIO

/// Validates a txt2img / img2img body like A1111's request models and the ControlNet
/// extension's unit parser; returns the error reply A1111 would give, or `nil`.
struct A1111BodyCheck {
    let body: JSONValue
    let checkpoints: [String]
    let controlNets: [String]
    let img2img: Bool
    var violations: [String] = []
    var controlImage: RasterImage?
    var initImage: RasterImage?
    /// The ControlNet unit, when one came.
    var unit: JSONValue?

    init(body: JSONValue, checkpoints: [String], controlNets: [String], img2img: Bool) {
        self.body = body
        self.checkpoints = checkpoints
        self.controlNets = controlNets
        self.img2img = img2img
    }

    mutating func run() -> ServerReply? {
        let known: Set<String> = ["prompt", "negative_prompt", "seed", "steps", "cfg_scale", "sampler_name", "scheduler", "width", "height",
                                  "batch_size", "n_iter", "send_images", "save_images", "do_not_save_samples", "do_not_save_grid", "override_settings", "override_settings_restore_afterwards",
                                  "alwayson_scripts", "init_images", "denoising_strength", "resize_mode"]
        for key in body.object!.keys where !known.contains(key) { violations.append("unexpected field \(key)") }
        for (key, kind) in [("prompt", "str"), ("negative_prompt", "str"), ("sampler_name", "str")] where body[key]?.string == nil {
            return FakeAutomatic1111.unprocessable(["body", key], "\(kind) type expected")
        }
        for key in ["seed", "steps", "width", "height", "batch_size", "n_iter"] where body[key]?.int == nil {
            return FakeAutomatic1111.unprocessable(["body", key], "value is not a valid integer")
        }
        guard body["cfg_scale"]?.double != nil else { return FakeAutomatic1111.unprocessable(["body", "cfg_scale"], "value is not a valid float") }
        if body["scheduler"].map({ $0.string == nil }) == true { return FakeAutomatic1111.unprocessable(["body", "scheduler"], "str type expected") }
        for key in ["send_images", "save_images", "do_not_save_samples", "do_not_save_grid"] where body[key].map({ $0.bool == nil }) == true {
            return FakeAutomatic1111.unprocessable(["body", key], "value could not be parsed to a boolean")
        }
        let width = body["width"]!.int!, height = body["height"]!.int!
        if width % 8 != 0 || height % 8 != 0 || width < 64 || height < 64 { violations.append("size \(width)x\(height) is not a multiple of 8") }
        // A1111 finds checkpoints by title, by name ("file.safetensors") or by stem (its closest match).
        if let checkpoint = body["override_settings"]?["sd_model_checkpoint"]?.string,
           !checkpoints.contains(where: { $0 == checkpoint || $0.hasPrefix(checkpoint + " [") || $0.hasPrefix(checkpoint + ".") }) {
            return Self.failure("RuntimeError", "checkpoint \(checkpoint) not found; Stable diffusion model failed to load")
        }
        if img2img {
            guard let images = body["init_images"]?.array, let first = images.first?.string else {
                return FakeAutomatic1111.unprocessable(["body", "init_images"], "field required")
            }
            guard let decoded = Data(base64Encoded: first).flatMap({ FakePainter.decode([UInt8]($0)) }) else {
                return Self.failure("OSError", "cannot identify image file")
            }
            initImage = decoded
            guard let denoise = body["denoising_strength"]?.double, (0...1).contains(denoise) else {
                return FakeAutomatic1111.unprocessable(["body", "denoising_strength"], "ensure this value is within 0…1")
            }
        } else if body["init_images"] != nil {
            violations.append("init_images sent to txt2img")
        }
        if let scripts = body["alwayson_scripts"] {
            guard let args = scripts["controlnet"]?["args"]?.array, args.count == 1 else {
                return Self.failure("TypeError", "alwayson_scripts.controlnet.args must be a list of units")
            }
            return checkUnit(args[0])
        }
        return nil
    }

    private mutating func checkUnit(_ unit: JSONValue) -> ServerReply? {
        self.unit = unit
        let known: Set<String> = ["enabled", "image", "module", "model", "weight", "guidance_start", "guidance_end", "control_mode",
                                  "resize_mode", "pixel_perfect", "save_detected_map"]
        for key in unit.object?.keys.sorted() ?? [] where !known.contains(key) { violations.append("unexpected unit field \(key)") }
        guard unit["enabled"]?.bool == true else { violations.append("unit not enabled"); return nil }
        guard let model = unit["model"]?.string, controlNets.contains(model) else {
            return Self.failure("RuntimeError", "ControlNet model \(unit["model"]?.string ?? "nil") not found in \(controlNets)")
        }
        if unit["module"]?.string != "none" { violations.append("module \(unit["module"]?.text ?? "nil"): the map is already a scribble, expected none") }
        guard let image = unit["image"]?.string, let decoded = Data(base64Encoded: image).flatMap({ FakePainter.decode([UInt8]($0)) }) else {
            return Self.failure("ValueError", "ControlNet unit image is not a base64 image")
        }
        if decoded.format != .gray { violations.append("control image is \(decoded.format), expected flattened gray") }
        controlImage = decoded
        guard let weight = unit["weight"]?.double, (0...2).contains(weight) else { return Self.failure("ValueError", "weight must be 0…2") }
        guard let start = unit["guidance_start"]?.double, let end = unit["guidance_end"]?.double, 0 <= start, start <= end, end <= 1 else {
            return Self.failure("ValueError", "guidance_start/guidance_end must satisfy 0 ≤ start ≤ end ≤ 1")
        }
        guard let mode = unit["control_mode"]?.string, ["Balanced", "My prompt is more important", "ControlNet is more important"].contains(mode) else {
            return Self.failure("ValueError", "'\(unit["control_mode"]?.text ?? "nil")' is not a valid ControlMode")
        }
        guard let resize = unit["resize_mode"]?.string, ["Just Resize", "Crop and Resize", "Resize and Fill"].contains(resize) else {
            return Self.failure("ValueError", "'\(unit["resize_mode"]?.text ?? "nil")' is not a valid ResizeMode")
        }
        if unit["pixel_perfect"]?.bool == nil { violations.append("pixel_perfect is not a boolean") }
        if unit["save_detected_map"].map({ $0.bool == nil }) == true { violations.append("save_detected_map is not a boolean") }
        return nil
    }

    /// A1111's 500 shape for exceptions during generation.
    static func failure(_ error: String, _ message: String) -> ServerReply {
        .json(["error": .string(error), "detail": "", "body": "", "errors": .string(message)], status: 500)
    }
}
