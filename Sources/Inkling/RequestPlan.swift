import InklingConditioning
import InklingOutputs
import InklingStrokes

/// One validated request: the conditioning every variation shares and the recipe parts that
/// record how it was asked for.
struct RequestPlan: Sendable {
    /// What the engine gets (its seed is the request's; variations are passed separately).
    var conditioning: Conditioning
    /// The concepts as given.
    var concepts: [RecipeConcept]
    /// The drawing as recorded (a replay's, as its recipe stored it).
    var drawing: RecipeDrawing?
    /// A drawing still to be recorded (``recordedDrawing()``): its canonical JSON and hash are
    /// needed only by the recipes, which are made while the engine works, so planning skips them.
    var unrecordedDrawing: Drawing? = nil
    /// The source image as recorded (pixels kept only when they are to be embedded).
    var source: RecipeSource?
    /// Identifier of the engine that will paint.
    var engine: String

    /// The recipe of variation `variation`.
    func recipe(variation: Int) -> Recipe {
        recipe(variation: variation, drawing: recordedDrawing())
    }

    /// The recipes of `variations`, the drawing recorded once for all.
    func recipes(_ variations: [Int]) -> [Int: Recipe] {
        let drawing = recordedDrawing()
        return Dictionary(variations.map { ($0, recipe(variation: $0, drawing: drawing)) }, uniquingKeysWith: { first, _ in first })
    }

    /// ``drawing``, or the ``unrecordedDrawing`` recorded now.
    func recordedDrawing() -> RecipeDrawing? {
        drawing ?? unrecordedDrawing.map(RecipeDrawing.init)
    }

    /// The recipe of variation `variation` with `drawing` as its recorded drawing.
    private func recipe(variation: Int, drawing: RecipeDrawing?) -> Recipe {
        let c = conditioning
        return Recipe(
            inklingVersion: InklingImageCreator.version, engine: engine, style: c.style, size: c.size, seed: c.seed,
            variation: variation, guidance: c.controls, sourceStrength: c.sourceStrength,
            personalization: c.personalization, concepts: concepts, phrases: c.phrases, title: c.title,
            language: c.language, drawing: drawing, source: source, sampling: c.sampling)
    }
}
