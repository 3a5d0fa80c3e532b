import Foundation
import InklingConditioning
import InklingEngineFakes
import InklingEngines
import InklingImageIO
import InklingRemoteEngines
import XCTest

/// The A1111/Forge adapter against a loopback web UI API that validates the bodies it is sent.
final class Automatic1111EngineTests: XCTestCase {
    private func engine(_ fake: FakeAutomatic1111, configure: (inout EngineEntry) -> Void = { _ in }) -> Automatic1111Engine {
        var entry = RemoteFixtures.entry(.automatic1111, fake.server.baseURL)
        configure(&entry)
        return Automatic1111Engine(entry: entry)
    }

    func testTxt2ImgSendsTheSketchAsAControlNetUnit() async throws {
        let fake = try FakeAutomatic1111()
        let conditioning = RemoteFixtures.conditioning(strength: 0.8, mode: .promptFirst, seed: 41)
        let image = try await engine(fake).generate(conditioning, variation: 2)
        XCTAssertEqual(fake.violations, [])
        XCTAssertEqual([image.width, image.height], [128, 96])
        XCTAssertEqual((0..<(128 * 96)).map { image.pixels[3 * $0] }, conditioning.guidance!.image.converted(to: .gray).pixels)
        XCTAssertEqual(image.pixels[1], 43, "seed 41 + variation 2")
        let body = try XCTUnwrap(fake.bodies.last)
        XCTAssertEqual(fake.server.requests.last?.path, "/sdapi/v1/txt2img")
        XCTAssertEqual(body["seed"]?.int, 43)
        XCTAssertEqual(body["override_settings"]?["sd_model_checkpoint"]?.string, "sd_xl_base_1.0.safetensors [31e35c80fc]")
        let unit = try XCTUnwrap(body["alwayson_scripts"]?["controlnet"]?["args"]?.array?.first)
        XCTAssertEqual(unit["module"]?.string, "none")
        XCTAssertEqual(unit["model"]?.string, "control_v11p_sd15_scribble [d4ba51ff]")
        XCTAssertEqual(unit["weight"]?.double, 0.8)
        XCTAssertEqual(unit["guidance_start"]?.double, 0.1)
        XCTAssertEqual(unit["guidance_end"]?.double, 0.7)
        XCTAssertEqual(unit["control_mode"]?.string, "My prompt is more important")
        XCTAssertEqual(unit["pixel_perfect"]?.bool, true)
        XCTAssertNil(body["denoising_strength"])
    }

    func testSourceImageUsesImg2ImgWithDenoisingStrength() async throws {
        let fake = try FakeAutomatic1111()
        var conditioning = RemoteFixtures.conditioning(mode: .sketchFirst, source: RemoteFixtures.photo)
        conditioning.sourceStrength = 0.6
        let image = try await engine(fake).generate(conditioning, variation: 0)
        XCTAssertEqual(fake.violations, [])
        XCTAssertEqual(fake.server.requests.last?.path, "/sdapi/v1/img2img")
        let body = try XCTUnwrap(fake.bodies.last)
        XCTAssertEqual(try XCTUnwrap(body["denoising_strength"]?.double), 0.4, accuracy: 1e-9)
        XCTAssertEqual(body["alwayson_scripts"]?["controlnet"]?["args"]?.array?.first?["control_mode"]?.string, "ControlNet is more important")
        XCTAssertGreaterThan(image.pixels[3 * (48 * 128 + 120) + 2], image.pixels[3 * (48 * 128 + 10) + 2])
    }

