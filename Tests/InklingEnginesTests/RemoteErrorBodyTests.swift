import Foundation
import InklingEngineFakes
import InklingEngines
import InklingRemoteEngines
import InklingTransport
import XCTest

/// Engines' error bodies keep their message (OpenAI, stable-diffusion.cpp's `sd-server`,
/// A1111), and every remote error keeps its kind as an ``EngineFailure``.
final class RemoteErrorBodyTests: XCTestCase {
    private func detail(_ json: String) -> String { HTTPResponse(status: 500, body: Array(json.utf8)).detail }

    func testEachEnginesErrorBodyGivesItsMessage() {
        XCTAssertEqual(detail(#"{"error": {"message": "Invalid size", "type": "invalid_request_error"}}"#), "Invalid size")
        XCTAssertEqual(detail(#"{"error": "invalid size, expected WxH"}"#), "invalid size, expected WxH")
        XCTAssertEqual(detail(#"{"error": "server_error", "message": "failed to decode image"}"#), "failed to decode image")
        XCTAssertEqual(detail(#"{"error": "OutOfMemoryError", "detail": "", "body": "", "errors": "CUDA out of\nmemory"}"#),
                       "OutOfMemoryError: CUDA out of memory")
        XCTAssertEqual(detail(#"{"detail": "Sampler not found"}"#), "Sampler not found")
        XCTAssertEqual(detail(#"{"detail": [{"loc": ["body", "steps"], "msg": "value is not a valid integer"}]}"#),
                       "body.steps: value is not a valid integer")
        XCTAssertEqual(detail(#"{"message": "busy"}"#), "busy")
        XCTAssertEqual(detail(#"{"error": "server_error", "message": ""}"#), "server_error", "an empty message leaves the code")
        XCTAssertEqual(detail("plain\ntext"), "plain text")
    }

    func testSDServerErrorsReachTheMessageThroughTheAdapters() async throws {
        let crash = try LoopbackServer { _ in .json(.object(["error": .string("server_error"), "message": .string("ggml_new_object: not enough space")]), status: 500) }
        await RemoteFixtures.assertFails(["answered POST /sdapi/v1/txt2img with HTTP 500: ggml_new_object: not enough space"]) {
            _ = try await Automatic1111Engine(entry: RemoteFixtures.entry(.automatic1111, crash.baseURL))
                .generate(RemoteFixtures.conditioning(drawing: false), variation: 0)
        }
        await RemoteFixtures.assertFails(["failed while generating: POST /v1/images/generations (HTTP 500): ggml_new_object: not enough space"]) {
            _ = try await OpenAIImagesEngine(entry: RemoteFixtures.entry(.openai, crash.baseURL))
                .generate(RemoteFixtures.conditioning(drawing: false), variation: 0)
        }
        let invalid = try LoopbackServer { _ in .json(.object(["error": .string("invalid size: 100x0")]), status: 400) }
        await RemoteFixtures.assertFails(["rejected the request: POST /v1/images/generations: invalid size: 100x0"]) {
            _ = try await OpenAIImagesEngine(entry: RemoteFixtures.entry(.openai, invalid.baseURL))
                .generate(RemoteFixtures.conditioning(drawing: false), variation: 0)
        }
    }

    func testEveryRemoteErrorKeepsItsKindAndTheEnginesWords() {
        let s = "Engine at http://127.0.0.1:1"
        let cases: [(RemoteEngineError, EngineFailureKind, String?)] = [
            (.connectionRefused(service: s, hint: "start it"), .unreachable, nil),
            (.unreachable(service: s, reason: "no route"), .unreachable, nil),
            (.timedOut(service: s, operation: "POST /x", seconds: 3, setting: RequestDeadline.generationSetting), .timeout, nil),
            (.connectionDropped(service: s, operation: "POST /x"), .connectionDropped, nil),
            (.status(service: s, operation: "POST /x", code: 500, detail: "boom"), .rejected(status: 500), "boom"),
            (.status(service: s, operation: "POST /x", code: 503, detail: "loading"), .unavailable, "loading"),
            (.malformedResponse(service: s, operation: "GET /x", reason: "an empty body"), .engineError, nil),
            (.rejected(service: s, details: "Value not in list"), .rejected(status: nil), "Value not in list"),
            (.modelMissing(service: s, role: "checkpoint", name: "a", available: [], hint: "install it"), .unavailable, nil),
            (.generationFailed(service: s, reason: "CUDA out of memory"), .engineError, "CUDA out of memory"),
            (.interrupted(service: s), .cancelled, nil),
            (.noImage(service: s, operation: "POST /x"), .engineError, nil),
            (.missingCredential(engine: "openai", variable: "KEY"), .unavailable, nil),
            (.disabled(engine: "a1111"), .unavailable, nil),
        ]
        for (error, kind, words) in cases {
            XCTAssertEqual(error.failure.kind, kind, error.description)
            XCTAssertEqual(error.failure.engineWords, words, error.description)
            XCTAssertEqual(error.failure.message, error.description)
            XCTAssertFalse(error.description.contains("\n"))
        }
        XCTAssertTrue(RemoteEngineError.timedOut(service: s, operation: "POST /x", seconds: 3).description.contains("raise timeoutSeconds"),
                      "the quick setting unless another is named")
    }
}
