import InklingConditioning
import XCTest

/// Script and stopword evidence on realistic sentences; nothing for text that cannot be told.
final class LanguageDetectorTests: XCTestCase {
    private func code(_ text: String) -> String? { LanguageDetector.detect(text)?.code }

    func testRealisticSentences() {
        let cases: [(String, String)] = [
            ("en", "The children are playing in the garden while their grandmother reads a book."),
            ("de", "Die Kinder spielen im Garten, während ihre Großmutter ein Buch liest."),
            ("fr", "Les enfants jouent dans le jardin pendant que leur grand-mère lit un livre."),
            ("es", "Los niños juegan en el jardín mientras su abuela lee un libro."),
            ("it", "I bambini giocano nel giardino mentre la nonna legge un libro."),
            ("pt", "As crianças brincam no jardim enquanto a avó lê um livro."),
            ("nl", "De kinderen spelen in de tuin terwijl hun oma een boek leest."),
            ("ja", "東京の桜がきれいです。子どもたちは公園で遊んでいます。"),
            ("ko", "강아지와 고양이가 바다에서 놀아요."),
            ("zh", "孩子们在花园里玩耍，奶奶在看书。"),
            ("ru", "Дети играют в саду, пока бабушка читает книгу."),
            ("uk", "Діти граються в саду, поки бабуся читає книжку."),
            ("ar", "الأطفال يلعبون في الحديقة بينما تقرأ الجدة كتابا."),
            ("el", "Τα παιδιά παίζουν στον κήπο ενώ η γιαγιά διαβάζει ένα βιβλίο."),
            ("he", "הילדים משחקים בגן בזמן שסבתא קוראת ספר."),
            ("th", "เด็กๆ กำลังเล่นในสวน"),
            ("hi", "बच्चे बगीचे में खेल रहे हैं।"),
        ]
        for (expected, sentence) in cases {
            let result = LanguageDetector.detect(sentence)
            XCTAssertEqual(result?.code, expected, sentence)
            XCTAssertGreaterThan(result?.confidence ?? 0, 0.5, sentence)
        }
    }

    func testShortPhrases() {
        XCTAssertEqual(code("a red fox"), "en")
        XCTAssertLessThan(LanguageDetector.detect("a red fox")!.confidence, 0.5)
        XCTAssertEqual(code("a fox in the snow"), "en")
        XCTAssertEqual(code("un zorro en la nieve"), "es")
        XCTAssertEqual(code("ein Fuchs im Schnee"), "de")
        XCTAssertEqual(code("un renard dans la neige"), "fr")
        XCTAssertEqual(code("桜"), "zh") // Han alone cannot be told from Japanese: Chinese
        XCTAssertEqual(code("さくら"), "ja")
        XCTAssertEqual(code("Tokyo の桜"), "ja")
    }

    func testUndeterminedText() {
        XCTAssertNil(LanguageDetector.detect(""))
        XCTAssertNil(LanguageDetector.detect("   12345 !!! 🦊"))
        XCTAssertNil(LanguageDetector.detect("xyzzy plugh"))
        XCTAssertNil(LanguageDetector.detect("\u{0}\u{0}"))
    }

    func testHugeInputIsBounded() {
        let huge = String(repeating: "the fox and the hound ", count: 100_000)
        XCTAssertEqual(code(huge), "en")
    }
}