    func testModelChecksThroughTheModelLists() async throws {
        let fake = try FakeAutomatic1111(controlNets: ["control_v11p_sd15_canny [d14c016b]"])
        let diagnosis = await engine(fake).diagnose()
        XCTAssertEqual(diagnosis.models.map(\.role), ["checkpoint", "ControlNet model", "sampler", "scheduler"])
        XCTAssertEqual(diagnosis.models.map(\.present), [true, false, true, true])
        guard case .unavailable(let reason) = diagnosis.availability else { return XCTFail("\(diagnosis)") }
        XCTAssertTrue(reason.contains("no ControlNet model 'control_v11p_sd15_scribble [d4ba51ff]' (it has: control_v11p_sd15_canny [d14c016b])"), reason)
        XCTAssertTrue(fake.server.requests.contains { $0.path == "/controlnet/model_list" })

        var behavior = FakeAutomatic1111.Behavior()
        behavior.controlNetInstalled = false
        let bare = try FakeAutomatic1111(behavior: behavior)
        let degraded = await engine(bare).diagnose()
        XCTAssertEqual(degraded.availability, .available, "without the ControlNet API it degrades to text only (A1111ControlNetDegradeTests)")
        XCTAssertEqual(degraded.models.map(\.present), [true, false, true, true])
        let good = try FakeAutomatic1111()
        let ok = await engine(good).availability()
        XCTAssertEqual(ok, .available)
    }

    func testGenerationFailuresAreOneLine() async throws {
        var older = FakeAutomatic1111.Behavior()
        older.before1_9 = true
        let fake = try FakeAutomatic1111(behavior: older)
        await RemoteFixtures.assertFails(["A1111/Forge at", "rejected the request: POST /sdapi/v1/txt2img (HTTP 404): Sampler not found"]) {
            _ = try await self.engine(fake) { $0.defaults.sampler = "euler" }.generate(RemoteFixtures.conditioning(), variation: 0)
        }
        await RemoteFixtures.assertFails(["failed while generating: RuntimeError: ControlNet model"]) {
            _ = try await self.engine(fake) { $0.models.controlNet = "control_missing" }.generate(RemoteFixtures.conditioning(), variation: 0)
        }
        var behavior = FakeAutomatic1111.Behavior()
        behavior.generationReply = .text("Bad Gateway: upstream crashed", status: 502)
        fake.behavior = behavior
        await RemoteFixtures.assertFails(["POST /sdapi/v1/txt2img with HTTP 502", "upstream crashed"]) {
            _ = try await self.engine(fake).generate(RemoteFixtures.conditioning(), variation: 0)
        }
        behavior.generationReply = .respond(status: 200, contentType: "application/json", body: Array("{\"images\": [\"iVBOR".utf8))
        fake.behavior = behavior
        await RemoteFixtures.assertFails(["unexpected answer to POST /sdapi/v1/txt2img", "not JSON"]) {
            _ = try await self.engine(fake).generate(RemoteFixtures.conditioning(), variation: 0)
        }
        behavior.generationReply = .json(["images": ["bm90IGFuIGltYWdl"]])
        fake.behavior = behavior
        await RemoteFixtures.assertFails(["the image cannot be decoded"]) {
            _ = try await self.engine(fake).generate(RemoteFixtures.conditioning(), variation: 0)
        }
    }

    func testRefusedSlowAndCancelled() async throws {
        let url = try RemoteFixtures.refusedURL()
        await RemoteFixtures.assertFails(["refused the connection", "./webui.sh --api"]) {
            _ = try await Automatic1111Engine(entry: RemoteFixtures.entry(.automatic1111, url)).generate(RemoteFixtures.conditioning(), variation: 0)
        }
        var behavior = FakeAutomatic1111.Behavior()
        behavior.generationSeconds = 3
        let fake = try FakeAutomatic1111(behavior: behavior)
        await RemoteFixtures.assertFails(["did not answer POST /sdapi/v1/txt2img within 0.4 s"]) {
            _ = try await self.engine(fake) { $0.generationTimeoutSeconds = 0.4 }.generate(RemoteFixtures.conditioning(), variation: 0)
        }
        XCTAssertEqual(fake.interrupts, 1, "a timed-out generation is interrupted")
        let engine = engine(fake)
        let task = Task { try await engine.generate(RemoteFixtures.conditioning(), variation: 0) }
        let deadline = Date().addingTimeInterval(5)
        while fake.bodies.count < 2 && Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        task.cancel()
        await RemoteFixtures.expectCancelled(task, summary: "the running image was interrupted")
        XCTAssertEqual(fake.interrupts, 2)
    }
}
