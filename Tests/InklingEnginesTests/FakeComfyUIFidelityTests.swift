import InklingBase
import Foundation
import InklingEngineFakes
import InklingEngines
import InklingTransport
import XCTest

/// The fake answers as the real ComfyUI 0.3.64 did (Tests/EngineFakes/Reference/comfyui-0.3.64):
/// the prompts it accepted are accepted, its `400`s come back shape for shape, its lists are the
/// real ones, and its queue and interrupts behave as it does.
final class FakeComfyUIFidelityTests: XCTestCase {
    private static let checkpoint = "sd15-random.safetensors", controlNet = "sd15-controlnet-random.safetensors"

    private func reference(_ name: String) throws -> JSONValue {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("EngineFakes/Reference/comfyui-0.3.64/prompts/\(name).json")
        return try JSONValue.parse(Array(Data(contentsOf: url)))
    }

    /// A fake with the captured server's models and the files its prompts load, in input/.
    private func fake(checkpoints: [String] = [checkpoint]) async throws -> (FakeComfyUI, HTTPClient) {
        var behavior = FakeComfyUI.Behavior()
        behavior.renameUploads = false
        let fake = try FakeComfyUI(checkpoints: checkpoints, controlNets: [Self.controlNet], behavior: behavior)
        let http = HTTPClient(base: fake.server.baseURL, product: "ComfyUI", startHint: "", timeout: 5)
        for name in ["inkling-a13444950ec5afa7-guide.png", "inkling-17ff3be7739635ac-source.png", "inkling-fa9ec546038c38b8-guide.png",
                     "inkling-6d8671e21a2d4747-guide.png"] {
            var form = MultipartForm()
            form.add("image", filename: name, contentType: "image/png", data: FakePainter.png(width: 64, height: 64, seed: 1, guidance: nil, source: nil))
            _ = try await http.send("POST", "/upload/image", body: form.body, contentType: form.contentType)
        }
        return (fake, http)
    }

    private func post(_ http: HTTPClient, _ body: JSONValue) async throws -> (Int, JSONValue) {
        let response = try await http.send("POST", "/prompt", body: body.serialized(), contentType: "application/json")
        return (response.status, try JSONValue.parse(response.body))
    }

    func testThePromptsTheServerAcceptedAreAcceptedAndRun() async throws {
        let (fake, http) = try await fake()
        for name in ["001", "005"] {
            let (status, answer) = try await post(http, try reference(name))
            XCTAssertEqual(status, 200, "\(name): \(answer.text)")
            XCTAssertEqual(answer["node_errors"], [:])
        }
        await FakeComfyUITesting.assertEventually({ fake.outcomes.values.allSatisfy { $0 == .succeeded } }, "\(fake.outcomes)")
        XCTAssertEqual(fake.violations, [])
        XCTAssertEqual(fake.remains.output.count, 2, "SaveImage keeps its files: \(fake.remains)")
        XCTAssertEqual(fake.remains.history.count, 2, "and the history keeps the prompts")
    }

    func testAnA1111SamplerAndSchedulerGetTheServersExactAnswer() async throws {
        let (fake, http) = try await fake()
        defer { withExtendedLifetime(fake) {} }
        let (status, answer) = try await post(http, try reference("015"))
        XCTAssertEqual(status, 400)
        XCTAssertEqual(answer["error"], ["details": "", "extra_info": [:], "message": "Prompt outputs failed validation", "type": "prompt_outputs_failed_validation"])
        // As ComfyUI 0.3.64 answered (transcript), errors in any order.
        let expected: [JSONValue] = [
            ["details": "scheduler: 'Automatic' not in ['simple', 'sgm_uniform', 'karras', 'exponential', 'ddim_uniform', 'beta', 'normal', 'linear_quadratic', 'kl_optimal']",
             "extra_info": ["input_config": [["simple", "sgm_uniform", "karras", "exponential", "ddim_uniform", "beta", "normal", "linear_quadratic", "kl_optimal"],
                                             ["tooltip": "The scheduler controls how noise is gradually removed to form the image."]],
                            "input_name": "scheduler", "received_value": "Automatic"],
             "message": "Value not in list", "type": "value_not_in_list"],
            ["details": "sampler_name: 'Euler a' not in (list of length 42)",
             "extra_info": ["input_config": .null, "input_name": "sampler_name", "received_value": "Euler a"],
             "message": "Value not in list", "type": "value_not_in_list"],
        ]
        let node = try XCTUnwrap(answer["node_errors"]?["9"])
        XCTAssertEqual(node["class_type"], "KSampler")
        XCTAssertEqual(node["dependent_outputs"], ["11"])
        XCTAssertEqual(Set(node["errors"]?.array ?? []), Set(expected))
    }

