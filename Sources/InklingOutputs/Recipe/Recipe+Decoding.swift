import InklingBase
import InklingConditioning
import InklingImageIO
import InklingStrokes

extension Recipe {
    /// What a recipe's JSON may hold: its drawing is one string of up to the stroke decoder's
    /// 64 MiB (plus escapes), everything else is small and shallow.
    public static let jsonLimits = JSONLimits(maxBytes: 160 << 20, maxDepth: 8)

    static let recipeKeys: Set<String> = [
        "format", "version", "inkling", "engine", "style", "size", "seed", "variation", "guidance", "sourceStrength",
        "personalization", "concepts", "phrases", "title", "language", "drawing", "source", "sampling",
    ]

    /// Reads recipe JSON as ``jsonText()`` writes it (and as earlier versions wrote it: numbers
    /// like `1.0`), checking every field and the drawing's hash.
    ///
    /// The text is parsed once by ``JSONDocument`` within ``jsonLimits``; unknown keys are
    /// refused (a recipe replays exactly, or not at all).
    ///
    /// - Parameter sourceImage: the pixels from the `inkling:source` chunk, if there was one;
    ///   checked against the recorded size and SHA-256.
    /// - Throws: ``RecipeError`` naming the first field that is missing or invalid.
    public init(json: String, sourceImage: RasterImage? = nil) throws(RecipeError) {
        var text = json
        let parsed = text.withUTF8 { bytes in
            Result { () throws(JSONError) in try JSONDocument.parse(UnsafeRawBufferPointer(bytes), limits: Self.jsonLimits) }
        }
        let root: JSONNode
        do {
            root = try parsed.get().root
        } catch {
            throw RecipeError(error)
        }
        guard root.kind == .object else { throw .malformedJSON("expected an object, got \(root.excerpt)") }
        guard root["format"]?.string == "inkling.recipe" else { throw .malformedJSON("format is not \"inkling.recipe\"") }
        do {
            // The version first: a newer recipe may hold keys this build does not know.
            let version = try root.fields(allowed: Set(root.keys)).requiredInteger("version", in: 1...Int(Int32.max))
            guard version <= Self.formatVersion else { throw RecipeError.unsupportedVersion(version) }
            try self.init(fields: root.fields(allowed: Self.recipeKeys), sourceImage: sourceImage)
        } catch let error as JSONError {
            throw RecipeError(error)
        } catch let error as RecipeError {
            throw error
        } catch {
            // Not reached: the fields throw only JSONError and RecipeError.
            throw .malformedJSON(String(describing: error))
        }
    }

