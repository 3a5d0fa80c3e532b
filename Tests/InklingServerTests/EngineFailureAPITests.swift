import InklingJobs
import Foundation
import InklingConditioning
import InklingEngineFakes
import InklingEngines
import InklingRemoteEngines
import InklingServer
import XCTest

/// An engine's failure keeps its kind to the HTTP answer: 504 for a timeout, 502 for a dropped
/// connection or an engine's error, 503 for an engine that is unavailable, with the engine's own
/// words in the JSON message.
final class EngineFailureAPITests: XCTestCase {
    private static let generation = Array(#"{"prompt": "a red kite over the sea", "limit": 1}"#.utf8)

    private func answer(_ behavior: FakeAutomatic1111.Behavior, generationTimeout: Double = 30) throws -> RawResponse {
        let fake = try FakeAutomatic1111(behavior: behavior)
        let engine = Automatic1111Engine(entry: EngineEntry(name: "a1111", kind: .automatic1111, endpoint: fake.server.baseURL,
                                                            models: EngineModels(checkpoint: fake.checkpoints[0], controlNet: fake.controlNets[0]),
                                                            sizes: [PixelSize(width: 128, height: 96)], timeoutSeconds: 5,
                                                            generationTimeoutSeconds: generationTimeout))
        let server = try InklingServer(configuration: ServerFixture.configuration(), engine: engine)
        defer { server.stop() }
        return try RawHTTP.request(port: server.port, "POST", "/v1/generations", body: Self.generation)
    }

    func testAnEngineTimeoutAnswers504NamingTheSetting() throws {
        var behavior = FakeAutomatic1111.Behavior()
        behavior.generationSeconds = 3
        let response = try answer(behavior, generationTimeout: 1)
        XCTAssertEqual(response.status, 504, response.text)
        XCTAssertEqual(response.errorCode, "engine_timeout")
        XCTAssertTrue(response.errorMessage?.contains("did not answer POST /sdapi/v1/txt2img within 1 s") == true, response.text)
        XCTAssertTrue(response.errorMessage?.contains("raise generationTimeoutSeconds") == true, response.text)
    }

    func testADroppedConnectionAndAnEnginesErrorAnswer502WithItsWords() throws {
        var dropped = FakeAutomatic1111.Behavior()
        dropped.generationReply = .raw(Array("HTTP/1.1 200 OK\r\nContent-Length: 900\r\n\r\n{\"images\"".utf8))
        var response = try answer(dropped)
        XCTAssertEqual(response.status, 502, response.text)
        XCTAssertEqual(response.errorCode, "engine_connection_dropped")
        XCTAssertTrue(response.errorMessage?.contains("closed the connection in the middle of its answer") == true, response.text)

        var crashed = FakeAutomatic1111.Behavior()
        crashed.generationReply = .json(.object(["error": .string("server_error"), "message": .string("ggml_new_object: not enough space")]), status: 500)
        response = try answer(crashed)
        XCTAssertEqual(response.status, 502, response.text)
        XCTAssertEqual(response.errorCode, "engine_rejected")
        XCTAssertTrue(response.errorMessage?.contains("HTTP 500: ggml_new_object: not enough space") == true, response.text)
    }

    func testABusyEngineAnswers503WithRetryAfter() throws {
        var busy = FakeAutomatic1111.Behavior()
        busy.generationReply = .json(.object(["detail": .string("model is loading")]), status: 503)
        let response = try answer(busy)
        XCTAssertEqual(response.status, 503, response.text)
        XCTAssertEqual(response.errorCode, "engine_unavailable")
        XCTAssertEqual(response.headers["retry-after"], "30")
        XCTAssertTrue(response.errorMessage?.contains("model is loading") == true, response.text)
    }
}
