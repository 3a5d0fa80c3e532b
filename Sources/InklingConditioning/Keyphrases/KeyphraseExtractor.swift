import Foundation

/// Pulls a ranked handful of key phrases out of long text (RAKE with YAKE-style features).
///
/// 1. **Words**: the text (and the title) is segmented with ICU (``WordSegmenter``, particles
///    stripped from Korean words).
/// 2. **Candidates**: runs of consecutive content words — split at stopwords (``Stopwords``),
///    numbers, punctuation and line breaks — of at most ``maximumPhraseWords`` words (longer runs
///    are cut into pieces). Japanese and Chinese words of a run join without spaces (桜 並木 →
///    桜並木), other languages with one space. Japanese verbs (``JapaneseTokens``) and English
///    past-tense words ("chased") are stopwords too. A stripped Korean particle ends a run. Single kana (Japanese) are not content words.
/// 3. **Word scores** (RAKE): degree / frequency, where a word's degree sums the lengths of the
///    candidates it occurs in.
/// 4. **Phrase scores**: the sum of its word scores, × (1 + ln occurrences), × a position factor
///    (1.25 for the first word of the text falling linearly to 0.75 for the last: openings
///    state the subject), × (1 + ``titleBoost`` × the fraction of its words that are in the
///    title).
/// 5. **Near-duplicates merge**: phrases equal after lowercasing and light stemming
///    (``PhraseKey``: "Cherry Blossom" = "cherry blossoms") count as one, written as first seen;
///    a phrase whose words all belong to a better-ranked one ("birthday" after
///    "happy birthday") is dropped.
/// 6. The best ``maximumPhrases`` are returned, weights normalised to sum 1, best first (ties:
///    earlier first). Words are lowercased unless every occurrence is capitalised mid-sentence
///    (names: "Lisbon").
///
/// Deterministic and total: empty or stopword-only text gives `[]`. Only the first
/// ``maximumInputCharacters`` characters of the text are read.
public struct KeyphraseExtractor: Sendable {
    /// Characters of text read (64 Ki); the rest is ignored so a huge page costs bounded time.
    static let maximumInputCharacters = 65_536

    /// Most phrases returned (5 by default).
    public var maximumPhrases: Int
    /// Most words in one phrase (3 by default).
    var maximumPhraseWords: Int
    /// Extra weight for a phrase all of whose words are in the title (2: triple score).
    var titleBoost: Double

    /// Creates an extractor.
    public init(maximumPhrases: Int = 5, maximumPhraseWords: Int = 3, titleBoost: Double = 2) {
        self.maximumPhrases = maximumPhrases
        self.maximumPhraseWords = maximumPhraseWords
        self.titleBoost = titleBoost
    }

    /// The key phrases of `text`, best first, weights summing to 1.
    ///
    /// - Parameters:
    ///   - text: a paragraph, a note, a page.
    ///   - title: its title, if any: its words weigh more and its phrases are candidates too.
    ///   - language: BCP 47 code of the text; detected with ``LanguageDetector`` when `nil`
    ///     (English stopwords when undetermined).
    public func extract(from text: String, title: String? = nil, language: String? = nil) -> [ConceptPhrase] {
        let body = String(text.prefix(Self.maximumInputCharacters))
        let heading = title.map { String($0.prefix(1_000)) }
        let lang = language ?? LanguageDetector.detect((heading.map { $0 + "\n" } ?? "") + body)?.code ?? "en"
        let primary = lang.split(separator: "-").first.map { $0.lowercased() } ?? "en"
        let joiner = (primary == "ja" || primary == "zh") ? "" : " "
        let stopwords = Stopwords.words(for: primary)
        let segmenter = WordSegmenter(locale: primary)

        var candidates: [Candidate] = []
        var allCapitalised: [String: Bool] = [:]
        var capitalisedMidSentence: Set<String> = []
        let titleWords = heading.map { Set(segmenter.segments(of: $0).map { PhraseKey.stem(String($0.text).lowercased(), language: primary) }) } ?? []
        let sources = (heading.map { [$0] } ?? []) + [body]
        var position = 0
        var totalWords = 0
        for source in sources {
            var first = true
            var run: [(word: String, lower: String, position: Int)] = []
            func flush() {
                guard !run.isEmpty else { return }
                var start = 0
                while start < run.count {
                    let piece = run[start..<min(run.count, start + max(1, maximumPhraseWords))]
                    candidates.append(Candidate(words: piece.map(\.word), lower: piece.map(\.lower), position: piece.first!.position))
                    start += piece.count
                }
                run.removeAll()
            }
            var segments = segmenter.segments(of: source)
            totalWords += segments.count
            var verbs = Set<Int>()
            var glued = Set<Int>()
            if primary == "ja" {
                let texts = segments.map(\.text)
                for i in segments.indices {
                    if JapaneseTokens.isVerb(at: i, in: texts) { verbs.insert(i) }
                    let cut = JapaneseTokens.trailingParticle(of: texts[i])
                    if cut > 0 {
                        segments[i].text = texts[i].dropLast(cut)
                        glued.insert(i)
                    }
                }
            }
            for (index, segment) in segments.enumerated() {
                position += 1
                let word = String(segment.text)
                let lower = word.lowercased()
                if segment.followsBreak { flush() }
                defer { first = false }
                if verbs.contains(index) || isStop(lower, kind: segment.kind, language: primary, stopwords: stopwords) {
                    flush()
                    continue
                }
                let capitalised = word.first?.isUppercase == true
                allCapitalised[lower] = (allCapitalised[lower] ?? true) && capitalised
                if capitalised, !segment.followsBreak, !first { capitalisedMidSentence.insert(lower) }
                run.append((word, lower, position))
                if segment.hadParticle || glued.contains(index) { flush() }
            }
            flush()
        }
        let properNouns = capitalisedMidSentence.filter { allCapitalised[$0] == true }
        return rank(candidates, titleWords: titleWords, totalWords: max(1, totalWords), language: primary, joiner: joiner, properNouns: properNouns)
    }

