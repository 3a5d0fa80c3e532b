import Foundation
import InklingBase
import InklingConditioning
import InklingEngineFakes
import InklingEngines
import InklingRemoteEngines
import XCTest

/// The `live` block of a ComfyUI engine: parsed with path-naming errors, and used for live
/// frames (``Conditioning/isLiveFrame``) only.
final class ComfyUILiveSettingsTests: XCTestCase {
    private func parse(_ body: String, kind: String = "comfyui") throws -> EngineConfiguration {
        let text = #"{"engines": {"e": {"kind": "\#(kind)", "endpoint": "http://127.0.0.1:8188", "models": {"checkpoint": "sd.safetensors"}"#
            + body + "}}}"
        return try EngineConfiguration.parse(Array(text.utf8), path: "engines.json")
    }

    func testTheLiveBlockAndTheUploadCacheAreRead() throws {
        let configuration = try parse(#", "uploadCache": 16, "live": {"steps": 6, "cfgScale": 1.5, "sampler": "lcm", "scheduler": "sgm_uniform"}"#)
        let entry = try XCTUnwrap(configuration.engines.first)
        XCTAssertEqual(entry.live, EngineLiveSettings(steps: 6, cfgScale: 1.5, sampler: "lcm", scheduler: "sgm_uniform"))
        XCTAssertEqual(entry.uploadCache, 16)
        XCTAssertNil(try parse("").engines.first?.live)
    }

    func testHostileLiveBlocksGetPathNamingErrors() {
        let cases: [(String, String, String)] = [
            (#", "live": {"steps": 0}"#, "comfyui", "engines.e.live.steps: expected a whole number within 1…150, got 0"),
            (#", "live": {"cfgScale": 31}"#, "comfyui", "engines.e.live.cfgScale: expected a number within 0…30, got 31"),
            (#", "live": {"stepz": 4}"#, "comfyui", #"engines.e.live.stepz: unknown key; did you mean "steps"?"#),
            (#", "live": {"sampler": ""}"#, "comfyui", "engines.e.live.sampler: expected a name of 1…100 bytes"),
            (#", "live": {"scheduler": "\#(String(repeating: "s", count: 101))"}"#, "comfyui", "engines.e.live.scheduler: expected a name of 1…100 bytes"),
            (#", "live": [4]"#, "comfyui", "engines.e.live: expected an object"),
            (#", "live": {"steps": 4}"#, "automatic1111", "engines.e.live: only a comfyui engine takes a live block"),
            (#", "uploadCache": -1"#, "comfyui", "engines.e.uploadCache: expected a whole number within 0…4096, got -1"),
            (#", "uploadCache": 5000"#, "comfyui", "engines.e.uploadCache: expected a whole number within 0…4096"),
            (#", "uploadCache": 8"#, "automatic1111", "engines.e.uploadCache: only a comfyui engine has an upload cache"),
        ]
        for (body, kind, fragment) in cases {
            XCTAssertThrowsError(try parse(body, kind: kind), body) { error in
                let message = (error as? EngineConfigurationError)?.description ?? "\(error)"
                XCTAssertTrue(message.contains(fragment), "\(body) → \(message)")
                XCTAssertFalse(message.contains("\n"), message)
            }
        }
    }

    private func sampler(_ workflow: JSONValue?) -> JSONValue? {
        workflow?.object?.values.first { $0["class_type"]?.string == "KSampler" }?["inputs"]
    }

    func testALiveFrameUsesTheLiveSettingsAndOtherRequestsDoNot() async throws {
        let fake = try FakeComfyUI()
        let engine = FakeComfyUITesting.engine(fake) {
            $0.live = EngineLiveSettings(steps: 4, cfgScale: 1.5, sampler: "lcm", scheduler: "sgm_uniform")
        }
        var conditioning = RemoteFixtures.conditioning(seed: 7)
        conditioning.sampling = SamplingOverrides(negativePrompt: "fog", steps: 30, sampler: "euler")
        _ = try await engine.generate(conditioning, variation: 0)
        let batch = try XCTUnwrap(sampler(fake.workflows.last))
        XCTAssertEqual(batch["steps"]?.int, 30)
        XCTAssertEqual(batch["sampler_name"]?.string, "euler")
        XCTAssertEqual(batch["scheduler"]?.string, "normal")

        conditioning.isLiveFrame = true
        let events = try await EngineEvents.collect(engine.images(for: EngineRequest(conditioning, variations: [0])))
        XCTAssertNotNil(events.images[0])
        let live = try XCTUnwrap(sampler(fake.workflows.last))
        XCTAssertEqual(live["steps"]?.int, 4)
        XCTAssertEqual(live["cfg"]?.double, 1.5)
        XCTAssertEqual(live["sampler_name"]?.string, "lcm")
        XCTAssertEqual(live["scheduler"]?.string, "sgm_uniform")
        XCTAssertEqual(events.progress.last?.steps, 4, "the frame's progress counts its own steps")
        XCTAssertTrue(fake.workflows.last?.object?.values.contains { $0["inputs"]?["text"]?.string == "fog" } ?? false,
                      "the negative prompt stays the request's")
        XCTAssertEqual(fake.violations, [])
    }

    func testALiveFrameWithoutALiveBlockIsAnOrdinaryRequest() async throws {
        let fake = try FakeComfyUI()
        var conditioning = RemoteFixtures.conditioning(seed: 7)
        conditioning.isLiveFrame = true
        _ = try await FakeComfyUITesting.engine(fake).generate(conditioning, variation: 0)
        XCTAssertEqual(sampler(fake.workflows.last)?["steps"]?.int, 8)
    }
}