    func testOtherRejectionsHaveTheServersShape() async throws {
        let (fake, http) = try await fake(checkpoints: (1...22).map { String(format: "dummy-%02d.safetensors", $0) })
        defer { withExtendedLifetime(fake) {} }
        var body = try reference("001")
        guard case .object(var prompt) = body["prompt"]!, case .object(var members) = body else { return XCTFail() }
        prompt["1"] = ["class_type": "CheckpointLoaderSimple", "inputs": ["ckpt_name": "v1-5-pruned-emaonly.safetensors"]]
        prompt["5"] = ["class_type": "LoadImage", "inputs": ["image": "nonexistent-guide.png"]]
        prompt["9"] = .object(prompt["9"]!.object!.merging(["inputs": .object(prompt["9"]!["inputs"]!.object!.merging(["steps": 0]) { $1 })]) { $1 })
        members["prompt"] = .object(prompt)
        body = .object(members)
        let (status, answer) = try await post(http, body)
        XCTAssertEqual(status, 400)
        XCTAssertEqual(answer["node_errors"]?["1"]?["errors"], [["details": "ckpt_name: 'v1-5-pruned-emaonly.safetensors' not in (list of length 22)",
                                                                "extra_info": ["input_config": .null, "input_name": "ckpt_name",
                                                                               "received_value": "v1-5-pruned-emaonly.safetensors"],
                                                                "message": "Value not in list", "type": "value_not_in_list"]])
        XCTAssertEqual(answer["node_errors"]?["5"]?["errors"], [["details": "image - Invalid image file: nonexistent-guide.png",
                                                                "extra_info": ["input_name": "image"], "message": "Custom validation failed for node",
                                                                "type": "custom_validation_failed"]])
        let steps = try XCTUnwrap(answer["node_errors"]?["9"]?["errors"]?.array?.first)
        XCTAssertEqual(steps["message"], "Value 0 smaller than min of 1")
        XCTAssertEqual(steps["details"], "steps")
        XCTAssertEqual(steps["extra_info"]?["input_config"]?.array?.first, "INT")
    }

    func testObjectInfoIsTheRealOneWithTheFakesModels() async throws {
        let (fake, http) = try await fake()
        let sampler = try await http.json("GET", "/object_info/KSampler")
        XCTAssertEqual(sampler["KSampler"]?["input"]?["required"]?["sampler_name"]?.array?.first?.array?.count, 42)
        XCTAssertEqual(sampler["KSampler"]?["input"]?["required"]?["scheduler"]?.array?.first?.array?.count, 9)
        let all = try await http.json("GET", "/object_info")
        XCTAssertEqual(all.object?.count, 495)
        XCTAssertEqual(all["CheckpointLoaderSimple"]?["input"]?["required"]?["ckpt_name"]?.array?.first, [.string(Self.checkpoint)])
        XCTAssertEqual(all["LoadImage"]?["input"]?["required"]?["image"]?.array?.first?.array?.count, 4, "the uploaded files")
        withExtendedLifetime(fake) {}
    }