    /// One occurrence of a candidate phrase.
    private struct Candidate {
        var words: [String]
        var lower: [String]
        var position: Int
    }

    /// Whether a word splits candidates instead of joining one.
    private func isStop(_ lower: String, kind: WordSegmenter.Kind, language: String, stopwords: Set<String>) -> Bool {
        if kind == .number || stopwords.contains(lower) { return true }
        if kind == .kana, lower.count == 1 { return true }
        if kind == .letter, lower.count == 1, lower.unicodeScalars.allSatisfy(\.isASCII) { return true }
        if language == "ko", KoreanEndings.isPredicate(lower) { return true }
        // English past-tense verbs ("chased", "walked") describe events, not things to draw.
        if language == "en", lower.count >= 5, lower.hasSuffix("ed"), !lower.hasSuffix("eed") { return true }
        return false
    }

    /// Scores, merges, prunes and normalises candidates.
    private func rank(
        _ candidates: [Candidate], titleWords: Set<String>, totalWords: Int, language: String, joiner: String,
        properNouns: Set<String>
    ) -> [ConceptPhrase] {
        guard !candidates.isEmpty, maximumPhrases > 0 else { return [] }
        var frequency: [String: Double] = [:]
        var degree: [String: Double] = [:]
        for c in candidates {
            for w in c.lower {
                frequency[w, default: 0] += 1
                degree[w, default: 0] += Double(c.lower.count)
            }
        }
        struct Merged { var surface: [String]; var stems: [String]; var count: Int; var first: Int; var base: Double }
        var merged: [String: Merged] = [:]
        var order: [String] = []
        for c in candidates {
            let stems = c.lower.map { PhraseKey.stem($0, language: language) }
            let key = stems.joined(separator: " ")
            if merged[key] != nil {
                merged[key]!.count += 1
                continue
            }
            let base = c.lower.reduce(0) { $0 + degree[$1]! / frequency[$1]! }
            let surface = zip(c.words, c.lower).map { properNouns.contains($0.1) ? $0.0 : $0.1 }
            merged[key] = Merged(surface: surface, stems: stems, count: 1, first: c.position, base: base)
            order.append(key)
        }
        var scored: [(merged: Merged, score: Double)] = order.map { key in
            let m = merged[key]!
            let position = 1.25 - 0.5 * Double(m.first - 1) / Double(totalWords)
            let inTitle = titleWords.isEmpty ? 0 : Double(m.stems.filter(titleWords.contains).count) / Double(m.stems.count)
            let score = m.base * (1 + log(Double(m.count))) * position * (1 + titleBoost * inTitle)
            return (m, score)
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.merged.first < $1.merged.first }
        var chosen: [(merged: Merged, score: Double)] = []
        for entry in scored where chosen.count < maximumPhrases {
            let stems = Set(entry.merged.stems)
            if chosen.contains(where: { stems.isSubset(of: Set($0.merged.stems)) }) { continue }
            chosen.append(entry)
        }
        let total = chosen.reduce(0) { $0 + $1.score }
        guard total > 0, total.isFinite else { return [] }
        return chosen.map { ConceptPhrase($0.merged.surface.joined(separator: joiner), weight: $0.score / total) }
    }
}
