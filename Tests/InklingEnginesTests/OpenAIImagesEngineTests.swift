import Foundation
import InklingConditioning
import InklingEngineFakes
import InklingEngines
import InklingImageIO
import InklingRemoteEngines
import XCTest

/// The OpenAI-compatible adapter against a loopback images API that validates what it is sent.
final class OpenAIImagesEngineTests: XCTestCase {
    private func engine(_ fake: FakeOpenAIImages, model: String? = "gpt-image-1", key: String? = "sk-test-123") -> OpenAIImagesEngine {
        var entry = RemoteFixtures.entry(.openai, fake.server.baseURL, models: EngineModels(model: model))
        entry.apiKeyEnvironment = "OPENAI_API_KEY"
        return OpenAIImagesEngine(entry: entry, apiKey: key)
    }

    func testTextAloneUsesGenerations() async throws {
        let fake = try FakeOpenAIImages()
        let image = try await engine(fake, model: "dall-e-2").generate(RemoteFixtures.conditioning(drawing: false), variation: 0)
        XCTAssertEqual(fake.violations, [])
        XCTAssertEqual([image.width, image.height], [128, 96])
        let request = try XCTUnwrap(fake.server.requests.last)
        XCTAssertEqual(request.path, "/v1/images/generations")
        XCTAssertEqual(request.headers["authorization"], "Bearer sk-test-123")
        XCTAssertEqual(request.json?.value["response_format"]?.string, "b64_json")
        XCTAssertEqual(request.json?.value["size"]?.string, "128x96")
        XCTAssertTrue(request.json?.value["prompt"]?.string?.contains("sunset over the sea") ?? false)
    }

    func testSketchUsesEditsWithImageAndMaskAndNoticesWhatIsDropped() async throws {
        let fake = try FakeOpenAIImages()
        let engine = engine(fake)
        let conditioning = RemoteFixtures.conditioning(strength: 0.8, seed: 7, source: RemoteFixtures.photo)
        let image = try await engine.generate(conditioning, variation: 0)
        XCTAssertEqual(fake.violations, [])
        let request = try XCTUnwrap(fake.server.requests.last)
        XCTAssertEqual(request.path, "/v1/images/edits")
        let parts = try XCTUnwrap(request.multipart)
        XCTAssertEqual(Set(parts.map(\.name)), ["image", "mask", "prompt", "model", "n", "size"], "gpt-image-1 gets no response_format")
        let sent = try PNGCodec.decode(parts.first { $0.name == "image" }!.data).image
        let guide = conditioning.guidance!.image.converted(to: .gray)
        let line = try XCTUnwrap(guide.pixels.firstIndex(of: 255))
        XCTAssertEqual(sent.pixels[3 * line], 0, "the sketch's lines are darkened onto the starting picture")
        XCTAssertGreaterThan(image.pixels[3 * line], 200, "and came back")
        let notices = engine.notices(for: conditioning)
        XCTAssertEqual(notices.count, 3)
        XCTAssertTrue(notices[0].contains("strength 0.8, schedule 0.1–0.7 and mode balanced are not honoured"), notices[0])
        XCTAssertTrue(notices[1].contains("source strength"), notices[1])
        XCTAssertTrue(notices[2].contains("takes no seed"), notices[2])
    }

    func testDiagnosisCredentialsAndModels() async throws {
        let fake = try FakeOpenAIImages()
        let good = await engine(fake).diagnose()
        XCTAssertEqual(good.availability, .available)
        XCTAssertEqual(good.models.first?.present, true)
        guard case .unavailable(let missing) = await engine(fake, key: nil).availability() else { return XCTFail() }
        XCTAssertTrue(missing.contains("$OPENAI_API_KEY, which is not set"), missing)
        guard case .unavailable(let wrong) = await engine(fake, key: "sk-wrong").availability() else { return XCTFail() }
        XCTAssertTrue(wrong.contains("refused the API key (HTTP 401: Incorrect API key provided"), wrong)
        guard case .unavailable(let model) = await engine(fake, model: "sd-turbo").availability() else { return XCTFail() }
        XCTAssertTrue(model.contains("no model 'sd-turbo' (it has: gpt-image-1, dall-e-2)"), model)
        var behavior = FakeOpenAIImages.Behavior()
        behavior.listsModels = false
        let sdcpp = try FakeOpenAIImages(apiKey: nil, models: ["sd-turbo"], behavior: behavior)
        let unknown = await OpenAIImagesEngine(entry: RemoteFixtures.entry(.openai, sdcpp.server.baseURL, models: EngineModels(model: "sd-turbo"))).diagnose()
        XCTAssertEqual(unknown.availability, .available)
        XCTAssertEqual(unknown.models.first?.present, nil)
    }

    func testFailuresAreOneLine() async throws {
        let fake = try FakeOpenAIImages(sizes: ["1024x1024"])
        await RemoteFixtures.assertFails(["rejected the request: POST /v1/images/edits: '128x96' is not one of"]) {
            _ = try await self.engine(fake).generate(RemoteFixtures.conditioning(), variation: 0)
        }
        var behavior = FakeOpenAIImages.Behavior()
        behavior.imageReply = .json(["data": [["url": "https://example.invalid/x.png"]]])
        fake.behavior = behavior
        await RemoteFixtures.assertFails(["a URL instead of b64_json"]) {
            _ = try await self.engine(fake).generate(RemoteFixtures.conditioning(), variation: 0)
        }
        behavior.imageReply = FakeOpenAIImages.error("The server had an error while processing your request.", status: 500, type: "server_error")
        fake.behavior = behavior
        await RemoteFixtures.assertFails(["POST /v1/images/edits with HTTP 500: The server had an error"]) {
            _ = try await self.engine(fake).generate(RemoteFixtures.conditioning(), variation: 0)
        }
        behavior.imageReply = .hangUp
        fake.behavior = behavior
        await RemoteFixtures.assertFails(["the OpenAI-compatible server at"]) {
            _ = try await self.engine(fake).generate(RemoteFixtures.conditioning(), variation: 0)
        }
        let url = try RemoteFixtures.refusedURL()
        await RemoteFixtures.assertFails(["refused the connection", "sd-server"]) {
            _ = try await OpenAIImagesEngine(entry: RemoteFixtures.entry(.openai, url)).generate(RemoteFixtures.conditioning(), variation: 0)
        }
    }

    func testCancellingASlowRequestStopsAtOnce() async throws {
        var behavior = FakeOpenAIImages.Behavior()
        behavior.slowSeconds = 60
        let fake = try FakeOpenAIImages(behavior: behavior)
        let engine = engine(fake)
        let clock = ContinuousClock()
        let start = clock.now
        let task = Task { try await engine.generate(RemoteFixtures.conditioning(), variation: 0) }
        try await Task.sleep(nanoseconds: 100_000_000)
        task.cancel()
        await RemoteFixtures.expectCancelled(task, summary: "the request was abandoned (the OpenAI images API has no cancel)")
        XCTAssertLessThan(clock.now - start, .seconds(10), "abandoned at once, not when the fake answered (60 s)")
    }
}
