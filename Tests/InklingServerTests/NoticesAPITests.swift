import InklingJobs
import Foundation
import InklingConditioning
import InklingEngineFakes
import InklingEngines
import InklingRemoteEngines
import InklingServer
import XCTest

/// What an engine will not honour of a request reaches the API's clients: `notices` in the JSON
/// answer and in a stream's `started` line.
final class NoticesAPITests: XCTestCase {
    /// A ComfyUI engine without a ControlNet model: the sketch cannot be sent, and says so.
    private func textOnlyComfyUI(_ fake: FakeComfyUI) -> ComfyUIEngine {
        var entry = EngineEntry(name: "comfy", kind: .comfyui, endpoint: fake.server.baseURL,
                                models: EngineModels(checkpoint: fake.checkpoints[0]),
                                sizes: [PixelSize(width: 96, height: 80)], timeoutSeconds: 5, generationTimeoutSeconds: 60)
        entry.defaults.steps = 2
        return ComfyUIEngine(entry: entry)
    }

    func testTheJSONAnswerCarriesTheEnginesNotices() throws {
        let fake = try FakeComfyUI()
        let server = try InklingServer(configuration: ServerFixture.configuration(), engine: textOnlyComfyUI(fake))
        defer { server.stop() }
        let response = try RawHTTP.post(port: server.port, "/v1/generations", json: [
            "drawing": try ServerFixture.house, "prompt": "a cosy house", "limit": 1,
        ])
        XCTAssertEqual(response.status, 200, response.text)
        let notices = try XCTUnwrap(response.json["notices"] as? [String], response.text)
        XCTAssertEqual(notices, ["the comfy engine has no models.controlNet configured, so the sketch is not sent (only the text steers)"])
        XCTAssertEqual((response.json["images"] as? [Any])?.count, 1)
    }

    func testAStreamSaysItsNoticesBeforeAnyImage() throws {
        let fake = try FakeComfyUI()
        let server = try InklingServer(configuration: ServerFixture.configuration(), engine: textOnlyComfyUI(fake))
        defer { server.stop() }
        let response = try RawHTTP.post(port: server.port, "/v1/generations", json: [
            "drawing": try ServerFixture.house, "prompt": "a cosy house", "limit": 1, "stream": true,
        ])
        XCTAssertEqual(response.status, 200, response.text)
        let first = try XCTUnwrap(response.text.split(separator: "\n").first)
        let started = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        XCTAssertEqual(started["type"] as? String, "started")
        XCTAssertEqual((started["notices"] as? [String])?.count, 1, response.text)
    }

    func testAnEngineThatHonoursEverythingSendsNoNotices() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let response = try RawHTTP.post(port: server.port, "/v1/generations", json: [
            "drawing": try ServerFixture.house, "prompt": "a cosy house", "options": ["size": "512x512"],
        ])
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertEqual(response.json["notices"] as? [String], [])
    }
}
