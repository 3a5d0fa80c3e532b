import InklingConditioning
import XCTest

/// Requested style, then text, then default; anything outside the allowed list is a clear error.
final class StyleResolutionTests: XCTestCase {
    func testPrecedence() throws {
        let text = StyleRequest.find(in: "a fox as a pencil sketch")
        let all = Style.allCases
        XCTAssertEqual(try StyleResolution.resolve(requested: .emoji, textRequest: text, allowedStyles: all, defaultStyle: .illustration).style, .emoji)
        let fromText = try StyleResolution.resolve(requested: nil, textRequest: text, allowedStyles: all, defaultStyle: .illustration)
        XCTAssertEqual(fromText.style, .sketch)
        XCTAssertEqual(fromText.source, .text)
        let fallback = try StyleResolution.resolve(requested: nil, textRequest: nil, options: GenerationOptions(defaultStyle: .animation))
        XCTAssertEqual(fallback.style, .animation)
        XCTAssertEqual(fallback.source, .defaultStyle)
    }

    func testUnmappedTextStyleFallsBackAndIsReported() throws {
        let text = StyleRequest.find(in: "a photorealistic cat")
        let r = try StyleResolution.resolve(requested: nil, textRequest: text, allowedStyles: Style.allCases, defaultStyle: .illustration)
        XCTAssertEqual(r.style, .illustration)
        XCTAssertEqual(r.unmappedRequest?.name, "photorealistic")
    }

    func testStyleOutsideAllowedListThrowsNamingTheAllowedOnes() {
        XCTAssertThrowsError(try StyleResolution.resolve(requested: .emoji, textRequest: nil, allowedStyles: [.sketch, .animation], defaultStyle: .sketch)) { error in
            XCTAssertEqual(error as? ConditioningError, .styleNotAllowed(.emoji, allowed: [.sketch, .animation]))
            XCTAssertEqual("\(error)", "style 'emoji' is not allowed here; choose one of: sketch, animation")
        }
        let text = StyleRequest.find(in: "a cat sticker")
        XCTAssertThrowsError(try StyleResolution.resolve(requested: nil, textRequest: text, allowedStyles: [.sketch], defaultStyle: .sketch))
    }

    func testErrorMessagesAreOneLine() {
        let errors: [ConditioningError] = [
            .styleNotAllowed(.emoji, allowed: []), .unsupportedLanguage(detected: "ja", supported: ["en", "de"]), .emptyConcepts,
            .invalidOption(name: "guidance.strength", value: "2.0", expected: "a number from 0 to 1"),
        ]
        for e in errors {
            XCTAssertFalse(e.description.isEmpty)
            XCTAssertFalse(e.description.contains("\n"))
        }
        XCTAssertTrue(ConditioningError.unsupportedLanguage(detected: "ja", supported: ["en", "de"]).description.contains("de, en"))
    }
}
