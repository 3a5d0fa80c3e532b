import Foundation
import InklingConditioning
import InklingEngines
import InklingGuidance
import InklingOutputs
import XCTest
@testable import Inkling

/// The planner hands engines the request's sampling knobs and a guidance map in the requested
/// encoding; recipes carry both, so a replay asks for the same.
final class KnobsPlanTests: XCTestCase {
    private let sampling = SamplingOverrides(negativePrompt: "no people", steps: 12, cfgScale: 4.5, sampler: "dpmpp_2m", scheduler: "karras")

    func testPlanAndReplayCarryTheKnobs() throws {
        let engine = StubEngine()
        var options = GenerationOptions(sampling: sampling)
        options.guidance.encoding = SketchEncoding(.soft, polarity: .blackOnWhite)
        let planner = RequestPlanner(capabilities: engine.capabilities, engine: engine.identifier, options: options, embedsSourceImage: true)
        let plan = try planner.plan([.text("a cosy house"), .drawing(CreatorStreamingTests.drawing)], style: nil, limit: 1)
        XCTAssertEqual(plan.conditioning.sampling, sampling)
        let map = try XCTUnwrap(plan.conditioning.guidance)
        XCTAssertEqual(map.encoding, .soft)
        XCTAssertEqual(map.polarity, .blackOnWhite)
        let plain = try XCTUnwrap(RequestPlanner(capabilities: engine.capabilities, engine: engine.identifier, options: GenerationOptions(),
                                                 embedsSourceImage: true)
            .plan([.text("a cosy house"), .drawing(CreatorStreamingTests.drawing)], style: nil, limit: 1).conditioning.guidance)
        XCTAssertEqual(plain.encoding, .scribble)
        XCTAssertEqual(plain.polarity, .whiteOnBlack)
        XCTAssertNotEqual(map.image.pixels, plain.image.pixels)

        let recipe = try Recipe(json: plan.recipe(variation: 0).jsonText())
        let replay = try RecipeReplay.plan(recipe, capabilities: engine.capabilities)
        XCTAssertEqual(replay.conditioning.sampling, sampling)
        XCTAssertEqual(replay.conditioning.guidance?.image, map.image, "the replay renders the same map")
    }

    func testKnobsOutOfRangeAreRefusedWhenTheCreatorIsMade() async {
        for (knobs, fragment) in [(SamplingOverrides(steps: 151), "steps is 151; expected a whole number from 1 to 150"),
                                  (SamplingOverrides(cfgScale: .nan), "cfgScale is nan"),
                                  (SamplingOverrides(scheduler: "\n"), "scheduler is blank")] {
            do {
                _ = try await InklingImageCreator(engine: StubEngine(), options: GenerationOptions(sampling: knobs))
                XCTFail("\(knobs) accepted")
            } catch {
                guard case .invalidOption(let why) = error else { return XCTFail("\(error)") }
                XCTAssertTrue(why.contains(fragment), why)
                XCTAssertFalse(why.contains("\n"))
            }
        }
    }
}
