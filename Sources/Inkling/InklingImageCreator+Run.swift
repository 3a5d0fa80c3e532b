import Foundation
import InklingEngines
import InklingImageIO
import InklingOutputs

extension InklingImageCreator {
    /// Runs `variations` of `plan` as one engine request, handing each event to `deliver` (an
    /// image encoded with its recipe in `encoding`, several at once, the embedded source encoded
    /// once); `work` collects what a stopped engine said of its work.
    ///
    /// The engine's stream is read outside the caller's task, so that cancelling the caller
    /// stops the engine (``EngineStop``) without closing the stream: the engine's account of its
    /// stopped work still arrives before the stream ends.
    static func run(
        _ plan: RequestPlan, variations: [Int], engine: any ImageEngine, work: CancelledEngineWork, recipeOverride: Recipe?,
        encoding: OutputEncoding? = .current, deliver: @escaping @Sendable (CreationEvent) throws -> Void
    ) async throws {
        // Each variation's recipe and its text chunks (the embedded source image encoded once for
        // all) are made while the engine works, off the path from an engine's image to its result.
        let embedded = recipeOverride == nil ? plan.source?.image : recipeOverride?.source?.image
        let labels = Task { () -> [Int: (recipe: Recipe, chunks: [PNGTextChunk])] in
            let sourceChunk = embedded.flatMap(Recipe.sourceChunk)
            let recipes = recipeOverride.map { recipe in Dictionary(variations.map { ($0, recipe) }, uniquingKeysWith: { first, _ in first }) }
                ?? plan.recipes(variations)
            return recipes.mapValues { ($0, $0.textChunks(sourceChunk: sourceChunk)) }
        }
        let stop = EngineStop()
        // One variation's result: its recipe in the engine's own PNG when that qualifies, else encoded.
        @Sendable func result(_ variation: Int, _ image: RasterImage, png: [UInt8]?) async throws {
            do {
                let label = await labels.value[variation] ?? {
                    let recipe = recipeOverride ?? plan.recipe(variation: variation)
                    return (recipe, recipe.textChunks(sourceChunk: embedded.flatMap(Recipe.sourceChunk)))
                }()
                // Without an encoding the caller uses the pixels only: no PNG is made.
                try deliver(.image(try encoding.map {
                    try GeneratedPNG(image: image, recipe: label.recipe, textChunks: label.chunks, enginePNG: png, encoding: $0)
                } ?? GeneratedPNG(pixels: image, recipe: label.recipe)))
            } catch {
                stop.stop()
                throw error
            }
        }
        let events = engine.images(for: EngineRequest(plan.conditioning, variations: variations, stop: stop))
        let reader = Task {
            do {
                try await withThrowingTaskGroup(of: Void.self) { encoders in
                    for try await event in events {
                        switch event {
                        case .image(let variation, let image):
                            encoders.addTask { try await result(variation, image, png: nil) }
                        case .encodedImage(let variation, let image, let png):
                            encoders.addTask { try await result(variation, image, png: png) }
                        case .progress(let variation, let step, let steps): try deliver(.progress(variation: variation, step: step, steps: steps))
                        case .preview(let variation, let bytes): try deliver(.preview(variation: variation, bytes: bytes))
                        case .notice(let line): try deliver(.notice(line))
                        case .cancelled(let summary): work.record(summary)
                        }
                    }
                    try await encoders.waitForAll()
                }
            } catch {
                stop.stop()
                throw error
            }
        }
        try await withTaskCancellationHandler { try await reader.value } onCancel: { stop.stop() }
    }
}
