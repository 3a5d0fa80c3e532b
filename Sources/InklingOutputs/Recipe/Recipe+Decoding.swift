import InklingBase
import InklingConditioning
import InklingImageIO
import InklingStrokes

extension Recipe {
    /// Reads recipe JSON as ``jsonText()`` writes it, checking every field and the drawing's hash.
    ///
    /// - Parameter sourceImage: the pixels from the `inkling:source` chunk, if there was one;
    ///   checked against the recorded size and SHA-256.
    /// - Throws: ``RecipeError`` naming the first field that is missing or invalid.
    public init(json: String, sourceImage: RasterImage? = nil) throws(RecipeError) {
        let r = try RecipeJSONReader.parse(json)
        guard (try? r.string("format")) == "inkling.recipe" else {
            throw .malformedJSON("format is not \"inkling.recipe\"")
        }
        let version = try r.integer("version", in: 1...Int(Int32.max))
        guard version <= Self.formatVersion else { throw .unsupportedVersion(version) }

        let size = try r.object("size")
        let seedText = try r.string("seed")
        guard let seed = UInt64(seedText) else { throw .invalidField("seed", expected: "a whole number 0…\(UInt64.max) in a string") }
        let g = try r.object("guidance")
        let start = try g.number("start", in: 0...1)
        let guidance = GuidanceControls(
            strength: try g.number("strength", in: 0...1), start: start, end: try g.number("end", in: start...1),
            mode: try g.enumeration("mode", as: GuidanceMode.self), encoding: try Self.encoding(in: g))
        let sampling = try Self.sampling(in: r)

        var concepts: [RecipeConcept] = []
        for c in try r.array("concepts") {
            switch try c.string("kind") {
            case "text": concepts.append(.text(try c.string("text")))
            case "extracted": concepts.append(.extracted(try c.string("text"), title: try c.optionalString("title")))
            case "image": concepts.append(.image(origin: try c.optionalString("origin")))
            case "drawing": concepts.append(.drawing)
            default: throw .invalidField(c.name("kind"), expected: "text, extracted, image or drawing")
            }
        }
        var phrases: [ConceptPhrase] = []
        for p in try r.array("phrases") {
            phrases.append(ConceptPhrase(try p.string("text"), weight: try p.number("weight", in: 0...1)))
        }

        var drawing: RecipeDrawing?
        if let d = try r.optionalObject("drawing") {
            let stored = RecipeDrawing(json: try d.string("json"), sha256: try d.string("sha256"))
            guard SHA256.hex(of: Array(stored.json.utf8)) == stored.sha256 else { throw .drawingHashMismatch }
            drawing = stored
        }

        var source: RecipeSource?
        if let s = try r.optionalObject("source") {
            let recorded = RecipeSource(
                sha256: try s.string("sha256"), origin: try s.optionalString("origin"),
                width: try s.integer("width", in: 1...1 << 20), height: try s.integer("height", in: 1...1 << 20),
                format: try s.enumeration("format", as: PixelFormat.self), image: nil)
            source = try Self.attach(sourceImage, to: recorded)
        }

        self.init(
            inklingVersion: try r.string("inkling"), engine: try r.string("engine"),
            style: try r.enumeration("style", as: Style.self),
            size: PixelSize(width: try size.integer("width", in: 1...65_536), height: try size.integer("height", in: 1...65_536)),
            seed: seed, variation: try r.integer("variation", in: 0...1_000_000), guidance: guidance,
            sourceStrength: try r.number("sourceStrength", in: 0...1), personalization: try r.bool("personalization"),
            concepts: concepts, phrases: phrases, title: try r.optionalString("title"),
            language: try r.optionalString("language"), drawing: drawing, source: source, sampling: sampling)
    }

    /// `guidance.encoding`, scribble when absent (recipes written before it could be chosen).
    private static func encoding(in guidance: RecipeJSONReader) throws(RecipeError) -> SketchEncoding {
        guard let text = try guidance.optionalString("encoding") else { return .scribble }
        guard let encoding = SketchEncoding(text) else {
            throw .invalidField(guidance.name("encoding"), expected: "one of \(SketchEncoding.names.joined(separator: ", "))")
        }
        return encoding
    }

    /// The `sampling` object, none when absent.
    private static func sampling(in recipe: RecipeJSONReader) throws(RecipeError) -> SamplingOverrides {
        guard let s = try recipe.optionalObject("sampling") else { return .none }
        let steps = s.isNull("steps") ? nil : try s.integer("steps", in: SamplingOverrides.stepsRange.lowerBound...SamplingOverrides.stepsRange.upperBound)
        let cfg = s.isNull("cfgScale") ? nil : try s.number("cfgScale", in: SamplingOverrides.cfgScaleRange)
        return SamplingOverrides(
            negativePrompt: try s.optionalString("negativePrompt"), steps: steps, cfgScale: cfg,
            sampler: try s.optionalString("sampler"), scheduler: try s.optionalString("scheduler"))
    }

    /// `recorded` with the embedded pixels attached, after checking their size and hash.
    private static func attach(_ image: RasterImage?, to recorded: RecipeSource) throws(RecipeError) -> RecipeSource {
        guard let image else { return recorded }
        guard image.width == recorded.width, image.height == recorded.height, image.format == recorded.format else {
            throw .sourceInvalid("embedded \(image.format.rawValue) \(image.width)×\(image.height), recorded \(recorded.format.rawValue) \(recorded.width)×\(recorded.height)")
        }
        guard RecipeSource.fingerprint(of: image) == recorded.sha256 else { throw .sourceHashMismatch }
        var source = recorded
        source.image = image
        return source
    }
}
