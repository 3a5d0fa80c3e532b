@testable import InklingBuiltInEngine
import InklingConditioning
import InklingEngines
import XCTest

final class GuidanceInfluenceTests: XCTestCase {
    func testModeReshapesStrengthKeepingTheEnds() {
        for mode in GuidanceMode.allCases {
            XCTAssertEqual(GuidanceInfluence(GuidanceControls(strength: 0, mode: mode)).strength, 0)
            XCTAssertEqual(GuidanceInfluence(GuidanceControls(strength: 1, mode: mode)).strength, 1, accuracy: 1e-12)
        }
        let sketch = GuidanceInfluence(GuidanceControls(strength: 0.5, mode: .sketchFirst)).strength
        let balanced = GuidanceInfluence(GuidanceControls(strength: 0.5, mode: .balanced)).strength
        let prompt = GuidanceInfluence(GuidanceControls(strength: 0.5, mode: .promptFirst)).strength
        XCTAssertGreaterThan(sketch, balanced)
        XCTAssertGreaterThan(balanced, prompt)
    }

    func testScheduleShapesPlacementAndDetail() {
        let early = GuidanceInfluence(GuidanceControls(strength: 1, start: 0, end: 1, mode: .balanced))
        XCTAssertEqual(early.placement, 1)
        XCTAssertEqual(early.detail, 1)
        let late = GuidanceInfluence(GuidanceControls(strength: 1, start: 0.5, end: 0.5, mode: .balanced))
        XCTAssertEqual(late.placement, 0.75, accuracy: 1e-12)
        XCTAssertEqual(late.detail, 0.8, accuracy: 1e-12)
    }

    func testMonotoneInStrength() {
        var previous = GuidanceInfluence(GuidanceControls(strength: 0))
        for k in 1...20 {
            let next = GuidanceInfluence(GuidanceControls(strength: Double(k) / 20))
            XCTAssertGreaterThan(next.strength, previous.strength)
            XCTAssertGreaterThan(next.placement, previous.placement)
            XCTAssertGreaterThan(next.detail, previous.detail)
            previous = next
        }
    }

    func testNonFiniteControlsAreSafe() {
        let nan = GuidanceInfluence(GuidanceControls(strength: .nan, start: .nan, end: .infinity))
        XCTAssertFalse(nan.isActive)
        XCTAssertEqual(GuidanceInfluence(GuidanceControls(strength: 7)).strength, 1, accuracy: 1e-12)
    }

    func testSketchFirstFollowsTheSketchMoreThanPromptFirst() async throws {
        let engine = BuiltInEngine()
        let full = try await engine.generate(EngineFixtures.conditioning(style: .animation, strength: 1), variation: 0)
        let sketchFirst = try await engine.generate(EngineFixtures.conditioning(style: .animation, strength: 0.5, mode: .sketchFirst), variation: 0)
        let promptFirst = try await engine.generate(EngineFixtures.conditioning(style: .animation, strength: 0.5, mode: .promptFirst), variation: 0)
        XCTAssertLessThan(EngineFixtures.meanDifference(sketchFirst, full), EngineFixtures.meanDifference(promptFirst, full))
    }
}
