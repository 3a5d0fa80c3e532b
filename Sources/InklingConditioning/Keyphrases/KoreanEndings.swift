/// Recognises Korean predicates (verbs and adjectives in their common polite and plain forms),
/// which keyphrase extraction does not turn into concepts.
///
/// A word is a predicate when it ends in one of ``endings`` ("놀아요", "예쁩니다", "좋았다") and
/// is not a known noun that happens to end that way (바다 "sea", 구두 "shoes").
enum KoreanEndings {
    /// Endings of conjugated predicates, longest first.
    public static let endings: [String] = [
        "습니다", "ㅂ니다", "니다", "세요", "어요", "아요", "여요", "해요", "에요", "예요", "했다", "었다", "았다",
        "한다", "는다", "ㄴ다", "하고", "해서", "어서", "아서", "지만", "는데", "네요", "군요", "죠", "고요",
    ]

    /// Nouns that end like a predicate.
    static let nouns: Set<String> = ["바다", "구두", "포도", "요요"]

    /// Whether `word` looks like a conjugated verb or adjective.
    static func isPredicate(_ word: String) -> Bool {
        guard !nouns.contains(word), word.count >= 2 else { return false }
        if endings.contains(where: { word.hasSuffix($0) }) { return true }
        // Polite speech: nearly every predicate ends in 요 (귀여워요, 예뻐요).
        if word.hasSuffix("요") { return true }
        // Plain forms: a stem syllable plus 다 after a typical predicate syllable (예쁘다, 놀다).
        if word.hasSuffix("다"), word.count >= 3 { return true }
        return false
    }
}
