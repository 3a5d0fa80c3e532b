import InklingConditioning
import XCTest

/// Styles asked for in prompt text: recognised, mapped to presets, strippable, reported when unmapped.
final class StyleRequestTests: XCTestCase {
    func testRecognisedPhrasesMapToPresets() {
        let cases: [(String, Style, String, String)] = [
            ("a fox in a watercolor style", .illustration, "watercolor", "a fox"),
            ("a lighthouse, as a pencil sketch", .sketch, "pencil sketch", "a lighthouse"),
            ("Cartoon cat playing piano", .animation, "cartoon", "cat playing piano"),
            ("a girl with an umbrella, anime", .animation, "anime", "a girl with an umbrella"),
            ("a happy avocado emoji", .emoji, "emoji", "a happy avocado"),
            ("a dog sticker", .emoji, "sticker", "a dog"),
            ("harbour at dusk in an oil painting style", .illustration, "oil painting", "harbour at dusk"),
            ("a mountain, line art", .sketch, "line art", "a mountain"),
            ("a robot in the style of a charcoal drawing", .sketch, "charcoal", "a robot"),
            ("a castle, Pixar-style", .animation, "pixar", "a castle"),
            ("a city in editorial style", .illustration, "editorial", "a city"),
            ("a heron in cel-shaded style", .animation, "cel-shaded", "a heron"),
        ]
        for (prompt, style, name, stripped) in cases {
            let request = StyleRequest.find(in: prompt)
            XCTAssertEqual(request?.style, style, prompt)
            XCTAssertEqual(request?.name, name, prompt)
            XCTAssertEqual(request?.stripped(from: prompt), stripped, prompt)
        }
    }

    func testMatchedSpanIncludesCues() {
        let prompt = "a fox in a watercolor style under the moon"
        let request = StyleRequest.find(in: prompt)!
        XCTAssertEqual(request.matchedText, "in a watercolor style")
        XCTAssertEqual(String(prompt[request.range]), "in a watercolor style")
        XCTAssertEqual(request.stripped(from: prompt), "a fox under the moon")
    }

    func testUnmappedStyleIsReported() {
        let request = StyleRequest.find(in: "a photorealistic portrait of a cat")
        XCTAssertEqual(request?.name, "photorealistic")
        XCTAssertNil(request?.style)
        XCTAssertEqual(request?.mapsToPreset, false)
        XCTAssertEqual(StyleRequest.find(in: "a cat in pixel art style")?.name, "pixel art")
    }

    func testWordsThatNeedCues() {
        XCTAssertNil(StyleRequest.find(in: "a pencil on a wooden desk"))
        XCTAssertEqual(StyleRequest.find(in: "a desk drawn in pencil")?.style, .sketch)
        XCTAssertNil(StyleRequest.find(in: "a realistic plan for the weekend"))
        XCTAssertNil(StyleRequest.find(in: "cartoonist at work")) // whole words only
    }

    func testSeveralRequestsInReadingOrder() {
        let all = StyleRequest.all(in: "an anime fox, then a watercolor sky")
        XCTAssertEqual(all.map(\.name), ["anime", "watercolor"])
        XCTAssertEqual(StyleRequest.all(in: "a pencil sketch").map(\.name), ["pencil sketch"]) // no "sketch" twice
    }

    func testDegenerateInputs() {
        XCTAssertNil(StyleRequest.find(in: ""))
        XCTAssertNil(StyleRequest.find(in: "\u{0}"))
        XCTAssertEqual(StyleRequest.find(in: "watercolor")?.stripped(from: "watercolor"), "")
        let huge = String(repeating: "a fox ", count: 200_000) + "in watercolor"
        XCTAssertNil(StyleRequest.find(in: huge)) // beyond the searched prefix
    }
}
