import Foundation
import InklingConditioning
import InklingBase

/// The options of `inkling render`, read and range-checked before any work.
struct RenderOptions: Sendable {
    var prompt: String?
    var extractPath: String?
    var title: String?
    var sourcePath: String?
    var maxPixels: Int?
    var style: Style?
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
            ImageInput.option,
            .init("style", value: "name", help: "animation, illustration, sketch, emoji, or externalProvider (the configured external engine); default: asked for in the prompt, else illustration."),
            .init("limit", short: "n", value: "n", help: "Number of variations, 1…4.", default: "1"),
        ] + FlagOptions.options,
        flags: FlagOptions.flags + [
            .init("no-embed-source", help: "Do not embed the source image's pixels in the outputs (smaller files; no replay)."),
        ])

    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        prompt = try arguments.value("prompt", as: String.self)
        if let prompt, prompt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw .usage("--prompt is empty") }
        extractPath = try arguments.value("extract", as: String.self)
        title = try arguments.value("title", as: String.self)
        if title != nil && extractPath == nil { throw .usage("--title needs --extract (it titles the extracted text)") }
        sourcePath = try arguments.value("source", as: String.self)
        maxPixels = try ImageInput.maxPixels(arguments)
        style = try arguments.value("style", as: Style.self)
        limit = try arguments.value("limit", as: Int.self) ?? 1
        guard (1...4).contains(limit) else { throw .usage("--limit must be 1…4, got \(limit)") }
        var generation = GenerationOptions()
        try GenerationOptionsCodec.read(FlagOptions(arguments: arguments), into: &generation)
        self.generation = generation
        embedSource = !arguments.flag("no-embed-source")
    }

    /// A sampling error worded with the flag's name (`--cfg must be …`).
}
