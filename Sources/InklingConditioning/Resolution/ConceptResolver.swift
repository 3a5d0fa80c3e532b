import InklingStrokes

/// Turns a list of ``Concept``s into ``ResolvedConcepts``: pure and deterministic.
///
/// - **Text** concepts are phrases as given (a style asked for in them, "in a watercolor
///   style", is taken out and reported as ``ResolvedConcepts/styleRequest``). Each carries
///   ``textWeight`` (2) units of weight, shared equally.
/// - **Extracted** concepts go through ``KeyphraseExtractor`` with their title; each carries one
///   unit shared by its phrases in proportion to their scores — so text someone typed counts
///   more than phrases pulled from a page.
/// - Equal phrases (case-insensitive) merge, summing weights; all weights are normalised to sum
///   1 and ranked (ties keep the order of the concepts).
/// - **Language**: detected over all text and titles together. With ``supportedLanguages`` set
///   and a detection at least ``minimumConfidence`` sure, a language outside the set throws
///   ``ConditioningError/unsupportedLanguage(detected:supported:)``; undetermined text passes.
/// - **Drawings** are appended in order (``Drawing/appending(_:)``) into one.
/// - **Images**: the first is the source image; later ones are ignored and counted.
/// - No concepts at all, or only empty text, throws ``ConditioningError/emptyConcepts``.
public struct ConceptResolver: Sendable {
    /// Languages the engine declares (BCP 47 primary codes), or `nil` to accept any.
    public var supportedLanguages: Set<String>?
    /// How sure detection must be before an unsupported language is an error
    /// (``defaultMinimumConfidence`` unless set).
    public var minimumConfidence: Double
    /// How sure detection must be, by default, before a language counts (0.5).
    public static let defaultMinimumConfidence = 0.5
    /// Units of weight of each text concept (extracted concepts carry 1).
    var textWeight: Double
    /// The extractor used for extracted concepts.
    public var extractor: KeyphraseExtractor

    /// Creates a resolver.
    public init(
        supportedLanguages: Set<String>? = nil, minimumConfidence: Double = defaultMinimumConfidence, textWeight: Double = 2,
        extractor: KeyphraseExtractor = KeyphraseExtractor()
    ) {
        self.supportedLanguages = supportedLanguages
        self.minimumConfidence = minimumConfidence
        self.textWeight = textWeight
        self.extractor = extractor
    }

    /// The language of the concepts' text, titles and extracted text together, as ``resolve(_:)``
    /// detects it (``LanguageDetector``); `nil` when it cannot be told.
    public static func language(of concepts: [Concept]) -> DetectedLanguage? {
        var allText: [String] = []
        for concept in concepts {
            switch concept {
            case .text(let text): allText.append(text)
            case .extracted(let text, let heading):
                if let heading { allText.append(heading) }
                allText.append(String(text.prefix(KeyphraseExtractor.maximumInputCharacters)))
            default: break
            }
        }
        return LanguageDetector.detect(allText.joined(separator: "\n"))
    }

    /// Resolves concepts; see the type's documentation for the rules.
    public func resolve(_ concepts: [Concept]) throws(ConditioningError) -> ResolvedConcepts {
        var title: String?
        var styleRequest: StyleRequest?
        var weighted: [(text: String, weight: Double)] = []
        var drawing: Drawing?
        var source: SourceImage?
        var ignoredImages = 0

        // Language first: extraction uses it, and an unsupported language fails early.
        let language = Self.language(of: concepts)
        if let supportedLanguages, let language, language.confidence >= minimumConfidence,
           !supportedLanguages.contains(language.code) {
            throw .unsupportedLanguage(detected: language.code, supported: supportedLanguages.sorted())
        }

        for concept in concepts {
            switch concept {
            case .text(let text):
                var phrase = text
                if let request = StyleRequest.find(in: text) {
                    if styleRequest == nil { styleRequest = request }
                    phrase = request.stripped(from: text)
                }
                phrase = phrase.trimmingWhitespace()
                if !phrase.isEmpty { weighted.append((phrase, textWeight)) }
            case .extracted(let text, let heading):
                if title == nil { title = heading }
                for p in extractor.extract(from: text, title: heading, language: language?.code) {
                    weighted.append((p.text, p.weight))
                }
            case .image(let image):
                if source == nil { source = image } else { ignoredImages += 1 }
            case .drawing(let d):
                drawing = drawing.map { $0.appending(d) } ?? d
            }
        }
        if weighted.isEmpty, drawing == nil, source == nil { throw .emptyConcepts }
        return ResolvedConcepts(
            phrases: Self.merge(weighted), title: title, language: language, styleRequest: styleRequest,
            drawing: drawing, source: source, ignoredImageCount: ignoredImages)
    }

    /// Merges equal phrases, normalises weights to sum 1 and ranks them.
    static func merge(_ weighted: [(text: String, weight: Double)]) -> [ConceptPhrase] {
        var order: [String] = []
        var byKey: [String: (text: String, weight: Double)] = [:]
        for (text, weight) in weighted where weight > 0 && weight.isFinite {
            let key = text.lowercased()
            if let existing = byKey[key] {
                byKey[key] = (existing.text, existing.weight + weight)
            } else {
                byKey[key] = (text, weight)
                order.append(key)
            }
        }
        let total = byKey.values.reduce(0) { $0 + $1.weight }
        guard total > 0 else { return [] }
        return order.enumerated()
            .map { (index: $0.offset, phrase: ConceptPhrase(byKey[$0.element]!.text, weight: byKey[$0.element]!.weight / total)) }
            .sorted { $0.phrase.weight != $1.phrase.weight ? $0.phrase.weight > $1.phrase.weight : $0.index < $1.index }
            .map(\.phrase)
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines.
    func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
