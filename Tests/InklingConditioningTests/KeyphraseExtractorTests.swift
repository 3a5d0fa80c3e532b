import Foundation
import InklingConditioning
import XCTest

/// RAKE/YAKE-style keyphrases from realistic paragraphs in English, Japanese, Korean and more.
final class KeyphraseExtractorTests: XCTestCase {
    private let extractor = KeyphraseExtractor()

    private let card = """
        Dear Mia, happy birthday! I hope your day is full of sunshine, cherry blossoms and the sound \
        of the sea. We still talk about the picnic under the cherry blossoms in Lisbon, when the \
        little dog chased the seagulls along the beach. Come back soon, the sea misses you. \
        Love, Grandma
        """

    func testGreetingCard() {
        let phrases = extractor.extract(from: card)
        let texts = phrases.map(\.text)
        XCTAssertLessThanOrEqual(phrases.count, 5)
        XCTAssertEqual(texts.first, "cherry blossoms", "\(phrases)")
        XCTAssertTrue(texts.contains { $0.contains("birthday") }, "\(phrases)")
        XCTAssertEqual(phrases.map(\.weight).reduce(0, +), 1, accuracy: 1e-9)
        XCTAssertEqual(phrases.map(\.weight), phrases.map(\.weight).sorted(by: >))
        XCTAssertFalse(texts.contains("dear"))
    }

    func testTitleBoost() {
        let plain = extractor.extract(from: card).map(\.text)
        let titled = extractor.extract(from: card, title: "A day at the beach").map(\.text)
        XCTAssertTrue(titled.contains("beach"), "\(titled)")
        XCTAssertLessThan(titled.firstIndex(of: "beach") ?? 99, plain.firstIndex(of: "beach") ?? 99)
    }

    func testNearDuplicatesMerge() {
        let phrases = extractor.extract(from: "Cherry blossoms in the park. A cherry blossom on the path. The cherry blossoms of Kyoto.")
        XCTAssertEqual(phrases.filter { $0.text.hasPrefix("cherry") }.count, 1, "\(phrases)")
    }

    func testJapaneseParagraph() {
        let text = "東京の桜がきれいです。春になると、公園の桜の下で家族とお弁当を食べます。夜桜も美しいです。"
        let phrases = extractor.extract(from: text)
        XCTAssertTrue(phrases.contains { $0.text.contains("桜") }, "\(phrases)")
        XCTAssertFalse(phrases.contains { ["の", "が", "です", "ます"].contains($0.text) }, "\(phrases)")
    }

    func testKoreanSentence() {
        let phrases = extractor.extract(from: "강아지와 고양이가 바다에서 놀아요. 강아지는 정말 귀여워요.")
        let texts = phrases.map(\.text)
        XCTAssertEqual(texts.first, "강아지", "\(texts)")
        XCTAssertTrue(texts.contains("바다"), "\(texts)")
        XCTAssertFalse(texts.contains { $0.hasSuffix("와") || $0.hasSuffix("요") }, "\(texts)")
    }

    func testChineseAndGerman() {
        let zh = extractor.extract(from: "我喜欢北京的春天。春天的花园里有很多花。").map(\.text)
        XCTAssertTrue(zh.contains { $0.contains("春天") }, "\(zh)")
        let de = extractor.extract(from: "Die Kirschblüten im Garten sind wunderschön. Im Garten spielt der Hund.").map(\.text)
        XCTAssertTrue(de.contains { $0.lowercased().contains("garten") }, "\(de)")
    }

    func testNamesKeepTheirCapitals() {
        let phrases = extractor.extract(from: card, title: nil, language: "en").map(\.text)
        let all = KeyphraseExtractor(maximumPhrases: 20).extract(from: card).map(\.text)
        XCTAssertTrue(all.contains { $0.contains("Lisbon") }, "\(all)")
        XCTAssertFalse(phrases.contains { $0.contains("Happy") })
    }

    func testDegenerateInputs() {
        XCTAssertEqual(extractor.extract(from: ""), [])
        XCTAssertEqual(extractor.extract(from: "the and of it is"), [])
        XCTAssertEqual(extractor.extract(from: "!!! ??? 1234"), [])
        XCTAssertEqual(KeyphraseExtractor(maximumPhrases: 0).extract(from: card), [])
        XCTAssertEqual(extractor.extract(from: "\u{0}fox\u{0}").map(\.text), ["fox"])
        let huge = String(repeating: "Sunflowers in a golden field under a blue sky. ", count: 25_000)
        let start = Date()
        let phrases = extractor.extract(from: huge)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        XCTAssertFalse(phrases.isEmpty)
    }

    func testDeterministic() {
        XCTAssertEqual(extractor.extract(from: card), extractor.extract(from: card))
    }
}
