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
    static let languageConfidence = ConceptResolver.defaultMinimumConfidence

    var capabilities: EngineCapabilities
    var engine: String
    var options: GenerationOptions
    var embedsSourceImage: Bool

    /// Validates and resolves one request.
    func plan(_ concepts: [Concept], style requested: Style?, limit: Int, renderGuidance: Bool = true) throws(ImageCreationError) -> RequestPlan {
        guard (1...4).contains(limit) else { throw .invalidLimit(limit) }
        var recorded: [RecipeConcept] = []
        for concept in concepts {
            switch concept {
            case .text(let text): recorded.append(.text(text))
            case .extracted(let text, let title): recorded.append(.extracted(text, title: title))
            case .image(let image): recorded.append(.image(origin: image.origin)); try check(image)
            case .drawing: recorded.append(.drawing)
            }
        }
        let resolved: ResolvedConcepts
        let style: Style
        do {
            resolved = try ConceptResolver(supportedLanguages: capabilities.languages, minimumConfidence: Self.languageConfidence)
                .resolve(concepts)
            style = try StyleResolution.resolve(requested: requested, textRequest: resolved.styleRequest, options: options).style
        } catch {
            throw Self.mapped(error)
        }
        guard capabilities.styles.contains(style) else {
            throw .notSupported(reason: "the \(engine) engine does not paint the \(style.rawValue) style (it paints \(capabilities.styles.map(\.rawValue).joined(separator: ", ")))")
        }
        guard !capabilities.sizes.isEmpty else { throw .notSupported(reason: "the \(engine) engine declares no output sizes") }
        // The one default-size rule: without a size, the drawing's canvas sets the aspect.
        let size = options.size.following(resolved.drawing).resolve(among: capabilities.sizes)
        // A weak guess at an unsupported language ("a red fox") is recorded as undetermined.
        let language = resolved.language.flatMap { capabilities.languages.contains($0.code) ? $0.code : nil }
        var drawing = resolved.drawing
        if drawing?.strokes.isEmpty == true { drawing = nil }
        var guidance: GuidanceMap?
        if let drawing, renderGuidance {
            do {
                guidance = try GenerationGuidance.map(for: drawing, size: size, encoding: options.guidance.encoding)
            } catch {
                throw .creationFailed(reason: "cannot rasterize the drawing: \(error.description)")
            }
        }
        let conditioning = Conditioning(
            phrases: resolved.phrases, title: resolved.title, language: language, style: style, size: size, drawing: drawing,
            guidance: guidance, source: resolved.source, personalization: options.personalization, seed: options.seed,
            controls: options.guidance, sourceStrength: options.sourceStrength, sampling: options.sampling)
        var recordedSource = resolved.source.map { RecipeSource(image: $0.image, origin: $0.origin) }
        if !embedsSourceImage { recordedSource?.image = nil }
        return RequestPlan(conditioning: conditioning, concepts: recorded, drawing: nil, unrecordedDrawing: drawing,
                           source: recordedSource, engine: engine)
    }

    /// The API's error for a conditioning error.
    static func mapped(_ error: ConditioningError) -> ImageCreationError {
        switch error {
        case .styleNotAllowed(let style, let allowed): .styleNotAllowed(requested: style.rawValue, allowed: allowed.map(\.rawValue))
        case .unsupportedLanguage(let detected, let supported): .unsupportedLanguage(detected: detected, supported: supported)
        case .emptyConcepts: .conceptsEmpty
        case .invalidOption(let name, let value, let expected): .invalidOption("\(name) is \(value); expected \(expected)")
        }
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
        do {
            try options.validate()
        } catch {
            throw mapped(error)
        }
    }
}
