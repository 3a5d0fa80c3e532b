/// Light, language-aware stemming that makes near-duplicate phrases compare equal.
///
/// Not a full stemmer: it lowercases and, for English, French, Spanish, Portuguese, Italian and
/// Dutch words of four letters or more, removes a plural or possessive ending so that
/// "blossom"/"blossoms", "puppy"/"puppies", "fox"/"foxes", "Mia's"/"Mia" share a key. Words of
/// other languages (and short words) are only lowercased.
enum PhraseKey {
    /// The comparison key of one word.
    public static func stem(_ word: String, language: String) -> String {
        var w = word.lowercased()
        for possessive in ["'s", "’s"] where w.hasSuffix(possessive) { w.removeLast(2) }
        guard w.count >= 4 else { return w }
        switch language {
        case "en":
            if w.hasSuffix("ies"), w.count > 4 { return String(w.dropLast(3)) + "y" }
            if w.hasSuffix("sses") { return String(w.dropLast(2)) }
            for ending in ["xes", "ches", "shes", "zes"] where w.hasSuffix(ending) { return String(w.dropLast(2)) }
            if w.hasSuffix("s"), !w.hasSuffix("ss"), !w.hasSuffix("us"), !w.hasSuffix("is") { return String(w.dropLast()) }
            return w
        case "fr", "es", "pt":
            if w.hasSuffix("es"), language == "es", w.count > 4 { return String(w.dropLast(2)) }
            if w.hasSuffix("s") || w.hasSuffix("x") { return String(w.dropLast()) }
            return w
        case "it":
            if let last = w.last, "aeio".contains(last) { return String(w.dropLast()) }
            return w
        case "nl":
            if w.hasSuffix("en"), w.count > 4 { return String(w.dropLast(2)) }
            if w.hasSuffix("s") { return String(w.dropLast()) }
            return w
        default:
            return w
        }
    }

    /// The key of a phrase: its words' keys joined by spaces.
    public static func key(_ words: [String], language: String) -> String {
        words.map { stem($0, language: language) }.joined(separator: " ")
    }
}
