import Foundation
import Inkling
import InklingImageIO
import InklingOutputs
import InklingComparison

extension RenderCommand {
    /// Regenerates the PNG named by `input` from its recipe into the output directory, under the
    /// same file name (emoji: the set folder named after the PNG's folder).
    /// Why `--replay` cannot regenerate an image with this recipe, with the exit status that
    /// says so, or `nil` when it can: replay paints with the built-in engine only (4 otherwise),
    /// and needs the source image when one was used (3: the file lacks what replay reads).
    static func replayProblem(for recipe: Recipe) -> (message: String, exitCode: ExitCode)? {
        let engine = CLIEngine.make().identifier
        if recipe.engine != engine {
            return ("made by the \(recipe.engine) engine; only images of the \(engine) engine can be replayed here", .failure)
        }
        if let source = recipe.source, source.image == nil {
            return ("its source image is not embedded in the recipe (rendered with --no-embed-source), so it cannot be painted again", .inputRejected)
        }
        return nil
    }

    func runReplay(io: any CommandIO) async throws -> ExitCode {
        let source = URL(fileURLWithPath: input)
        let recipe: Recipe, original: [UInt8]
        do {
            (recipe, original) = try Recipe.readWithBytes(from: source)
        } catch {
            // Named as inspect names it: the file, then what is wrong with it.
            var failure = CreationFailure.failure(error)
            failure.message = "\(input): \(failure.message)"
            throw failure
        }
        // Written as the original was (files from before 2026-12-03 were compressed otherwise).
        let encoding = OutputEncoding.of(png: original)
        if let problem = Self.replayProblem(for: recipe) { throw CommandFailure(problem.exitCode, "\(input): \(problem.message)") }
        let creator = try await InklingImageCreator(engine: CLIEngine.make())
        defer { creator.session.removeAll() }
        let directory = try OutputNaming.prepare(directory: output)
        let name = recipe.style == .emoji ? source.deletingLastPathComponent().lastPathComponent : source.lastPathComponent
        let target = directory.appendingPathComponent(name)
        if target.standardizedFileURL.path == source.standardizedFileURL.path {
            throw CommandFailure(.usage, "replaying \(input) into its own directory would overwrite it; choose another -o")
        }
        if !overwrite && FileManager.default.fileExists(atPath: target.path) {
            throw CommandFailure(.io, "\(OutputNaming.display(target)) already exists; pass --overwrite or choose another -o")
        }
        let clock = ContinuousClock()
        let start = clock.now
        let image = try await creator.replay(recipe, encoding: encoding)
        let written = try Self.keep(image, at: target, session: creator.session, overwrite: overwrite,
                                    protecting: Set([input].compactMap(FileIdentity.init(path:))))
        let seconds = (clock.now - start) / .milliseconds(1) / 1000
        io.writeError("[1/1] wrote \(OutputNaming.display(written)) (\(MetricFormat.fixed(seconds, digits: 2)) s)")
        try io.print(OutputNaming.display(written))
        return .success
    }
}
