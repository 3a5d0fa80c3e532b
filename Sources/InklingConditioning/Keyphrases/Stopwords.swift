/// Stopword lists: the function words keyphrase extraction splits candidate phrases at, and
/// language detection counts as evidence.
///
/// Lists are lowercase and kept in Swift source (the module has no resources):
/// - European languages (``european``): English, German, French, Spanish, Italian, Portuguese,
///   Dutch — articles, pronouns, prepositions, conjunctions, auxiliaries and very common
///   adverbs, plus a few letter-register words for English ("dear", "hope", "regards").
/// - Japanese (``japanese``): particles (は が を に の…), auxiliaries and copulas (です ます だ た…),
///   demonstratives and formal nouns (こと もの これ…), as ICU segments them.
/// - Korean (``korean``): words that remain after particle stripping but carry no concept
///   (그리고 정말 너무 있어요…); particles themselves are in ``KoreanParticles``.
/// - Chinese (``chinese``): structural particles and function words (的 了 是 在 和…).
enum Stopwords {
    /// The stopwords of a language (its BCP 47 primary code: "en", "ja"); English for
    /// languages without a list.
    public static func words(for language: String) -> Set<String> {
        let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
        switch primary {
        case "ja": return japanese
        case "ko": return korean
        case "zh": return chinese
        default: return european[primary] ?? european["en"]!
        }
    }

    /// Whether `word` (any case) is a stopword of `language`.
    public static func contains(_ word: some StringProtocol, language: String) -> Bool {
        words(for: language).contains(word.lowercased())
    }

    /// Languages with a stopword list.
    public static let languages: [String] = ["en", "de", "fr", "es", "it", "pt", "nl", "ja", "ko", "zh"]

    /// Splits a space-separated list.
    static func set(_ list: String) -> Set<String> {
        Set(list.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    }
}