    /// Reads the fields of a recipe whose format and version were checked; throws
    /// ``JSONError`` for a field, ``RecipeError`` for a hash or an embedded image that does not match.
    private init(fields r: JSONObjectReader, sourceImage: RasterImage?) throws {
        let size = try r.requiredObject("size", allowed: ["width", "height"])
        let seed = try Self.seed(in: r)
        let g = try r.requiredObject("guidance", allowed: ["strength", "start", "end", "mode", "encoding"])
        let start = try g.requiredNumber("start", in: 0...1)
        let guidance = GuidanceControls(
            strength: try g.requiredNumber("strength", in: 0...1), start: start, end: try g.requiredNumber("end", in: start...1),
            mode: try g.requiredWord("mode", as: GuidanceMode.self), encoding: try Self.encoding(in: g))
        let sampling = try Self.sampling(in: r)

        var concepts: [RecipeConcept] = []
        for element in try r.requiredArray("concepts") {
            let c = try element.fields(allowed: ["kind", "text", "title", "origin"])
            switch try c.requiredString("kind") {
            case "text": concepts.append(.text(try c.requiredString("text")))
            case "extracted": concepts.append(.extracted(try c.requiredString("text"), title: try c.optionalString("title")))
            case "image": concepts.append(.image(origin: try c.optionalString("origin")))
            case "drawing": concepts.append(.drawing)
            default: throw c.invalid("kind", expected: "text, extracted, image or drawing")
            }
        }
        var phrases: [ConceptPhrase] = []
        for element in try r.requiredArray("phrases") {
            let p = try element.fields(allowed: ["text", "weight"])
            phrases.append(ConceptPhrase(try p.requiredString("text"), weight: try p.requiredNumber("weight", in: 0...1)))
        }

        var drawing: RecipeDrawing?
        if let d = try r.object("drawing", allowed: ["sha256", "json"]) {
            // The drawing is stored as text so that its hash covers exactly those bytes; it is
            // decoded (``RecipeDrawing/drawing()``) only when the recipe is replayed.
            let stored = RecipeDrawing(json: try d.requiredString("json"), sha256: try d.requiredString("sha256"))
            guard SHA256.hex(of: Array(stored.json.utf8)) == stored.sha256 else { throw RecipeError.drawingHashMismatch }
            drawing = stored
        }

        var source: RecipeSource?
        if let s = try r.object("source", allowed: ["sha256", "origin", "width", "height", "format", "embedded"]) {
            _ = try s.bool("embedded")
            let recorded = RecipeSource(
                sha256: try s.requiredString("sha256"), origin: try s.optionalString("origin"),
                width: try s.requiredInteger("width", in: 1...1 << 20), height: try s.requiredInteger("height", in: 1...1 << 20),
                format: try s.requiredWord("format", as: PixelFormat.self), image: nil)
            source = try Self.attach(sourceImage, to: recorded)
        }

        self.init(
            inklingVersion: try r.requiredString("inkling"), engine: try r.requiredString("engine"),
            style: try r.requiredWord("style", as: Style.self),
            size: PixelSize(width: try size.requiredInteger("width", in: 1...65_536), height: try size.requiredInteger("height", in: 1...65_536)),
            seed: seed, variation: try r.requiredInteger("variation", in: 0...1_000_000), guidance: guidance,
            sourceStrength: try r.requiredNumber("sourceStrength", in: 0...1), personalization: try r.requiredBool("personalization"),
            concepts: concepts, phrases: phrases, title: try r.optionalString("title"),
            language: try r.optionalString("language"), drawing: drawing, source: source, sampling: sampling)
    }

    /// `seed`: written as a string of decimal digits (64-bit seeds lose bits in readers that
    /// hold numbers as doubles); an exact whole number is read too.
    private static func seed(in r: JSONObjectReader) throws(JSONError) -> UInt64 {
        let value = try r.required("seed")
        let expected = "a whole number within 0…\(UInt64.max), in a string"
        if let text = value.string {
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let seed = UInt64(text) else { throw value.expected(expected, kind: .outOfRange) }
            return seed
        }
        guard let seed = value.unsigned else { throw value.expected(expected) }
        return seed
    }

    /// `guidance.encoding`, scribble when absent (recipes written before it could be chosen).
    private static func encoding(in guidance: JSONObjectReader) throws(JSONError) -> SketchEncoding {
        guard let text = try guidance.optionalString("encoding") else { return .scribble }
        guard let encoding = SketchEncoding(text) else {
            throw guidance.invalid("encoding", expected: "one of \(SketchEncoding.names.joined(separator: ", "))")
        }
        return encoding
    }

    /// The `sampling` object, none when absent.
    private static func sampling(in recipe: JSONObjectReader) throws(JSONError) -> SamplingOverrides {
        guard let s = try recipe.object("sampling", allowed: ["negativePrompt", "steps", "cfgScale", "sampler", "scheduler"]) else { return .none }
        return SamplingOverrides(
            negativePrompt: try s.optionalString("negativePrompt"), steps: try s.integer("steps", in: SamplingOverrides.stepsRange),
            cfgScale: try s.number("cfgScale", in: SamplingOverrides.cfgScaleRange),
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
