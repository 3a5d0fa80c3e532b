import InklingJobs
import InklingBase
import Foundation
import InklingConditioning
import InklingEngineFakes
import InklingEngines
import InklingImageIO
import InklingRemoteEngines
import InklingServer
import XCTest

/// `options.negativePrompt`, `steps`, `cfgScale`, `sampler`, `scheduler` and `encoding` in
/// `POST /v1/generations` reach the engine; bad values are refused before any work.
final class KnobsAPITests: XCTestCase {
    private func comfyUI(_ fake: FakeComfyUI) -> ComfyUIEngine {
        var entry = EngineEntry(name: "comfy", kind: .comfyui, endpoint: fake.server.baseURL,
                                models: EngineModels(checkpoint: fake.checkpoints[0], controlNet: fake.controlNets[0]),
                                sizes: [PixelSize(width: 96, height: 80)], timeoutSeconds: 5, generationTimeoutSeconds: 60)
        entry.defaults.steps = 2
        return ComfyUIEngine(entry: entry)
    }

    private func node(_ workflow: JSONValue, _ type: String) -> JSONValue? {
        workflow.object?.values.first { $0["class_type"]?.string == type }?["inputs"]
    }

    func testTheKnobsReachTheWorkflow() throws {
        let fake = try FakeComfyUI()
        let server = try InklingServer(configuration: ServerFixture.configuration(), engine: comfyUI(fake))
        defer { server.stop() }
        let response = try RawHTTP.post(port: server.port, "/v1/generations", json: [
            "drawing": try ServerFixture.house, "prompt": "a cosy house", "limit": 1,
            "options": ["negativePrompt": "no people", "steps": 3, "cfgScale": 6.5, "sampler": "dpmpp_2m", "scheduler": "karras",
                        "encoding": "soft-inverted"] as [String: Any],
        ])
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertEqual(fake.violations, [])
        let workflow = try XCTUnwrap(fake.workflows.last)
        let sampler = try XCTUnwrap(node(workflow, "KSampler"))
        XCTAssertEqual(sampler["steps"]?.int, 3)
        XCTAssertEqual(sampler["cfg"]?.double, 6.5)
        XCTAssertEqual(sampler["sampler_name"]?.string, "dpmpp_2m")
        XCTAssertEqual(sampler["scheduler"]?.string, "karras")
        XCTAssertEqual(workflow["3"]?["inputs"]?["text"]?.string, "no people")
        let png = try XCTUnwrap(fake.uploads.first { $0.key.contains("-guide") }?.value)
        let guide = try PNGCodec.decode(png).image.converted(to: .gray)
        let mean = Double(guide.pixels.reduce(0) { $0 + Int($1) }) / Double(guide.pixels.count)
        XCTAssertGreaterThan(mean, 200, "soft-inverted: dark blurred lines on white")
    }

    func testBadKnobsAreRefusedBeforeAnyWork() throws {
        let fake = try FakeComfyUI()
        let server = try InklingServer(configuration: ServerFixture.configuration(), engine: comfyUI(fake))
        defer { server.stop() }
        let cases: [([String: Any], String)] = [
            (["steps": 0], "options.steps"), (["steps": 151], "options.steps"), (["steps": 2.5], "options.steps"),
            (["cfgScale": 30.5], "options.cfgScale"), (["cfgScale": "high"], "options.cfgScale"),
            (["sampler": "  "], "options.sampler"), (["scheduler": ""], "options.scheduler"),
            (["negativePrompt": String(repeating: "x", count: 4001)], "options.negativePrompt"),
            (["encoding": "lineart"], "scribble-inverted"),
        ]
        for (options, fragment) in cases {
            let response = try RawHTTP.post(port: server.port, "/v1/generations", json: ["prompt": "a cat", "options": options])
            XCTAssertEqual(response.status, 400, "\(options): \(response.text)")
            XCTAssertEqual(response.errorCode, "invalid_request", "\(options)")
            XCTAssertTrue(response.errorMessage?.contains(fragment) == true, "\(options): \(response.text)")
        }
        let unknown = try RawHTTP.post(port: server.port, "/v1/generations", json: ["prompt": "a cat", "options": ["sampler": "Euler a"]])
        XCTAssertEqual(unknown.status, 502, unknown.text)
        XCTAssertEqual(unknown.errorCode, "engine_rejected")
        XCTAssertTrue(unknown.errorMessage?.contains("no sampler 'Euler a' (it has: euler, ") == true, unknown.text)
        XCTAssertTrue(fake.workflows.isEmpty && fake.uploads.isEmpty, "nothing reached ComfyUI's queue")
    }

    func testTheOpenAPIDescriptionNamesTheKnobs() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let text = try RawHTTP.request(port: server.port, "GET", "/openapi.json").text
        for key in ["\"negativePrompt\"", "\"steps\"", "\"cfgScale\"", "\"sampler\"", "\"scheduler\"", "\"soft-inverted\""] {
            XCTAssertTrue(text.contains(key), key)
        }
    }
}
