import InklingConditioning
import XCTest

/// ICU word segmentation: English, Japanese (dictionary), Korean (particles stripped), Chinese.
final class WordSegmenterTests: XCTestCase {
    private let segmenter = WordSegmenter()

    func testEnglishWordsSkipPunctuation() {
        XCTAssertEqual(segmenter.words(in: "Hello, world! A red fox's den."), ["Hello", "world", "A", "red", "fox's", "den"])
    }

    func testJapaneseDictionarySegmentation() {
        XCTAssertEqual(segmenter.words(in: "東京の桜がきれいです"), ["東京", "の", "桜", "が", "きれい", "です"])
    }

    func testKoreanParticlesAreStripped() {
        XCTAssertEqual(segmenter.words(in: "강아지와 고양이가 바다에서 놀아요"), ["강아지", "고양이", "바다", "놀아요"])
        XCTAssertEqual(WordSegmenter(stripsKoreanParticles: false).words(in: "강아지와"), ["강아지와"])
    }

    func testKoreanParticleAgreementAndExceptions() {
        XCTAssertEqual(KoreanParticles.stripping("꽃이"), "꽃")
        XCTAssertEqual(KoreanParticles.stripping("나무가"), "나무")
        XCTAssertEqual(KoreanParticles.stripping("고양이"), "고양이")
        XCTAssertEqual(KoreanParticles.stripping("하늘을"), "하늘")
        XCTAssertEqual(KoreanParticles.stripping("학교로"), "학교")
        XCTAssertEqual(KoreanParticles.stripping("서울로"), "서울")
        XCTAssertEqual(KoreanParticles.stripping("가"), "가")
        XCTAssertEqual(KoreanParticles.stripping("fox"), "fox")
    }

    func testChineseSegmentation() {
        let words = segmenter.words(in: "我喜欢北京的春天。")
        XCTAssertTrue(words.contains("北京"), "\(words)")
        XCTAssertTrue(words.contains("春天"), "\(words)")
        XCTAssertFalse(words.contains("。"))
    }

    func testPunctuationBreaksAreReported() {
        let segments = segmenter.segments(of: "sun, sea and sky")
        XCTAssertEqual(segments.map(\.followsBreak), [true, true, false, false])
        XCTAssertEqual(segmenter.segments(of: "2024 年").first?.kind, .number)
    }

    func testEmptyNulAndHugeInputs() {
        XCTAssertEqual(segmenter.words(in: ""), [])
        XCTAssertEqual(segmenter.words(in: "a\u{0}b"), ["a", "b"])
        XCTAssertEqual(segmenter.words(in: "!!! ... ???"), [])
        let huge = String(repeating: "桜 fox ", count: 300_000) // ~2.4 MB, over the cap
        let words = segmenter.words(in: huge)
        XCTAssertGreaterThan(words.count, 100_000)
        XCTAssertLessThan(words.count, 600_000)
        // A cap in the middle of a multi-byte character never splits it.
        let cut = segmenter.words(in: String(repeating: "é", count: WordSegmenter.maximumInputBytes))
        XCTAssertEqual(cut.count, 1)
    }
}