    func testInterruptsActOnlyOnTheRunningPromptAndDeletesOnlyOnPendingOnes() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.neverFinish = true
        behavior.stepDelay = 0.01
        let (fake, http) = try await fake()
        fake.behavior = behavior
        let (_, first) = try await post(http, try reference("001"))
        let (_, second) = try await post(http, try reference("001"))
        let running = try XCTUnwrap(first["prompt_id"]?.string), waiting = try XCTUnwrap(second["prompt_id"]?.string)
        await FakeComfyUITesting.assertEventually({ fake.outcomes[running] == .running })
        let queue = try await http.json("GET", "/queue")
        XCTAssertEqual(queue["queue_running"]?.array?.first?.array?[1].string, running)
        XCTAssertEqual(queue["queue_pending"]?.array?.first?.array?[1].string, waiting)
        // An interrupt for the waiting prompt, and a delete of the running one: both ignored.
        _ = try await http.send("POST", "/interrupt", body: (["prompt_id": .string(waiting)] as JSONValue).serialized(), contentType: "application/json")
        _ = try await http.send("POST", "/queue", body: (["delete": [.string(running)]] as JSONValue).serialized(), contentType: "application/json")
        try await Task.sleep(nanoseconds: 100_000_000)
        XCTAssertEqual(fake.outcomes[running], .running)
        XCTAssertEqual(fake.outcomes[waiting], .pending)
        _ = try await http.send("POST", "/queue", body: (["delete": [.string(waiting)]] as JSONValue).serialized(), contentType: "application/json")
        XCTAssertEqual(fake.outcomes[waiting], .removed)
        _ = try await http.send("POST", "/interrupt", body: (["prompt_id": .string(running)] as JSONValue).serialized(), contentType: "application/json")
        await FakeComfyUITesting.assertEventually({ fake.outcomes[running] == .interrupted })
        let entry = try await http.json("GET", "/history/\(running)")
        XCTAssertEqual(entry[running]?["status"]?["status_str"], "error")
        XCTAssertEqual(entry[running]?["status"]?["messages"]?.array?.last?.array?.first, "execution_interrupted")
    }

    func testMessagesComeInTheServersOrderAndTheHistoryLags() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.previewFrames = true
        behavior.historyLag = 0.3
        let (fake, http) = try await fake()
        fake.behavior = behavior
        let socket = try await WebSocketClient.connect(to: URL(string: "ws://127.0.0.1:\(fake.server.port)/ws?clientId=me")!, timeout: 5)
        defer { socket.close() }
        guard case .object(var body) = try reference("001") else { return XCTFail() }
        body["client_id"] = "me"
        let (_, answer) = try await post(http, .object(body))
        let id = try XCTUnwrap(answer["prompt_id"]?.string)
        var types: [String] = [], binary = 0, historyAtSuccess: JSONValue?
        while types.last != "executing(null)" {
            switch try await socket.receive(timeout: 5) {
            case .text(let text)?:
                let message = try JSONValue.parse(Array(text.utf8))
                let type = message["type"]?.string ?? "?"
                types.append(type == "executing" && message["data"]?["node"]?.isNull == true ? "executing(null)" : type)
                if type == "execution_success" { historyAtSuccess = try await http.json("GET", "/history/\(id)") }
            case .binary(let bytes)?:
                XCTAssertEqual(Array(bytes.prefix(8)), [0, 0, 0, 1, 0, 0, 0, 1], "a JPEG preview frame")
                binary += 1
            case nil:
                return XCTFail("no message within 5 s after \(types)")
            }
        }
        var order = types.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        order.removeAll { $0 == "progress_state" || $0 == "status" }
        XCTAssertEqual(Array(order.prefix(3)), ["execution_start", "execution_cached", "executing"])
        XCTAssertEqual(Array(order.suffix(4)), ["executing", "executed", "execution_success", "executing(null)"])
        XCTAssertTrue(order.contains("progress") && types.contains("progress_state") && types.first == "status", "\(types)")
        XCTAssertEqual(binary, 2, "one preview per sampler step (the prompt has 2)")
        XCTAssertEqual(historyAtSuccess, [:], "execution_success comes before the history entry")
        let entry = try await http.json("GET", "/history/\(id)")
        XCTAssertEqual(entry[id]?["status"]?["status_str"], "success")
    }
}
