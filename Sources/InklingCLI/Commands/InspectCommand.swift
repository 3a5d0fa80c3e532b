import Foundation
import InklingImageIO
import InklingOutputs

/// `inkling inspect`: prints the recipe an Inkling PNG carries.
struct InspectCommand: InklingCommand {
    static let configuration = CommandConfiguration(
        name: "inspect",
        abstract: "Print the recipe stored in an image made by inkling render.",
        discussion: """
        Shows how the image was made: engine, style, size, seed and variation, guidance controls,
        the concepts as given and the phrases the engine used, the drawing's and source image's
        SHA-256. --json prints the recipe JSON exactly as stored (the inkling:recipe chunk).
        Exits 1 when the PNG has no recipe or it is damaged, 3 when the file cannot be read.
        """,
        arguments: ArgumentSpec(
            positionals: [.init("image", help: "A PNG written by inkling render.")],
            flags: [.init("json", help: "Print the recipe as JSON.")]))

    var path: String
    var json: Bool

    init(parsing arguments: ParsedArguments) throws(CommandFailure) {
        path = arguments.positionals[0]
        json = arguments.flag("json")
        if path == "-" { throw .usage("inspect reads a PNG file, not standard input") }
    }

    func run(io: any CommandIO) async throws(CommandFailure) -> ExitCode {
        let recipe: Recipe
        let chunks: [PNGTextChunk]
        do {
            chunks = try Recipe.textChunks(of: URL(fileURLWithPath: path))
            recipe = try Recipe(textChunks: chunks)
        } catch {
            throw CreationFailure.failure(error).prefixed(path)
        }
        if json {
            // The chunk's text as stored (earlier versions wrote numbers like `1.0`), once it has
            // read as a valid recipe.
            try io.print(chunks.first { $0.keyword == Recipe.recipeKeyword }?.text ?? recipe.jsonText())
        } else {
            try io.print(RecipeDescription.lines(for: recipe, path: path).joined(separator: "\n"))
        }
        return .success
    }
}

extension CommandFailure {
    /// The same failure with `subject: ` in front of its message.
    func prefixed(_ subject: String) -> CommandFailure { CommandFailure(exitCode, "\(subject): \(message)") }
}
