import Foundation
import InklingConditioning
import XCTest
@testable import InklingRegression

/// Case files set the sketch encoding and the sampler knobs with the API's keys, strictly.
final class KnobCaseTests: XCTestCase {
    func testCasesReadTheKnobs() throws {
        let root = try RegressionFixtures.temporaryFolder()
        RegressionFixtures.writeCaseQuietly("knobs", in: root, caseJSON: """
        {"drawing": "drawing.json", "encoding": "distance-inverted", "negativePrompt": "no people", "steps": 12, "cfgScale": 4.5,
         "sampler": "dpmpp_2m", "scheduler": "karras"}
        """)
        RegressionFixtures.writeCaseQuietly("plain", in: root, caseJSON: #"{"drawing": "drawing.json"}"#)
        let cases = try CaseReader.cases(at: root)
        XCTAssertEqual(cases[0].guidance.encoding, SketchEncoding(.distance, polarity: .blackOnWhite))
        XCTAssertEqual(cases[0].sampling, SamplingOverrides(negativePrompt: "no people", steps: 12, cfgScale: 4.5, sampler: "dpmpp_2m", scheduler: "karras"))
        XCTAssertEqual(cases[1].guidance.encoding, .scribble)
        XCTAssertEqual(cases[1].sampling, .none)
    }

    func testBadKnobsNameTheProblem() throws {
        let bad: [(String, String)] = [
            (#"{"drawing": "drawing.json", "negativePrompt": 3}"#, "negativePrompt: expected"),
            (#"{"drawing": "drawing.json", "negativPromt": "x"}"#, "unknown key; did you mean \"negativePrompt\"?"),
            (#"{"drawing": "drawing.json", "steps": 0}"#, "steps: expected a whole number within 1…150, got 0"),
            (#"{"drawing": "drawing.json", "cfgScale": 31}"#, "cfgScale: expected a number within 0…30"),
            (#"{"drawing": "drawing.json", "sampler": ""}"#, "sampler: expected a sampler name as the server spells it"),
            (#"{"drawing": "drawing.json", "scheduler": "  "}"#, "scheduler: expected a scheduler name as the server spells it"),
            (#"{"drawing": "drawing.json", "encoding": "lineart"}"#, "encoding: expected one of scribble, scribble-inverted, soft"),
        ]
        for (json, fragment) in bad {
            let root = try RegressionFixtures.temporaryFolder()
            RegressionFixtures.writeCaseQuietly("c", in: root, caseJSON: json)
            XCTAssertThrowsError(try CaseReader.cases(at: root), json) { error in
                let message = String(describing: error)
                XCTAssertTrue(message.contains(fragment), "\(json) → \(message)")
                XCTAssertFalse(message.contains("\n"))
            }
        }
    }
}
