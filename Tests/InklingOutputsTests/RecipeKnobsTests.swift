import Foundation
import InklingConditioning
import InklingImageIO
import XCTest
@testable import InklingOutputs

/// Recipes record the sketch encoding and the sampler knobs a request set, and recipes written
/// before they existed read as scribble with the configuration's defaults.
final class RecipeKnobsTests: XCTestCase {
    func testKnobsRoundTrip() throws {
        var recipe = try RecipeFixtures.recipe()
        recipe.guidance.encoding = SketchEncoding(.soft, polarity: .blackOnWhite)
        recipe.sampling = SamplingOverrides(negativePrompt: "no people", steps: 12, cfgScale: 4.5, sampler: "dpmpp_2m", scheduler: "karras")
        let json = recipe.jsonText()
        XCTAssertTrue(json.contains(#""encoding":"soft-inverted""#), json)
        XCTAssertTrue(json.contains(#""sampling":{"negativePrompt":"no people","steps":12,"cfgScale":4.5,"sampler":"dpmpp_2m","scheduler":"karras"}"#), json)
        XCTAssertEqual(try Recipe(json: json, sourceImage: recipe.source?.image), recipe)

        recipe.sampling = SamplingOverrides(steps: 3)
        XCTAssertEqual(try Recipe(json: recipe.jsonText(), sourceImage: recipe.source?.image).sampling, SamplingOverrides(steps: 3))
    }

    func testRecipesWithoutKnobsReadAsBefore() throws {
        let recipe = try RecipeFixtures.recipe()
        let json = recipe.jsonText()
        XCTAssertFalse(json.contains("encoding") || json.contains("sampling"), "nothing new written for a plain request")
        let back = try Recipe(json: json, sourceImage: recipe.source?.image)
        XCTAssertEqual(back.guidance.encoding, .scribble)
        XCTAssertEqual(back.sampling, .none)
    }

    func testBadKnobsAreNamed() throws {
        let recipe = try RecipeFixtures.recipe()
        let json = recipe.jsonText()
        let badEncoding = json.replacingOccurrences(of: #""mode":"#, with: #""encoding":"lineart","mode":"#)
        XCTAssertThrowsError(try Recipe(json: badEncoding)) { error in
            XCTAssertTrue(String(describing: error).contains("guidance.encoding"), "\(error)")
        }
        let badSteps = String(json.dropLast()) + #","sampling":{"steps":0}}"#
        XCTAssertThrowsError(try Recipe(json: badSteps)) { error in
            XCTAssertTrue(String(describing: error).contains("sampling.steps"), "\(error)")
        }
    }
}
