import InklingConditioning

/// What a prompt says about colours, read the way a person reads it: the colour words, the
/// things (``ObjectLexicon``) it names, and which thing each colour word qualifies.
///
/// Binding: within one phrase, a colour word qualifies the nearest named thing at most two
/// words (three characters in Chinese, Japanese or Korean) away — the one after it ("a blue
/// vase", "gelbe Blume", "赤い屋根"), or for French, Spanish, Italian and Portuguese the one
/// before it ("une maison rouge"); the other side is tried when the preferred one has none.
/// Where keys overlap (赤 in 赤い, 花 in 花瓶) the longer match wins. A bound thing takes the
/// named colour instead of its expected one. Only the first ``maxCharacters`` characters of each
/// phrase are read, so a huge prompt costs no more than a long one.
struct PromptReading: Sendable {
    /// Characters of each phrase that are read.
    static let maxCharacters = 1_000

    /// A colour word: its colour, the weight of its phrase, and the thing it qualifies.
    struct NamedColor: Sendable {
        var color: PaletteColor
        var weight: Double
        /// Index into ``things``, or `nil` when it qualifies nothing the lexicon knows.
        var thing: Int?
    }

    /// A named thing: its entry, its phrase's weight and the colour it is painted with
    /// (named, else expected, else `nil`).
    struct Thing: Sendable {
        var entry: ObjectLexicon.Entry
        var weight: Double
        var color: PaletteColor?
        /// Whether ``color`` comes from a colour word.
        var named: Bool
    }

    private(set) var colors: [NamedColor] = []
    private(set) var things: [Thing] = []
    /// Whether the prompt is set at night (the night scene: night, moon, stars …).
    private(set) var isNight = false

    /// Languages whose adjectives follow the noun.
    static let nounFirst: Set<String> = ["fr", "es", "it", "pt"]

    init(phrases: [ConceptPhrase], title: String?, language: String?) {
        var all = phrases
        if let title, !title.isEmpty { all.append(ConceptPhrase(title, weight: 0.3)) }
        let after = !Self.nounFirst.contains(language ?? "")
        for phrase in all {
            let w = max(phrase.weight, 0.01)
            let text = ColorLexicon.Normalized(String(phrase.text.prefix(Self.maxCharacters)))
            if ColorLexicon.scenes.contains(where: { $0.scene.name == "night" && $0.words.contains(where: text.contains) }) { isNight = true }
            let colorHits = Self.matches(in: text.joined, keys: ColorLexicon.colors.enumerated().map { ($0.offset, $0.element.words) })
            let thingHits = Self.matches(in: text.joined, keys: ObjectLexicon.entries.enumerated().map { ($0.offset, $0.element.words) })
            let firstThing = things.count
            for hit in thingHits {
                let entry = ObjectLexicon.entries[hit.key]
                if entry.name == "night" { isNight = true }
                if let i = things.indices.first(where: { things[$0].entry.name == entry.name }) {
                    things[i].weight += w
                } else {
                    things.append(Thing(entry: entry, weight: w, color: entry.color, named: false))
                }
            }
            for hit in colorHits {
                let color = ColorLexicon.colors[hit.key].color
                let near = Self.nearest(to: hit, among: thingHits, text: text.joined, after: after)
                var index: Int?
                if let near {
                    let name = ObjectLexicon.entries[near.key].name
                    index = things.indices.first { $0 >= firstThing && things[$0].entry.name == name }
                        ?? things.indices.first { things[$0].entry.name == name }
                }
                if let index, !things[index].named {
                    things[index].color = color
                    things[index].named = true
                }
                colors.append(NamedColor(color: color, weight: w, thing: index))
            }
        }
        // Heaviest colour first (ties: the order they were named in).
        colors = colors.enumerated().sorted { $0.element.weight != $1.element.weight ? $0.element.weight > $1.element.weight : $0.offset < $1.offset }
            .map(\.element)
    }

    /// The first thing with `cue`, if named.
    func thing(_ cue: ObjectLexicon.Cue) -> Thing? { things.first { $0.entry.cue == cue } }

    /// The sky colour the prompt asks for: a colour bound to the sky, else night's or a day
    /// sky's when it names the sky or the night; `nil` when it says nothing about the sky.
    var sky: PaletteColor? {
        if let named = things.first(where: { $0.entry.cue == .sky && $0.named }) { return named.color }
        if isNight { return ObjectLexicon.nightSky }
        return thing(.sky)?.color
    }

    /// The ground colour the prompt asks for (sea, grass, snow, or a colour bound to them).
    var ground: PaletteColor? { thing(.ground)?.color }

    /// One match of a key: the key's index, and where it starts and ends (characters in the
    /// normalised text).
    struct Hit: Sendable {
        var key: Int
        var start: Int
        var end: Int
    }

    /// Every occurrence of the keys in `text` (whole words for Latin keys, with a plural "s"
    /// or "es"; anywhere for CJK keys), without matches inside a longer one, in text order.
    static func matches(in text: String, keys: [(Int, [String])]) -> [Hit] {
        let chars = Array(text)
        var hits: [Hit] = []
        for (index, words) in keys {
            for word in words {
                let key = Array(word)
                guard !key.isEmpty, key.count <= chars.count else { continue }
                let cjk = word.unicodeScalars.contains { $0.value >= 0x3000 }
                for start in 0...(chars.count - key.count) where chars[start..<(start + key.count)].elementsEqual(key) {
                    var end = start + key.count
                    if !cjk {
                        guard start == 0 || chars[start - 1] == " " else { continue }
                        if end < chars.count, chars[end] != " " {
                            let rest = chars[end...].prefix { $0 != " " }
                            guard rest.elementsEqual("s") || rest.elementsEqual("es") else { continue }
                            end += rest.count
                        }
                    }
                    hits.append(Hit(key: index, start: start, end: end))
                }
            }
        }
        // Longest first; a hit overlapping a kept one is dropped.
        let ranked = hits.sorted { ($0.end - $0.start, -$0.start, -$0.key) > ($1.end - $1.start, -$1.start, -$1.key) }
        var kept: [Hit] = []
        for hit in ranked where !kept.contains(where: { $0.start < hit.end && hit.start < $0.end }) { kept.append(hit) }
        return kept.sorted { $0.start < $1.start }
    }

    /// The thing a colour hit qualifies: the nearest on the preferred side within reach, else
    /// on the other side.
    static func nearest(to color: Hit, among things: [Hit], text: String, after: Bool) -> Hit? {
        let chars = Array(text)
        func reach(_ from: Int, _ to: Int) -> Bool {
            guard from <= to else { return false }
            let between = chars[from..<to]
            if between.contains(where: { $0.unicodeScalars.contains { $0.value >= 0x3000 } }) || between.isEmpty {
                return between.count <= 3
            }
            return between.filter { $0 == " " }.count <= 3  // at most two words between
        }
        let following = things.filter { $0.start >= color.end && reach(color.end, $0.start) }.min { $0.start < $1.start }
        let preceding = things.filter { $0.end <= color.start && reach($0.end, color.start) }.max { $0.end < $1.end }
        return after ? (following ?? preceding) : (preceding ?? following)
    }
}
