import CInklingICU

/// Splits text into words with ICU's word break iterator (dictionary-based for Japanese,
/// Chinese and Thai; by spaces and punctuation elsewhere).
///
/// Punctuation, spaces and symbols are not words. Korean words keep their particles in ICU's
/// output (강아지와); with ``stripsKoreanParticles`` on (the default) they are removed
/// (강아지), see ``KoreanParticles``.
///
/// Work is capped: only the first ``maximumInputBytes`` bytes of UTF-8 are segmented, cut at a
/// character boundary, so a megabyte of text costs a bounded, predictable time.
public struct WordSegmenter: Sendable {
    /// At most this many UTF-8 bytes are segmented (1 MiB); the rest of a longer text is ignored.
    public static let maximumInputBytes = 1 << 20

    /// One word: where it is in the text and what kind it is.
    public struct Word: Sendable, Hashable {
        /// The word as written (a slice of the segmented text; particles stripped when asked).
        public var text: Substring
        /// What ICU says the word is made of.
        public var kind: Kind
        /// Whether the text between the previous word and this one holds anything but spaces
        /// (punctuation, symbols); `true` for the first word.
        public var followsBreak: Bool
        /// Whether a Korean particle was stripped from the end of the word (a phrase boundary).
        var hadParticle: Bool = false
    }

    /// The kind of a word, from ICU's rule status.
    public enum Kind: Sendable, Hashable {
        /// Digits and numbers.
        case number
        /// Letters of alphabets and syllabaries other than kana (Latin, Hangul, Cyrillic…).
        case letter
        /// Hiragana or katakana.
        case kana
        /// Ideographs (Han).
        case ideographic
    }

    /// Locale whose rules (and dictionaries) ICU uses: "en", "ja", "ko", "zh"; "" for the root.
    var locale: String
    /// Whether Korean particles are stripped from the ends of Hangul words.
    public var stripsKoreanParticles: Bool

    /// Creates a segmenter for a locale (the root locale by default, which already segments
    /// Japanese and Chinese with ICU's dictionaries).
    public init(locale: String = "", stripsKoreanParticles: Bool = true) {
        self.locale = locale
        self.stripsKoreanParticles = stripsKoreanParticles
    }

    /// The words of `text`, in order, as slices of it.
    public func words(in text: String) -> [Substring] {
        segments(of: text).map(\.text)
    }

    /// The words of `text`, with their kinds and whether punctuation precedes them.
    public func segments(of text: String) -> [Word] {
        let utf8 = text.utf8
        guard !utf8.isEmpty else { return [] }
        var limit = min(utf8.count, Self.maximumInputBytes)
        // Cut at a scalar boundary: never in the middle of a multi-byte sequence.
        while limit < utf8.count, limit > 0,
              (utf8[utf8.index(utf8.startIndex, offsetBy: limit)] & 0xC0) == 0x80 {
            limit -= 1
        }
        let bytes = Array(utf8.prefix(limit))
        guard !bytes.isEmpty else { return [] }
        var spansPointer: UnsafeMutablePointer<inkling_icu_span>?
        var count = 0
        let code = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
                inkling_icu_words(chars, buffer.count, locale, &spansPointer, &count)
            }
        }
        defer { inkling_icu_free(spansPointer) }
        guard code == 0, let spans = spansPointer, count > 0 else { return [] }

        var result: [Word] = []
        result.reserveCapacity(count)
        var previousEnd = 0
        for i in 0..<count {
            let span = spans[i]
            let lo = utf8.index(utf8.startIndex, offsetBy: span.start)
            let hi = utf8.index(lo, offsetBy: span.length)
            var word = text[lo..<hi]
            let gap = bytes[previousEnd..<span.start]
            let followsBreak = i == 0 || gap.contains { !Self.isSpaceByte($0) }
            previousEnd = span.start + span.length
            let kind: Kind
            switch Int(span.kind) {
            case 1: kind = .number
            case 3: kind = .kana
            case 4: kind = .ideographic
            default: kind = .letter
            }
            var hadParticle = false
            if stripsKoreanParticles, kind == .letter {
                let stripped = KoreanParticles.stripping(word)
                hadParticle = stripped.endIndex != word.endIndex
                word = stripped
            }
            result.append(Word(text: word, kind: kind, followsBreak: followsBreak, hadParticle: hadParticle))
        }
        return result
    }

    /// ASCII whitespace and the leading bytes of common Unicode spaces count as space.
    private static func isSpaceByte(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C
    }
}
