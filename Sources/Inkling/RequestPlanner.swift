import InklingConditioning
import InklingEngines
import InklingGuidance
import InklingOutputs
import InklingStrokes
import Foundation

/// Turns concepts, a style and options into a validated ``RequestPlan``, or the first error.
struct RequestPlanner: Sendable {
    /// The smallest accepted side of a source image, in pixels.
    static let minimumSourceSide = 16
    /// The largest accepted source image, in pixels.
    static let maximumSourcePixels = 8192 * 8192

    /// Detections at least this sure count against an engine that lacks the language.
    static let languageConfidence = 0.5

    var capabilities: EngineCapabilities
    var engine: String
    var options: GenerationOptions
    var embedsSourceImage: Bool

    /// Validates and resolves one request.
    func plan(_ concepts: [Concept], style requested: Style?, limit: Int) throws(ImageCreationError) -> RequestPlan {
        guard (1...4).contains(limit) else { throw .invalidLimit(limit) }
        var phrases: [ConceptPhrase] = []
        var texts: [String] = []
        var title: String?
        var recorded: [RecipeConcept] = []
        var drawing: Drawing?
        var source: SourceImage?
        for concept in concepts {
            switch concept {
            case .text(let text):
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                recorded.append(.text(text))
                guard !trimmed.isEmpty else { continue }
                texts.append(trimmed)
                phrases.append(ConceptPhrase(trimmed, weight: 1))
            case .extracted(let text, let givenTitle):
                recorded.append(.extracted(text, title: givenTitle))
                title = title ?? givenTitle
                let extracted = KeyphraseExtractor().extract(from: text, title: givenTitle)
                texts.append(text)
                phrases += extracted
            case .image(let image):
                recorded.append(.image(origin: image.origin))
                try check(image)
                source = source ?? image
            case .drawing(let d):
                recorded.append(.drawing)
                drawing = drawing.map { Drawing(strokes: $0.strokes + d.strokes, canvas: $0.canvas ?? d.canvas) } ?? d
            }
        }
        if drawing?.strokes.isEmpty == true { drawing = nil }
        guard !phrases.isEmpty || drawing != nil || source != nil else { throw .conceptsEmpty }
        let total = phrases.reduce(0) { $0 + $1.weight }
        if total > 0 { phrases = phrases.map { ConceptPhrase($0.text, weight: $0.weight / total) } }

        let allText = texts.joined(separator: "\n")
        let style = requested ?? InterimResolution.style(inText: allText) ?? options.defaultStyle
        guard options.allowedStyles.contains(style) else {
            throw .styleNotAllowed(requested: style.rawValue, allowed: options.allowedStyles.map(\.rawValue))
        }
        guard capabilities.styles.contains(style) else {
            throw .notSupported(reason: "the \(engine) engine does not paint the \(style.rawValue) style (it paints \(capabilities.styles.map(\.rawValue).joined(separator: ", ")))")
        }
        var language: String?
        if !allText.isEmpty {
            // A confident detection the engine lacks is an error; a weak guess ("a red fox") is
            // not held against the prompt and is recorded as undetermined.
            if let detected = LanguageDetector.detect(allText) {
                if capabilities.languages.contains(detected.code) {
                    language = detected.code
                } else if detected.confidence >= Self.languageConfidence {
                    throw .unsupportedLanguage(detected: detected.code, supported: capabilities.languages.sorted())
                }
            }
        }
        guard let size = InterimResolution.size(options.size, among: capabilities.sizes) else {
            throw .notSupported(reason: "the \(engine) engine declares no output sizes")
        }
        var guidance: GuidanceMap?
        if let drawing {
            do {
                guidance = try GuidanceRenderer(options: GuidanceOptions(width: size.width, height: size.height)).render(drawing)
            } catch {
                throw .creationFailed(reason: "cannot rasterize the drawing: \(error.description)")
            }
        }
        let conditioning = Conditioning(
            phrases: phrases, title: title, language: language, style: style, size: size, drawing: drawing,
            guidance: guidance, source: source, personalization: options.personalization, seed: options.seed,
            controls: options.guidance, sourceStrength: options.sourceStrength)
        var recordedSource = source.map { RecipeSource(image: $0.image, origin: $0.origin) }
        if !embedsSourceImage { recordedSource?.image = nil }
        return RequestPlan(conditioning: conditioning, concepts: recorded, drawing: drawing.map(RecipeDrawing.init),
                           source: recordedSource, engine: engine)
    }

    /// Rejects source images that are too small or too large to use.
    private func check(_ source: SourceImage) throws(ImageCreationError) {
        let name = source.origin.map { "\($0): " } ?? ""
        let image = source.image
        guard min(image.width, image.height) >= Self.minimumSourceSide else {
            throw .unsupportedInputImage("\(name)\(image.width)×\(image.height) is too small; use at least \(Self.minimumSourceSide) pixels per side")
        }
        guard image.width * image.height <= Self.maximumSourcePixels else {
            throw .unsupportedInputImage("\(name)\(image.width)×\(image.height) is too large; use at most \(Self.maximumSourcePixels) pixels")
        }
    }

    /// Checks the options' ranges (done once, when the creator is made).
    static func validate(_ options: GenerationOptions) throws(ImageCreationError) {
        let g = options.guidance
        func within(_ name: String, _ value: Double, _ range: ClosedRange<Double>) throws(ImageCreationError) {
            guard value.isFinite, range.contains(value) else {
                throw .invalidOption("\(name) must be within \(range.lowerBound)…\(range.upperBound), got \(value)")
            }
        }
        try within("guidance strength", g.strength, 0...1)
        try within("guidance start", g.start, 0...1)
        try within("guidance end", g.end, max(0, min(1, g.start))...1)
        try within("source strength", options.sourceStrength, 0...1)
        guard !options.allowedStyles.isEmpty else { throw .invalidOption("allowedStyles is empty; allow at least one style") }
        guard options.allowedStyles.contains(options.defaultStyle) else {
            throw .invalidOption("the default style '\(options.defaultStyle.rawValue)' is not among the allowed styles")
        }
        if case .closest(let size) = options.size, size.width < 1 || size.height < 1 {
            throw .invalidOption("size must be at least 1×1, got \(size.width)×\(size.height)")
        }
    }
}
