import InklingBase
import Foundation
import InklingConditioning
import InklingEngineFakes
import InklingEngines
import InklingImageIO
import InklingRemoteEngines
import XCTest

/// The ComfyUI adapter against a loopback ComfyUI that validates the workflow it is sent.
final class ComfyUIEngineTests: XCTestCase {
    private func engine(_ fake: FakeComfyUI, configure: (inout EngineEntry) -> Void = { _ in }) -> ComfyUIEngine {
        var entry = RemoteFixtures.entry(.comfyui, fake.server.baseURL)
        configure(&entry)
        return ComfyUIEngine(entry: entry)
    }

    private func node(_ workflow: JSONValue, _ type: String) -> JSONValue? {
        workflow.object?.values.first { $0["class_type"]?.string == type }?["inputs"]
    }

    func testTxt2ImgWithSketchRunsTheWholeProtocol() async throws {
        let fake = try FakeComfyUI()
        let conditioning = RemoteFixtures.conditioning(strength: 0.8, mode: .balanced, seed: 7)
        let events = try await EngineEvents.collect(engine(fake).images(for: EngineRequest(conditioning, variations: [1])))
        let image = try XCTUnwrap(events.images[1])
        XCTAssertEqual(Set(events.progress.map(\.variation)), [1])
        let steps = events.progress.map { (step: $0.step, steps: $0.steps) }

        XCTAssertEqual(fake.violations, [])
        XCTAssertEqual([image.width, image.height], [128, 96])
        let guide = conditioning.guidance!.image.converted(to: .gray)
        XCTAssertEqual((0..<(128 * 96)).map { image.pixels[3 * $0] }, guide.pixels, "the uploaded map came back in red")
        XCTAssertEqual(image.pixels[1], 8, "seed 7 + variation 1")
        let workflow = try XCTUnwrap(fake.workflows.last)
        let apply = try XCTUnwrap(node(workflow, "ControlNetApplyAdvanced"))
        XCTAssertEqual(apply["strength"]?.double, 0.8)
        XCTAssertEqual(apply["start_percent"]?.double, 0.1)
        XCTAssertEqual(apply["end_percent"]?.double, 0.7)
        let stored = try XCTUnwrap(fake.uploads.keys.first { $0.hasSuffix("-guide (1).png") })
        XCTAssertTrue(workflow.object!.values.contains { $0["inputs"]?["image"]?.string == "\(stored) [temp]" },
                      "LoadImage uses the returned name, annotated with its folder")
        XCTAssertEqual(workflow["11"]?["class_type"]?.string, "PreviewImage", "the image comes back through a temporary output")
        XCTAssertEqual(node(workflow, "KSampler")?["seed"]?.int, 8)
        XCTAssertEqual(node(workflow, "KSampler")?["denoise"]?.double, 1)
        XCTAssertEqual(node(workflow, "EmptyLatentImage")?["width"]?.int, 128)
        XCTAssertNil(node(workflow, "VAEEncode"))
        XCTAssertTrue(node(workflow, "CLIPTextEncode") != nil)
        XCTAssertEqual(steps.last?.steps, 8)
        XCTAssertEqual(steps.count, 8, "progress arrived over the WebSocket")
        let paths = fake.server.requests.map { "\($0.method) \($0.path)" }
        for expected in ["POST /upload/image", "GET /ws", "POST /prompt", "GET /history/", "GET /view"] {
            XCTAssertTrue(paths.contains { $0.hasPrefix(expected) }, "\(expected) in \(paths)")
        }
    }

    func testSourceImageGoesThroughVAEEncodeWithDenoise() async throws {
        let fake = try FakeComfyUI()
        let image = try await engine(fake).generate(RemoteFixtures.conditioning(source: RemoteFixtures.photo), variation: 0)
        XCTAssertEqual(fake.violations, [])
        let workflow = try XCTUnwrap(fake.workflows.last)
        XCTAssertNotNil(node(workflow, "VAEEncode"))
        XCTAssertNil(node(workflow, "EmptyLatentImage"))
        XCTAssertEqual(try XCTUnwrap(node(workflow, "KSampler")?["denoise"]?.double), 0.65, accuracy: 1e-9)
        XCTAssertEqual(fake.uploads.count, 2)
        XCTAssertGreaterThan(image.pixels[3 * (48 * 128 + 120) + 2], image.pixels[3 * (48 * 128 + 10) + 2], "the source's gradient came back in blue")
    }

    func testPromptFirstScalesStrengthAndNoDrawingNeedsNoControlNet() async throws {
        let fake = try FakeComfyUI()
        _ = try await engine(fake).generate(RemoteFixtures.conditioning(strength: 0.8, mode: .promptFirst), variation: 0)
        XCTAssertEqual(try XCTUnwrap(node(fake.workflows.last!, "ControlNetApplyAdvanced")?["strength"]?.double), 0.6, accuracy: 1e-9)
        _ = try await engine(fake).generate(RemoteFixtures.conditioning(drawing: false), variation: 0)
        XCTAssertNil(node(fake.workflows.last!, "ControlNetApplyAdvanced"))
        XCTAssertNil(node(fake.workflows.last!, "ControlNetLoader"))
        XCTAssertEqual(fake.violations, [])
    }

