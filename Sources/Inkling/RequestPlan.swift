import InklingConditioning
import InklingOutputs

/// One validated request: the conditioning every variation shares and the recipe parts that
/// record how it was asked for.
struct RequestPlan: Sendable {
    /// What the engine gets (its seed is the request's; variations are passed separately).
    var conditioning: Conditioning
    /// The concepts as given.
    var concepts: [RecipeConcept]
    /// The drawing as recorded.
    var drawing: RecipeDrawing?
    /// The source image as recorded (pixels kept only when they are to be embedded).
    var source: RecipeSource?
    /// Identifier of the engine that will paint.
    var engine: String

    /// The recipe of variation `variation`.
    func recipe(variation: Int) -> Recipe {
        let c = conditioning
        return Recipe(
            inklingVersion: InklingImageCreator.version, engine: engine, style: c.style, size: c.size, seed: c.seed,
            variation: variation, guidance: c.controls, sourceStrength: c.sourceStrength,
            personalization: c.personalization, concepts: concepts, phrases: c.phrases, title: c.title,
            language: c.language, drawing: drawing, source: source, sampling: c.sampling)
    }
}
