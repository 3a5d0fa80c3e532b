/// Detects the language of short and long text from script and stopword evidence.
///
/// 1. Letters are counted by script. Kana → Japanese (kana with kanji is still Japanese), Hangul
///    → Korean, Han alone → Chinese; Cyrillic → Russian (Ukrainian with і ї є ґ), Arabic script
///    → Arabic (Persian with پ چ ژ گ, Urdu with ٹ ڈ ڑ ں ے), Greek, Hebrew, Thai, Devanagari
///    (→ Hindi), Bengali, Tamil, Georgian, Armenian. The script's share of letters is the
///    confidence.
/// 2. Latin-script text is scored against the stopword lists of English, German, French,
///    Spanish, Italian, Portuguese and Dutch (a word shared by k lists counts 1/k for each) and
///    a few diacritics (ß, ñ, ¿, ã…); typical word endings of content words of four letters or
///    more add a little (0.1 each: "-ing" en, "-o" es/it/pt, "-ung" de, "-eau" fr). Ties go to English, the most common prompt language, with
///    a low confidence: "a red fox" → en (0.25).
///
/// Returns `nil` ("und") for text without letters, Latin text with no evidence at all
/// ("xyzzy"), and mixed text where no script holds half of the letters. Only the first
/// ``maximumSampleCharacters`` characters are looked at.
public enum LanguageDetector {
    /// Characters of text examined; the rest is ignored.
    static let maximumSampleCharacters = 20_000

    /// The language of `text`, or `nil` when it cannot be told.
    public static func detect(_ text: String) -> DetectedLanguage? {
        let sample = text.prefix(maximumSampleCharacters)
        var counts: [ScriptClass: Int] = [:]
        for scalar in sample.unicodeScalars {
            if let script = ScriptClass(scalar) { counts[script, default: 0] += 1 }
        }
        let total = counts.values.reduce(0, +)
        guard total > 0 else { return nil }
        func share(_ n: Int) -> Double { Double(n) / Double(total) }

        let kana = counts[.kana, default: 0], han = counts[.han, default: 0], hangul = counts[.hangul, default: 0]
        if hangul > 0, hangul >= kana, share(hangul + han) >= 0.2 {
            return DetectedLanguage(code: "ko", confidence: min(1, share(hangul + han)))
        }
        if kana > 0, share(kana + han) >= 0.2 {
            return DetectedLanguage(code: "ja", confidence: min(1, share(kana + han)))
        }
        if han > 0, share(han) >= 0.5 {
            return DetectedLanguage(code: "zh", confidence: share(han))
        }
        guard let (script, n) = counts.max(by: { ($0.value, $1.key.rawValue) < ($1.value, $0.key.rawValue) }),
              share(n) >= 0.5 else { return nil }
        if script == .latin {
            return latin(sample).map { DetectedLanguage(code: $0.code, confidence: $0.confidence * share(n)) }
        }
        return DetectedLanguage(code: code(for: script, in: sample), confidence: share(n))
    }

    /// The language code written in a non-Latin script, refined by telltale letters.
    private static func code(for script: ScriptClass, in sample: Substring) -> String {
        func has(_ letters: String) -> Bool { sample.unicodeScalars.contains { letters.unicodeScalars.contains($0) } }
        switch script {
        case .cyrillic: return has("іїєґІЇЄҐ") ? "uk" : "ru"
        case .arabic: return has("ٹڈڑںے") ? "ur" : has("پچژگ") ? "fa" : "ar"
        case .greek: return "el"
        case .hebrew: return "he"
        case .thai: return "th"
        case .devanagari: return "hi"
        case .bengali: return "bn"
        case .tamil: return "ta"
        case .georgian: return "ka"
        case .armenian: return "hy"
        case .latin: return "en"
        case .kana: return "ja"
        case .hangul: return "ko"
        case .han: return "zh"
        }
    }

