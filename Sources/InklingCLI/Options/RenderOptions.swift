import Foundation
import InklingConditioning
import InklingBase

/// The options of `inkling render`, read and range-checked before any work.
struct RenderOptions: Sendable {
    var prompt: String?
    var extractPath: String?
    var title: String?
    var sourcePath: String?
    var style: Style?
    var size: SizeRequest
    var limit: Int
    var generation: GenerationOptions
    var embedSource: Bool

    /// The option and flag specification.
    static let spec = ArgumentSpec(
        options: [
            .init("prompt", short: "p", value: "text", help: "What to make an image of (a short description)."),
            .init("extract", value: "notes.txt", help: "Long text whose key phrases become concepts."),
            .init("title", value: "text", help: "Title of the --extract text (weighs more)."),
            .init("source", value: "photo.png|.jpg", help: "Source image for colour and composition."),
            .init("style", value: "name", help: "animation, illustration, sketch, emoji, or externalProvider (the configured external engine); default: asked for in the prompt, else illustration."),
            .init("size", value: "WxH", help: "Requested size; the engine picks its closest supported size.", default: "closest to the drawing's canvas, else 1024x1024"),
            .init("limit", short: "n", value: "n", help: "Number of variations, 1…4.", default: "1"),
            .init("seed", value: "n", help: "Seed; the same inputs and seed give the same images.", default: "0"),
            .init("strength", value: "f", help: "Guidance strength 0…1: 0 ignores the sketch, 1 follows it closely.", default: "0.6"),
            .init("guidance-start", value: "f", help: "Fraction of the generation where guidance starts, 0…1.", default: "0"),
            .init("guidance-end", value: "f", help: "Fraction where guidance ends, start…1.", default: "0.6"),
            .init("mode", value: "name", help: "balanced, promptFirst or sketchFirst.", default: "promptFirst"),
            .init("source-strength", value: "f", help: "Influence of the source image, 0…1.", default: "0.35"),
            .init("encoding", value: "name", help: "How the sketch is encoded for the sketch model: scribble, soft, distance or confidence (white lines on black, what ControlNet scribble, soft-edge and lineart models take); add -inverted for black on white (scribble-inverted).", default: "scribble"),
            .init("negative-prompt", value: "text", help: "What the image should avoid (\"\" for nothing).", default: "the engine configuration's"),
            .init("steps", value: "n", help: "Denoising steps, 1…150.", default: "the engine configuration's"),
            .init("cfg", value: "f", help: "Classifier-free guidance scale, 0…30.", default: "the engine configuration's"),
            .init("sampler", value: "name", help: "Sampler as the server spells it (ComfyUI euler, A1111 \"Euler a\"); checked against the server's list.", default: "the engine configuration's"),
            .init("scheduler", value: "name", help: "Scheduler as the server spells it (ComfyUI karras, A1111 Karras); checked against the server's list.", default: "the engine configuration's"),
        ],
        flags: [
            .init("no-personalization", help: "Let the source image inform colour and composition only, never reproduce it."),
            .init("no-embed-source", help: "Do not embed the source image's pixels in the outputs (smaller files; no replay)."),
        ])

    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        prompt = try arguments.value("prompt", as: String.self)
        if let prompt, prompt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw .usage("--prompt is empty") }
        extractPath = try arguments.value("extract", as: String.self)
        title = try arguments.value("title", as: String.self)
        if title != nil && extractPath == nil { throw .usage("--title needs --extract (it titles the extracted text)") }
        sourcePath = try arguments.value("source", as: String.self)
        style = try arguments.value("style", as: Style.self)
        size = try arguments.value("size", as: ImageSize.self).map { .closest(to: PixelSize(width: $0.width, height: $0.height)) } ?? .engineDefault
        limit = try arguments.value("limit", as: Int.self) ?? 1
        guard (1...4).contains(limit) else { throw .usage("--limit must be 1…4, got \(limit)") }
        func fraction(_ name: String, _ fallback: Double, from low: Double = 0) throws(CommandFailure) -> Double {
            guard let value = try arguments.value(name, as: Double.self) else { return fallback }
            guard (low...1).contains(value) else { throw .usage("--\(name) must be within \(NumberText.compact(low))…1, got \(NumberText.compact(value))") }
            return value
        }
        let defaults = GuidanceControls.default
        let start = try fraction("guidance-start", defaults.start)
        let end = try fraction("guidance-end", max(defaults.end, start), from: start)
        let controls = GuidanceControls(
            strength: try fraction("strength", defaults.strength), start: start, end: end,
            mode: try arguments.value("mode", as: GuidanceMode.self) ?? defaults.mode,
            encoding: try arguments.value("encoding", as: SketchEncoding.self) ?? .scribble)
        let sampling = SamplingOverrides(
            negativePrompt: try arguments.value("negative-prompt", as: String.self),
            steps: try arguments.value("steps", as: Int.self), cfgScale: try arguments.value("cfg", as: Double.self),
            sampler: try arguments.value("sampler", as: String.self), scheduler: try arguments.value("scheduler", as: String.self))
        do {
            try sampling.validate()
        } catch {
            throw .usage(Self.flagged(error))
        }
        let seed = try arguments.value("seed", as: UInt64.self) ?? 0
        guard GenerationOptions.seedRange.contains(seed) else {
            throw .usage("--seed must be within \(GenerationOptions.seedRange.lowerBound)…\(GenerationOptions.seedRange.upperBound), got \(seed)")
        }
        generation = GenerationOptions(
            size: size, personalization: !arguments.flag("no-personalization"),
            seed: seed, guidance: controls,
            sourceStrength: try fraction("source-strength", 0.35), sampling: sampling)
        embedSource = !arguments.flag("no-embed-source")
    }

    /// A sampling error worded with the flag's name (`--cfg must be …`).
    static func flagged(_ error: ConditioningError) -> String {
        guard case let .invalidOption(name, value, expected) = error else { return error.description }
        let flag = ["negativePrompt": "negative-prompt", "cfgScale": "cfg"][name] ?? name
        return "--\(flag) is \(value); expected \(expected)"
    }
}
