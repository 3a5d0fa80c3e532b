import InklingConditioning
import InklingEngines
import InklingGuidance
import InklingOutputs

/// Rebuilds the plan of a recorded generation from its recipe.
enum RecipeReplay {
    /// The plan whose variation ``Recipe/variation`` gives back the recorded image.
    ///
    /// - Throws: ``RecipeError/sourceNotEmbedded`` when the source pixels are missing, the
    ///   drawing's decoding errors, or ``ImageCreationError`` when the engine cannot paint the
    ///   recorded style or size.
    static func plan(_ recipe: Recipe, capabilities: EngineCapabilities) throws -> RequestPlan {
        guard capabilities.styles.contains(recipe.style) else {
            throw ImageCreationError.notSupported(reason: "the engine no longer paints the \(recipe.style.rawValue) style")
        }
        guard capabilities.sizes.contains(recipe.size) else {
            throw ImageCreationError.notSupported(reason: "the engine no longer produces \(recipe.size.width)×\(recipe.size.height) images")
        }
        var source: SourceImage?
        if let recorded = recipe.source {
            guard let image = recorded.image else { throw RecipeError.sourceNotEmbedded }
            source = SourceImage(image: image, origin: recorded.origin)
        }
        let drawing = try recipe.drawing?.drawing()
        var guidance: GuidanceMap?
        if let drawing {
            guidance = try GenerationGuidance.map(for: drawing, size: recipe.size, encoding: recipe.guidance.encoding)
        }
        let conditioning = Conditioning(
            phrases: recipe.phrases, title: recipe.title, language: recipe.language, style: recipe.style, size: recipe.size,
            drawing: drawing, guidance: guidance, source: source, personalization: recipe.personalization, seed: recipe.seed,
            controls: recipe.guidance, sourceStrength: recipe.sourceStrength, sampling: recipe.sampling)
        return RequestPlan(conditioning: conditioning, concepts: recipe.concepts, drawing: recipe.drawing, source: recipe.source,
                           engine: recipe.engine)
    }
}