    /// Latin-script languages with stopword lists, in tie-breaking order (English first).
    static let latinLanguages = ["en", "de", "fr", "es", "it", "pt", "nl"]

    /// Extra detection-only words: French and Italian elisions split at the apostrophe.
    private static let elisions: [String: Set<String>] = [
        "fr": ["l", "d", "qu", "j", "c", "n", "s", "m", "t"],
        "it": ["l", "dell", "all", "nell", "dall", "sull", "un"],
    ]

    /// How many lists each word appears in.
    private static let sharing: [String: Int] = {
        var n: [String: Int] = [:]
        for lang in latinLanguages {
            for w in Stopwords.european[lang]!.union(elisions[lang] ?? []) { n[w, default: 0] += 1 }
        }
        return n
    }()

    /// Diacritics and punctuation that point to a language, with their evidence per occurrence.
    private static let marks: [Character: [(String, Double)]] = [
        "ß": [("de", 2)], "ä": [("de", 0.5)], "ö": [("de", 0.5)], "ü": [("de", 0.5)],
        "ñ": [("es", 1)], "¿": [("es", 2)], "¡": [("es", 2)],
        "ã": [("pt", 1)], "õ": [("pt", 1)], "ç": [("fr", 0.5), ("pt", 0.5)],
        "ê": [("fr", 0.3), ("pt", 0.3)], "â": [("fr", 0.3), ("pt", 0.3)], "î": [("fr", 0.5)], "û": [("fr", 0.5)],
        "è": [("fr", 0.3), ("it", 0.3)], "à": [("fr", 0.3), ("it", 0.3)], "ù": [("fr", 0.3), ("it", 0.3)],
        "ò": [("it", 0.5)], "ì": [("it", 0.5)], "œ": [("fr", 2)],
    ]

    /// Typical endings of content words, a weak hint per word.
    private static let endings: [String: [String]] = [
        "en": ["ing", "tion", "ly", "ed", "th", "ght", "ow", "ness"],
        "de": ["ung", "sch", "chen", "keit", "heit", "lich", "en"],
        "fr": ["eau", "eux", "aux", "ment", "ée", "oir", "ette", "que"],
        "es": ["o", "os", "ión", "dad", "ado", "ada"],
        "it": ["o", "i", "zione", "ità", "etto", "ello"],
        "pt": ["o", "os", "ão", "ões", "dade", "ção"],
        "nl": ["ij", "heid", "tje", "en", "oe"],
    ]

    /// The Latin-script language with the most evidence, and a confidence, or `nil` with none.
    private static func latin(_ sample: Substring) -> (code: String, confidence: Double)? {
        var score: [String: Double] = [:]
        let lowered = sample.lowercased()
        for word in lowered.split(whereSeparator: { !$0.isLetter }) {
            guard let k = sharing[String(word)] else {
                guard word.count >= 4 else { continue }
                for lang in latinLanguages where endings[lang]!.contains(where: { word.hasSuffix($0) }) {
                    score[lang, default: 0] += 0.1
                }
                continue
            }
            for lang in latinLanguages where Stopwords.european[lang]!.contains(String(word)) || elisions[lang]?.contains(String(word)) == true {
                score[lang, default: 0] += 1 / Double(k)
            }
        }
        var markScore: [String: Double] = [:]
        for ch in lowered {
            for (lang, w) in marks[ch] ?? [] { markScore[lang, default: 0] += w }
        }
        for (lang, s) in markScore { score[lang, default: 0] += min(s, 5) }
        let ranked = latinLanguages.map { ($0, score[$0, default: 0]) }
            .enumerated()
            .sorted { $0.element.1 != $1.element.1 ? $0.element.1 > $1.element.1 : $0.offset < $1.offset }
            .map(\.element)
        let best = ranked[0], second = ranked[1]
        guard best.1 > 0 else { return nil }
        let margin = best.1 / (best.1 + second.1)
        let amount = min(1, best.1 / 2)
        return (best.0, (margin * amount * 100).rounded() / 100)
    }
}
