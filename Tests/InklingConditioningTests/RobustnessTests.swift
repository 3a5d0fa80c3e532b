import InklingConditioning
import XCTest

/// Random text from many scripts, marks, emoji, NULs and spaces never crashes any analysis.
final class RobustnessTests: XCTestCase {
    /// A small deterministic generator (SplitMix64).
    private struct Mix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private let pieces = [
        "a", "the", " ", "  ", ",", ".", "!", "\n", "\u{0}", "fox", "Fox", "é", "e\u{301}", "ß", "桜", "の", "です", "강아지와",
        "는", "Дети", "الأطفال", "👩‍👩‍👧", "🦊", "\u{200D}", "\u{FEFF}", "-", "'", "’s", "watercolor", "in a", "style", "sketch",
        "1234", "½", "ก", "हि", "ﾃｽﾄ", "\u{3000}", "Ω", "İ", "ǅ", "\t",
    ]

    func testRandomTextNeverCrashes() throws {
        var rng = Mix(state: 42)
        let extractor = KeyphraseExtractor()
        let segmenter = WordSegmenter()
        for _ in 0..<300 {
            let n = Int.random(in: 0..<40, using: &rng)
            let text = (0..<n).map { _ in pieces.randomElement(using: &rng)! }.joined()
            _ = segmenter.words(in: text)
            _ = LanguageDetector.detect(text)
            let phrases = extractor.extract(from: text, title: Bool.random(using: &rng) ? text : nil)
            if !phrases.isEmpty {
                XCTAssertEqual(phrases.map(\.weight).reduce(0, +), 1, accuracy: 1e-9, text.debugDescription)
            }
            for request in StyleRequest.all(in: text) {
                _ = request.stripped(from: text)
            }
            _ = try? ConceptResolver(supportedLanguages: ["en"]).resolve([.text(text), .extracted(from: text, title: text)])
        }
    }
}
