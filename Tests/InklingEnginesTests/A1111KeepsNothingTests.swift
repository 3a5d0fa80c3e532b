import InklingBase
import Foundation
import InklingEngineFakes
import InklingEngines
import InklingImageIO
import InklingRemoteEngines
import InklingTransport
import XCTest

/// The A1111/Forge adapter leaves nothing on the web UI's disk.
final class A1111KeepsNothingTests: XCTestCase {
    private func engine(_ fake: FakeAutomatic1111) -> Automatic1111Engine {
        Automatic1111Engine(entry: RemoteFixtures.entry(.automatic1111, fake.server.baseURL))
    }

    /// A web UI set to save all it can: init images, detected maps, and the last prompt unless
    /// `promptHistory` is off.
    private func hoarder(promptHistory: Bool = false) throws -> FakeAutomatic1111 {
        var behavior = FakeAutomatic1111.Behavior()
        behavior.saveInitImages = true
        behavior.detectMapAutosaving = true
        behavior.promptHistory = promptHistory
        return try FakeAutomatic1111(behavior: behavior)
    }

    func testARenderLeavesNothingOnTheWebUI() async throws {
        let fake = try hoarder()
        _ = try await engine(fake).generate(RemoteFixtures.conditioning(), variation: 0)
        _ = try await engine(fake).generate(RemoteFixtures.conditioning(source: RemoteFixtures.photo), variation: 1)
        XCTAssertEqual(fake.server.requests.filter { $0.method == "POST" }.map(\.path), ["/sdapi/v1/txt2img", "/sdapi/v1/img2img"])
        XCTAssertEqual(fake.violations, [])
        XCTAssertEqual(fake.kept, [])
        for body in fake.bodies {
            XCTAssertEqual(body["save_images"]?.bool, false)
            XCTAssertEqual(body["send_images"]?.bool, true)
            XCTAssertEqual(body["do_not_save_samples"]?.bool, true)
            XCTAssertEqual(body["do_not_save_grid"]?.bool, true)
            XCTAssertEqual(body["override_settings"]?["save_init_img"]?.bool, false)
            XCTAssertEqual(body["alwayson_scripts"]?["controlnet"]?["args"]?.array?.first?["save_detected_map"]?.bool, false)
        }
    }

    func testOnlyTheLastPromptRemainsWithoutNoPromptHistory() async throws {
        let fake = try hoarder(promptHistory: true)
        for variation in 0..<2 { _ = try await engine(fake).generate(RemoteFixtures.conditioning(), variation: variation) }
        XCTAssertEqual(fake.kept, ["params.txt"], "the web UI overwrites params.txt on every generation; --no-prompt-history stops it")
    }

    func testTheFakeKeepsWhatARequestDoesNotForbid() async throws {
        let fake = try hoarder()
        let client = HTTPClient(base: fake.server.baseURL, product: "A1111/Forge", startHint: "", timeout: 5)
        let map = try PNGCodec.encode(PNGDocument(image: RasterImage(width: 64, height: 64, format: .gray)))
        let unit: JSONValue = ["enabled": true, "image": .string(Data(map).base64EncodedString()), "module": "scribble_hed",
                               "model": "control_v11p_sd15_scribble [d4ba51ff]", "weight": 1.0, "guidance_start": 0.0, "guidance_end": 1.0,
                               "control_mode": "Balanced", "resize_mode": "Just Resize", "pixel_perfect": false]
        var body: [String: JSONValue] = ["prompt": "a house", "negative_prompt": "", "seed": 3, "steps": 2, "cfg_scale": 7.0,
                                         "sampler_name": "Euler a", "width": 64, "height": 64, "batch_size": 1, "n_iter": 1,
                                         "save_images": true, "alwayson_scripts": ["controlnet": ["args": [unit]]]]
        let saved = try await client.send("POST", "/sdapi/v1/txt2img", body: JSONValue.object(body).serialized(), contentType: "application/json")
        XCTAssertEqual(saved.status, 200)
        body["init_images"] = [.string(Data(FakePainter.png(width: 64, height: 64, seed: 1, guidance: nil, source: nil)).base64EncodedString())]
        body["denoising_strength"] = 0.5
        body["save_images"] = false
        body["alwayson_scripts"] = nil
        let source = try await client.send("POST", "/sdapi/v1/img2img", body: JSONValue.object(body).serialized(), contentType: "application/json")
        XCTAssertEqual(source.status, 200)
        XCTAssertEqual(fake.kept, ["outputs/txt2img-images/3.png", "outputs/txt2img-images/detected_maps/scribble_hed/3.png", "outputs/init-images/3.png"])
    }
}