    func testDroppedWebSocketFallsBackToHistoryPolling() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.dropSocketAfterStep = 2
        behavior.stepDelay = 0.03
        let fake = try FakeComfyUI(behavior: behavior)
        let image = try await engine(fake).generate(RemoteFixtures.conditioning(), variation: 0)
        XCTAssertEqual(image.width, 128)
        // The socket dropped at step 2 of 8, so only /history could say the prompt finished.
        XCTAssertGreaterThanOrEqual(fake.server.requests.filter { $0.path.hasPrefix("/history/") }.count, 1, "polled after the drop")
        XCTAssertEqual(fake.socketsDropped, 1)
    }

    func testWithoutWebSocketPollsHistory() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.refuseSocket = true
        let fake = try FakeComfyUI(behavior: behavior)
        let image = try await engine(fake).generate(RemoteFixtures.conditioning(), variation: 0)
        XCTAssertEqual(image.height, 96)
    }

    func testTransientServiceUnavailableIsRetriedForGETs() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.refuseSocket = true
        behavior.historyUnavailable = 2
        let fake = try FakeComfyUI(behavior: behavior)
        let image = try await engine(fake).generate(RemoteFixtures.conditioning(), variation: 0)
        XCTAssertEqual(image.width, 128)
        XCTAssertEqual(fake.behavior.historyUnavailable, 0)
        behavior.historyUnavailable = 3
        fake.behavior = behavior
        await RemoteFixtures.assertFails(["answered GET /history/", "with HTTP 503"]) {
            _ = try await self.engine(fake).generate(RemoteFixtures.conditioning(), variation: 0)
        }
    }

    func testMissingModelsAreNamedWithWhereToPutThem() async throws {
        let fake = try FakeComfyUI(checkpoints: ["v1-5-pruned-emaonly.safetensors"])
        let engine = engine(fake)
        let diagnosis = await engine.diagnose()
        XCTAssertEqual(diagnosis.reachable, true)
        XCTAssertEqual(diagnosis.models.first { $0.role == "checkpoint" }?.present, false)
        XCTAssertEqual(diagnosis.models.first { $0.role == "ControlNet model" }?.present, true)
        guard case .unavailable(let reason) = diagnosis.availability else { return XCTFail("\(diagnosis)") }
        XCTAssertTrue(reason.contains("no checkpoint 'sd_xl_base_1.0.safetensors' (it has: v1-5-pruned-emaonly.safetensors)"), reason)
        await RemoteFixtures.assertFails(["no checkpoint 'sd_xl_base_1.0.safetensors'", "ComfyUI/models/checkpoints", "models.checkpoint"]) {
            _ = try await engine.generate(RemoteFixtures.conditioning(), variation: 0)
        }
    }

    func testNodeErrorsBecomeOneLine() async throws {
        let fake = try FakeComfyUI()
        let engine = engine(fake) { $0.defaults.steps = 0 }
        await RemoteFixtures.assertFails(["rejected", "node 9 (KSampler): Value 0 smaller than min of 1: steps"]) {
            _ = try await engine.generate(RemoteFixtures.conditioning(), variation: 0)
        }
    }

    func testHTTPErrorBodiesAndMalformedJSON() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.promptReply = .text("Internal Server Error: torch not compiled with CUDA", status: 500)
        let fake = try FakeComfyUI(behavior: behavior)
        await RemoteFixtures.assertFails(["POST /prompt with HTTP 500", "torch not compiled with CUDA"]) {
            _ = try await self.engine(fake).generate(RemoteFixtures.conditioning(), variation: 0)
        }
        behavior.promptReply = nil
        behavior.refuseSocket = true
        behavior.historyReply = .respond(status: 200, contentType: "application/json", body: Array("{\"abc\": [".utf8))
        fake.behavior = behavior
        await RemoteFixtures.assertFails(["unexpected answer to GET /history/", "not JSON"]) {
            _ = try await self.engine(fake).generate(RemoteFixtures.conditioning(), variation: 0)
        }
    }

    func testExecutionErrorNamesTheNode() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.executionError = "CUDA out of memory. Tried to allocate 2.00 GiB"
        let fake = try FakeComfyUI(behavior: behavior)
        await RemoteFixtures.assertFails(["failed while generating: node 9 (KSampler): CUDA out of memory"]) {
            _ = try await self.engine(fake).generate(RemoteFixtures.conditioning(), variation: 0)
        }
    }

    func testConnectionRefusedSaysHowToStartIt() async throws {
        let url = try RemoteFixtures.refusedURL()
        let engine = ComfyUIEngine(entry: RemoteFixtures.entry(.comfyui, url))
        await RemoteFixtures.assertFails(["ComfyUI at \(url.absoluteString) refused the connection", "python main.py --listen"]) {
            _ = try await engine.generate(RemoteFixtures.conditioning(), variation: 0)
        }
        let diagnosis = await engine.diagnose()
        XCTAssertEqual(diagnosis.reachable, false)
    }

    func testSlowServerTimesOut() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.slowSeconds = 60
        let fake = try FakeComfyUI(behavior: behavior)
        let engine = engine(fake) { $0.timeoutSeconds = 0.3 }
        let clock = ContinuousClock()
        let start = clock.now
        await RemoteFixtures.assertFails(["did not answer POST /upload/image within 0.3 s", "timeoutSeconds"]) {
            _ = try await engine.generate(RemoteFixtures.conditioning(), variation: 0)
        }
        XCTAssertLessThan(clock.now - start, .seconds(10), "stopped at the 0.3 s timeout, not when the fake answered (60 s)")
    }

    func testGenerationPastItsLimitIsInterrupted() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.neverFinish = true
        let fake = try FakeComfyUI(behavior: behavior)
        let engine = engine(fake) { $0.generationTimeoutSeconds = 0.5 }
        await RemoteFixtures.assertFails(["did not answer the generation of prompt", "within 0.5 s"]) {
            _ = try await engine.generate(RemoteFixtures.conditioning(), variation: 0)
        }
        XCTAssertEqual(fake.interrupts, 1)
        XCTAssertEqual(fake.outcomes.values.first, .interrupted, "the server's work stopped too")
        await FakeComfyUITesting.assertEventually({ fake.remains.isClean }, "\(fake.remains)")
    }
}
