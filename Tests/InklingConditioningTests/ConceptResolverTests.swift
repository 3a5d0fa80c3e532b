import InklingConditioning
import InklingImageIO
import InklingStrokes
import XCTest

/// Concepts → phrases, language, drawing and source image.
final class ConceptResolverTests: XCTestCase {
    private func drawing(_ x: Double) -> Drawing {
        Drawing(strokes: [Stroke(ink: Ink(.pen), path: StrokePath(points: [
            StrokePoint(location: Point2D(x: x, y: 0)), StrokePoint(location: Point2D(x: x + 10, y: 10)),
        ]))])
    }

    func testTextCountsMoreThanExtracted() throws {
        let resolved = try ConceptResolver().resolve([
            .text("a red fox"),
            .extracted(from: "Dear Mia, happy birthday! I hope your day is full of sunshine, cherry blossoms and the sound of the sea.", title: "Birthday"),
        ])
        XCTAssertEqual(resolved.phrases.first?.text, "a red fox")
        XCTAssertEqual(resolved.phrases.first!.weight, 2.0 / 3.0, accuracy: 1e-9)
        XCTAssertEqual(resolved.phrases.map(\.weight).reduce(0, +), 1, accuracy: 1e-9)
        XCTAssertTrue(resolved.phrases.contains { $0.text == "cherry blossoms" }, "\(resolved.phrases)")
        XCTAssertEqual(resolved.title, "Birthday")
        XCTAssertEqual(resolved.language?.code, "en")
    }

    func testStyleInTextIsTakenOut() throws {
        let resolved = try ConceptResolver().resolve([.text("a lighthouse in a watercolor style"), .text("A Lighthouse")])
        XCTAssertEqual(resolved.styleRequest?.style, .illustration)
        XCTAssertEqual(resolved.phrases, [ConceptPhrase("a lighthouse", weight: 1)])
    }

    func testUnsupportedLanguage() {
        let resolver = ConceptResolver(supportedLanguages: ["en", "de"])
        XCTAssertThrowsError(try resolver.resolve([.text("東京の桜がきれいです")])) { error in
            XCTAssertEqual(error as? ConditioningError, .unsupportedLanguage(detected: "ja", supported: ["de", "en"]))
        }
        XCTAssertNoThrow(try resolver.resolve([.text("sunset")])) // undetermined passes
        XCTAssertNoThrow(try ConceptResolver(supportedLanguages: ["ja"]).resolve([.text("東京の桜がきれいです")]))
    }

    func testDrawingsAppendAndFirstImageWins() throws {
        let a = RasterImage(width: 2, height: 2, format: .rgba, filledWith: 0)
        let b = RasterImage(width: 3, height: 3, format: .rgba, filledWith: 0)
        let resolved = try ConceptResolver().resolve([
            .drawing(drawing(0)), .image(SourceImage(image: a, origin: "a.png")), .drawing(drawing(50)),
            .image(SourceImage(image: b, origin: "b.png")),
        ])
        XCTAssertEqual(resolved.drawing, drawing(0).appending(drawing(50)))
        XCTAssertEqual(resolved.drawing?.strokes.count, 2)
        XCTAssertEqual(resolved.source?.origin, "a.png")
        XCTAssertEqual(resolved.ignoredImageCount, 1)
        XCTAssertTrue(resolved.phrases.isEmpty)
        XCTAssertNil(resolved.language)
    }

    func testEmptyConcepts() {
        XCTAssertThrowsError(try ConceptResolver().resolve([])) { XCTAssertEqual($0 as? ConditioningError, .emptyConcepts) }
        XCTAssertThrowsError(try ConceptResolver().resolve([.text("   "), .extracted(from: "", title: nil)]))
    }

    func testDeterministic() throws {
        let concepts: [Concept] = [.text("a fox"), .extracted(from: "Cherry blossoms and the sea. The sea at dawn.", title: nil)]
        XCTAssertEqual(try ConceptResolver().resolve(concepts), try ConceptResolver().resolve(concepts))
    }
}
