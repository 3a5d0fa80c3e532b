import Foundation

/// A style asked for in prompt text ("a fox in a watercolor style", "as a pencil sketch").
///
/// ``find(in:)`` looks for the phrases of ``StyleVocabulary`` (case-insensitive, whole words),
/// and widens the match over the words around it that only serve to ask for the style: a
/// leading "in", "as", "in the", "drawn as", "done in" plus an article, and a trailing "style",
/// "-style", "look", "aesthetic", "drawing" or "art". ``range`` covers that whole span, so
/// ``stripped(from:)`` can remove it from the prompt ("a fox in a watercolor style" → "a fox").
///
/// ``style`` is the preset the name maps to, or `nil` when a style is named that no preset
/// covers ("photorealistic", "pixel art"): callers report it rather than silently ignore it.
public struct StyleRequest: Sendable, Hashable {
    /// The canonical name of the style asked for ("watercolor", "pencil sketch").
    public var name: String
    /// The preset it maps to, or `nil` when no preset covers it.
    public var style: Style?
    /// The span of the text that asks for the style, cue words included.
    public var range: Range<String.Index>
    /// The text of ``range`` as written ("in a watercolor style").
    public var matchedText: String

    /// Creates a request.
    public init(name: String, style: Style?, range: Range<String.Index>, matchedText: String) {
        self.name = name
        self.style = style
        self.range = range
        self.matchedText = matchedText
    }

    /// Whether the named style maps to a preset.
    public var mapsToPreset: Bool { style != nil }

    /// The first style asked for in `text`, or `nil` (texts over 64 Ki characters are searched
    /// in their first 64 Ki).
    public static func find(in text: String) -> StyleRequest? {
        all(in: text).first
    }

    /// Every style asked for in `text`, in reading order, without overlaps (longer names win:
    /// "pencil sketch" over "sketch").
    public static func all(in text: String) -> [StyleRequest] {
        let searchEnd = text.index(text.startIndex, offsetBy: 65_536, limitedBy: text.endIndex) ?? text.endIndex
        var found: [StyleRequest] = []
        for entry in StyleVocabulary.entries {
            var from = text.startIndex
            while from < searchEnd,
                  let hit = text.range(of: entry.phrase, options: [.caseInsensitive, .diacriticInsensitive], range: from..<searchEnd) {
                from = hit.upperBound
                guard isWordBoundary(text, hit.lowerBound, before: true), isWordBoundary(text, hit.upperBound, before: false) else { continue }
                let span = widen(hit, in: text)
                guard entry.needsCue == false || span != hit else { continue }
                guard !found.contains(where: { $0.range.overlaps(span) || $0.range.overlaps(hit) }) else { continue }
                found.append(StyleRequest(name: entry.name, style: entry.style, range: span, matchedText: String(text[span])))
            }
        }
        return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// `text` without this request's span, spaces and dangling commas tidied
    /// ("a fox, in a watercolor style" → "a fox").
    public func stripped(from text: String) -> String {
        guard range.upperBound <= text.endIndex else { return text }
        var result = text
        result.replaceSubrange(range, with: " ")
        let collapsed = result.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var tidy = collapsed.replacingOccurrences(of: " ,", with: ",").replacingOccurrences(of: " .", with: ".")
        while let last = tidy.last, last == "," || last == " " || last == ";" || last == ":" || last == "-" { tidy.removeLast() }
        while let first = tidy.first, first == "," || first == " " || first == ";" { tidy.removeFirst() }
        tidy = tidy.replacingOccurrences(of: ",,", with: ",")
        return tidy
    }

    /// Words before a style name that only ask for it, longest first.
    static let leadingCues = [
        "in the style of a", "in the style of an", "in the style of", "drawn as a", "drawn as an", "drawn in a",
        "drawn in", "done in a", "done in", "rendered as a", "rendered in", "as an", "as a", "in an", "in a", "in",
        "as", "like a", "like an",
    ]
    /// Words after a style name that only ask for it.
    static let trailingCues = ["-style", " style", " look", " aesthetic", " drawing", " art", " painting"]

    /// The hit widened over cue words on both sides.
    private static func widen(_ hit: Range<String.Index>, in text: String) -> Range<String.Index> {
        var lower = hit.lowerBound, upper = hit.upperBound
        for cue in trailingCues {
            if let r = text.range(of: cue, options: [.caseInsensitive, .anchored], range: upper..<text.endIndex),
               isWordBoundary(text, r.upperBound, before: false) {
                upper = r.upperBound
                break
            }
        }
        let head = text[..<lower]
        let trimmed = head.reversed().drop(while: { $0 == " " }).count
        let headEnd = text.index(text.startIndex, offsetBy: trimmed)
        if headEnd < lower {
            for cue in leadingCues {
                if let r = text.range(of: cue, options: [.caseInsensitive, .anchored, .backwards], range: text.startIndex..<headEnd),
                   isWordBoundary(text, r.lowerBound, before: true) {
                    lower = r.lowerBound
                    break
                }
            }
        }
        return lower..<upper
    }

    /// Whether the character on the given side of `index` is not a letter or digit.
    private static func isWordBoundary(_ text: String, _ index: String.Index, before: Bool) -> Bool {
        if before {
            guard index > text.startIndex else { return true }
            let c = text[text.index(before: index)]
            return !(c.isLetter || c.isNumber)
        }
        guard index < text.endIndex else { return true }
        let c = text[index]
        return !(c.isLetter || c.isNumber)
    }
}
