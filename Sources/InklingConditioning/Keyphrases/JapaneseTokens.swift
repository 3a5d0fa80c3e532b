/// Repairs for Japanese words as ICU's dictionary segmentation leaves them, before keyphrase
/// extraction.
///
/// - A particle glued to a noun (ICU gives "桜の", "公園で") is cut off: ``trailingParticle(of:)``.
/// - Verbs are recognised by what follows them: a word followed (after at most two single kana,
///   as in 食 / べ / ます) by a verbal auxiliary (``verbAuxiliaries``: ます, た, て, ない, れる…)
///   is a verb, not a concept: ``isVerb(at:in:)``.
enum JapaneseTokens {
    /// Auxiliaries and endings that follow verb stems.
    static let verbAuxiliaries: Set<String> = [
        "ます", "まし", "ました", "ませ", "ません", "ま", "た", "て", "ない", "なかっ", "れる", "られる",
        "せる", "させる", "たい", "ている", "ていた", "てい", "ちゃう", "ろう", "よう",
    ]

    /// Case particles that ICU sometimes leaves attached to the noun before them.
    static let gluedParticles: Set<Character> = ["の", "が", "を", "に", "は", "で", "と", "も", "へ", "や"]

    /// The number of characters of a trailing particle glued to a kanji or katakana word (0 or 1).
    static func trailingParticle(of word: Substring) -> Int {
        guard word.count >= 2, let last = word.last, gluedParticles.contains(last) else { return 0 }
        let previous = word[word.index(word.endIndex, offsetBy: -2)]
        return previous.unicodeScalars.allSatisfy(isHiragana) ? 0 : 1
    }

    /// Whether the word at `index` of `words` is a verb stem.
    static func isVerb(at index: Int, in words: [Substring]) -> Bool {
        var j = index + 1
        var skipped = 0
        while j < words.count {
            let next = String(words[j])
            if verbAuxiliaries.contains(next) { return true }
            guard skipped < 2, next.count == 1, next.unicodeScalars.allSatisfy(isHiragana), !gluedParticles.contains(Character(next)) else {
                return false
            }
            skipped += 1
            j += 1
        }
        return false
    }

    /// Whether a scalar is hiragana.
    static func isHiragana(_ s: Unicode.Scalar) -> Bool { (0x3041...0x309F).contains(s.value) }
}
