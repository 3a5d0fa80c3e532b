/// Korean postpositional particles (josa) and how to strip them from the end of a word.
///
/// Korean writes particles attached to the noun they mark (강아지와 "with the puppy", 바다에서
/// "at the sea"); ICU's word break iterator keeps them there. ``stripping(_:)`` removes the
/// longest particle from ``particles`` that ends a Hangul word, when:
/// - at least one Hangul syllable remains;
/// - the particle agrees with the final consonant (batchim) of the syllable before it:
///   이/은/을/과/으로 follow a consonant, 가/는/를/와/로 follow a vowel (로 also follows ㄹ);
/// - the word is not one of ``exceptions``, common nouns that merely end like a particle
///   (고양이 "cat", 어린이 "child").
/// It is a heuristic, not a morphological analyser.
public enum KoreanParticles {
    /// Particles, longest first (so 에서 wins over 서-less 에, 으로 over 로).
    public static let particles: [String] = [
        "에서부터", "으로부터", "에게서", "한테서", "이라고", "에서는", "에서도", "으로는", "으로도",
        "에서", "에게", "한테", "으로", "까지", "부터", "처럼", "보다", "하고", "이랑", "께서", "이나",
        "에는", "에도", "과는", "와는", "이며", "마다", "조차", "밖에",
        "은", "는", "이", "가", "을", "를", "와", "과", "의", "에", "로", "도", "만", "랑", "나", "께",
    ]

    /// Nouns that end like a particle but are whole words.
    public static let exceptions: Set<String> = [
        "고양이", "어린이", "놀이", "종이", "거북이", "원숭이", "나이", "사이", "아이", "오이", "고래",
        "하나", "바나나", "나비", "구름이", "다리", "머리", "소리", "우리", "거리", "자리", "나라",
        "도로", "미로", "노을", "마을", "가을", "겨울", "하늘", "바늘", "구슬", "이슬", "그늘",
        "기차", "자동차", "사과", "과일", "효과", "결과", "만화", "만두",
    ]

    /// Particles that only follow a syllable with a final consonant.
    private static let afterConsonant: Set<String> = ["이", "은", "을", "과", "으로", "이랑", "이나", "이라고", "으로는", "으로도", "으로부터", "이며", "과는"]
    /// Particles that only follow a syllable without one (로 also after ㄹ).
    private static let afterVowel: Set<String> = ["가", "는", "를", "와", "로", "랑", "나", "와는"]

    /// `word` without a trailing particle (unchanged when none applies).
    public static func stripping(_ word: Substring) -> Substring {
        guard let last = word.unicodeScalars.last, isHangulSyllable(last) else { return word }
        if exceptions.contains(String(word)) { return word }
        for particle in particles where word.hasSuffix(particle) {
            let stem = word.dropLast(particle.count)
            guard let final = stem.unicodeScalars.last, isHangulSyllable(final) else { continue }
            let jong = (final.value - 0xAC00) % 28
            if afterConsonant.contains(particle), jong == 0 { continue }
            if afterVowel.contains(particle), jong != 0, !(particle == "로" && jong == 8) { continue }
            return stem
        }
        return word
    }

    /// `word` without a trailing particle, as a `String`.
    public static func stripping(_ word: String) -> String {
        String(stripping(Substring(word)))
    }

    /// Whether a scalar is a precomposed Hangul syllable (가…힣).
    static func isHangulSyllable(_ s: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(s.value)
    }
}
