import Foundation
import InklingEngineFakes
import InklingEngines
import InklingImageIO
import InklingOutputs
import XCTest
@testable import InklingCLI

/// `inkling render --engine …` and `inkling doctor` against loopback fakes of each engine,
/// configured through a real configuration file.
final class EngineCommandTests: XCTestCase {
    private let house = repoPath("Strokes/tablet-pen-house.json")

    /// Writes an engine configuration with the given engines (name → JSON object text).
    private func config(_ engines: [String: String], external: String? = nil) throws -> String {
        let body = engines.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ",\n")
        let text = "{\"version\": 1, \(external.map { "\"externalProvider\": \"\($0)\", " } ?? "")\"engines\": {\(body)}}"
        let url = try temporaryDirectory().appendingPathComponent("engines.json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func comfy(_ url: URL, checkpoint: String = "sd_xl_base_1.0.safetensors", timeout: Double = 5) -> String {
        """
        {"kind": "comfyui", "endpoint": "\(url.absoluteString)", "sizes": ["128x96", "96x128"], "timeoutSeconds": \(timeout),
         "models": {"checkpoint": "\(checkpoint)", "controlNet": "controlnet-scribble-sdxl-1.0.safetensors"}, "defaults": {"steps": 6}}
        """
    }

    private func a1111(_ url: URL) -> String {
        """
        {"kind": "automatic1111", "endpoint": "\(url.absoluteString)", "sizes": ["128x96"],
         "models": {"checkpoint": "sd_xl_base_1.0.safetensors", "controlNet": "control_v11p_sd15_scribble [d4ba51ff]"}}
        """
    }

    private func openai(_ url: URL) -> String {
        """
        {"kind": "openai", "endpoint": "\(url.absoluteString)", "apiKeyEnvironment": "INKLING_TEST_OPENAI_KEY", "sizes": ["128x96"],
         "models": {"model": "gpt-image-1"}}
        """
    }

    private func render(_ config: String, _ extra: [String], into dir: URL) async -> (status: Int32, io: BufferIO) {
        await inkling(["render", house, "--prompt", "a cosy house", "--seed", "5", "--config", config, "-o", dir.path] + extra)
    }

    private func files(_ dir: URL) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() }

    func testRenderThroughEachEngine() async throws {
        setenv("INKLING_TEST_OPENAI_KEY", "sk-test-123", 1)
        let comfyUI = try FakeComfyUI(), webUI = try FakeAutomatic1111(), images = try FakeOpenAIImages()
        let path = try config(["comfyui": comfy(comfyUI.server.baseURL), "a1111": a1111(webUI.server.baseURL), "openai": openai(images.server.baseURL)])
        for engine in ["comfyui", "a1111", "openai"] {
            let dir = try temporaryDirectory().appendingPathComponent("out")
            let (status, io) = await render(path, ["--engine", engine, "--limit", "2"], into: dir)
            XCTAssertEqual(status, 0, "\(engine): \(io.stderrLines)")
            XCTAssertEqual(files(dir), ["tablet-pen-house-illustration-5-1.png", "tablet-pen-house-illustration-5-2.png"], engine)
            let png = dir.appendingPathComponent("tablet-pen-house-illustration-5-2.png")
            let recipe = try Recipe.read(from: png)
            XCTAssertEqual(recipe.engine, engine)
            XCTAssertEqual(recipe.variation, 1)
            let image = try PNGFile.read(from: png).image
            XCTAssertEqual([image.width, image.height], [128, 96], engine)
            XCTAssertTrue(stride(from: 0, to: image.pixels.count, by: image.format.channels).contains { image.pixels[$0] > 200 },
                          "\(engine): the sketch travelled to the server and back")
            let notices = io.stderrLines.filter { $0.contains("notice:") }
            XCTAssertEqual(notices.isEmpty, engine != "openai", "\(engine): \(notices)")
            let progress = io.stderrLines.filter { $0.hasPrefix("[\(engine)] variation ") }
            XCTAssertEqual(Set(progress), engine == "comfyui" ? ["[comfyui] variation 1: step 6/6", "[comfyui] variation 2: step 6/6",
                                                                  "[comfyui] variation 1: step 2/6", "[comfyui] variation 2: step 2/6",
                                                                  "[comfyui] variation 1: step 3/6", "[comfyui] variation 2: step 3/6",
                                                                  "[comfyui] variation 1: step 5/6", "[comfyui] variation 2: step 5/6"] : [],
                           "sampling progress over the WebSocket, a line per quarter")
        }
        XCTAssertEqual(comfyUI.violations + webUI.violations + images.violations, [])
        XCTAssertEqual(comfyUI.workflows.count, 2)
        XCTAssertEqual(Set(webUI.bodies.compactMap { $0["seed"]?.int }), [5, 6])
    }

    func testExternalProviderStyleUsesTheConfiguredEngine() async throws {
        let comfyUI = try FakeComfyUI()
        let path = try config(["comfyui": comfy(comfyUI.server.baseURL)], external: "comfyui")
        let dir = try temporaryDirectory()
        let (status, io) = await render(path, ["--style", "externalProvider"], into: dir)
        XCTAssertEqual(status, 0, io.stderrLines.joined(separator: "\n"))
        XCTAssertEqual(try Recipe.read(from: dir.appendingPathComponent("tablet-pen-house-externalProvider-5-1.png")).engine, "comfyui")
        XCTAssertFalse(comfyUI.workflows.isEmpty)

        let bare = try config(["comfyui": comfy(comfyUI.server.baseURL)])
        let refused = await render(bare, ["--style", "externalProvider"], into: dir)
        XCTAssertEqual(refused.status, ExitCode.usage.rawValue)
        XCTAssertTrue(refused.io.stderrLines.first?.contains("set \"externalProvider\"") == true, refused.io.stderrLines.joined())
    }

    func testFailuresAreOneLineAndLeaveNoFiles() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.executionError = "CUDA out of memory"
        let failing = try FakeComfyUI(behavior: behavior)
        let missing = try FakeComfyUI(checkpoints: ["other.safetensors"])
        let refused = try LoopbackServer { _ in .hangUp }
        let refusedURL = refused.baseURL
        refused.stop()
        var slowBehavior = FakeComfyUI.Behavior()
        slowBehavior.slowSeconds = 2
        let slow = try FakeComfyUI(behavior: slowBehavior)
        var garbledBehavior = FakeComfyUI.Behavior()
        garbledBehavior.refuseSocket = true
        garbledBehavior.historyReply = .respond(status: 200, contentType: "application/json", body: Array("<html>oops</html>".utf8))
        let garbled = try FakeComfyUI(behavior: garbledBehavior)
        let path = try config(["failing": comfy(failing.server.baseURL), "missing": comfy(missing.server.baseURL), "down": comfy(refusedURL),
                               "slow": comfy(slow.server.baseURL, timeout: 0.3), "garbled": comfy(garbled.server.baseURL)])
        let cases: [(String, String)] = [
            ("slow", "did not answer GET /object_info/CheckpointLoaderSimple within 0.3 s"),
            ("garbled", "sent an unexpected answer to GET /history/"),
            ("failing", "failed while generating: node 9 (KSampler): CUDA out of memory"),
            ("missing", "has no checkpoint 'sd_xl_base_1.0.safetensors' (it has: other.safetensors)"),
            ("down", "refused the connection: is it running? (`python main.py --listen`)"),
        ]
        for (engine, message) in cases {
            let dir = try temporaryDirectory().appendingPathComponent("out")
            let (status, io) = await render(path, ["--engine", engine, "--limit", "3"], into: dir)
            XCTAssertEqual(status, ExitCode.failure.rawValue, engine)
            let errors = io.stderrLines.filter { !$0.hasPrefix("[\(engine)] variation ") }
            XCTAssertEqual(errors.count, 1, "\(engine): \(io.stderrLines)")
            XCTAssertTrue(errors.first?.hasPrefix("inkling render: ") == true && errors.first?.contains(message) == true, "\(engine): \(io.stderrLines)")
            XCTAssertEqual(files(dir), [], "\(engine) left files behind")
        }
    }

    func testInterruptCancelsTellsTheServerAndLeavesNoFiles() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.neverFinish = true
        behavior.stepDelay = 0.01
        let fake = try FakeComfyUI(behavior: behavior)
        let path = try config(["comfyui": comfy(fake.server.baseURL)])
        let dir = try temporaryDirectory().appendingPathComponent("out")
        XCTAssertFalse(Interruption.shared.fire(), "nothing to interrupt before the render")
        let arguments = ["render", house, "--prompt", "a cosy house", "--config", path, "--engine", "comfyui", "--limit", "2", "-o", dir.path]
        let run = Task { await inkling(arguments) }
        let deadline = Date().addingTimeInterval(5)
        while fake.progressSent < 4 && Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertTrue(Interruption.shared.fire())
        let (status, io) = await run.value
        XCTAssertEqual(status, ExitCode.failure.rawValue)
        let lines = io.stderrLines.filter { !$0.hasPrefix("[comfyui] ") }
        XCTAssertEqual(lines.count, 1, "\(lines)")
        // The one line says what became of each variation's prompt on ComfyUI.
        let line = lines.first ?? ""
        let service = "cancelled on ComfyUI at \(fake.server.baseURL.absoluteString)"
        XCTAssertTrue(line.hasPrefix("inkling render: image creation was cancelled; \(service): prompt "), line)
        XCTAssertTrue(line.hasSuffix("; no files were kept"), line)
        XCTAssertTrue(line.contains("interrupted while running (it stops after the sampler's current step); its history was deleted"), line)
        // The second is removed from the queue, or interrupted if the first one's interrupt let
        // it start before its own cancellation reached ComfyUI: either way one clause each.
        XCTAssertEqual(line.components(separatedBy: "\(service): prompt ").count - 1, fake.workflows.count, line)
        XCTAssertGreaterThanOrEqual(fake.workflows.count, 1)
        XCTAssertEqual(fake.outcomes.count, fake.workflows.count)
        XCTAssertTrue(Set(fake.outcomes.values).isSubset(of: [.interrupted, .removed]), "each queued variation was interrupted or removed: \(fake.outcomes)")
        XCTAssertTrue(fake.remains.isClean, "nothing left on ComfyUI: \(fake.remains)")
        XCTAssertEqual(files(dir), [])
    }

    /// Issue 34: Ctrl-C during a sampler step longer than ComfyUI's settle time (3 s) left the
    /// interrupted prompt in `/history`, prompt text included: the CLI exited before the step
    /// ended and nobody deleted it. Now render waits for the step to end and deletes it.
    func testInterruptDuringALongStepWaitsAndLeavesNoHistory() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.neverFinish = true
        behavior.stepDelay = 4.5
        let fake = try FakeComfyUI(behavior: behavior)
        let path = try config(["comfyui": comfy(fake.server.baseURL)])
        let dir = try temporaryDirectory().appendingPathComponent("out")
        let arguments = ["render", house, "--prompt", "a cosy house", "--config", path, "--engine", "comfyui", "-o", dir.path]
        let run = Task { await inkling(arguments) }
        let deadline = Date().addingTimeInterval(10)
        while fake.remains.queue.count != 1 && Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        XCTAssertEqual(fake.remains.queue.count, 1, "the prompt runs on ComfyUI")
        try await Task.sleep(nanoseconds: 200_000_000)
        XCTAssertTrue(Interruption.shared.fire())
        let (status, io) = await run.value
        XCTAssertEqual(status, ExitCode.failure.rawValue)
        let lines = io.stderrLines.filter { !$0.hasPrefix("[comfyui] ") }
        XCTAssertEqual(lines.count, 2, "\(lines)")
        XCTAssertTrue(lines.first?.hasPrefix("inkling render: waiting up to 130 s for ComfyUI prompt ") == true, "\(lines)")
        XCTAssertTrue(lines.last?.contains("interrupted while running (it stops after the sampler's current step); its history is deleted once it stops") == true, "\(lines)")
        XCTAssertEqual(Set(fake.outcomes.values), [.interrupted])
        XCTAssertTrue(fake.remains.isClean, "nothing left on ComfyUI when render returns: \(fake.remains)")
        XCTAssertEqual(PendingEngineCleanups.shared.pending, [])
    }

    func testConfigurationErrorsNameTheFile() async throws {
        let dir = try temporaryDirectory()
        let bad = dir.appendingPathComponent("bad.json")
        try Data(#"{"engines": {"comfyui": {"kind": "comfyui", "endpoint": "http://127.0.0.1:8188", "models": {"checkpoint": "x"}, "sizes": ["big"]}}}"#.utf8).write(to: bad)
        let invalid = await render(bad.path, ["--engine", "comfyui"], into: dir)
        XCTAssertEqual(invalid.status, ExitCode.inputRejected.rawValue)
        XCTAssertEqual(invalid.io.stderrLines, ["inkling render: engine configuration \(bad.path): engines.comfyui.sizes[0]: expected WxH with sides 64…4096, such as 1024x768, got \"big\""])

        let unknown = await render(bad.path.replacingOccurrences(of: "bad", with: "absent"), ["--engine", "x"], into: dir)
        XCTAssertEqual(unknown.status, ExitCode.io.rawValue)
        XCTAssertTrue(unknown.io.stderrLines.first?.contains("(from --config) does not exist") == true, unknown.io.stderrLines.joined())

        let fine = try config([:])
        let name = await render(fine, ["--engine", "comfy"], into: dir)
        XCTAssertEqual(name.status, ExitCode.usage.rawValue)
        XCTAssertTrue(name.io.stderrLines.first?.contains("no engine named 'comfy'") == true, name.io.stderrLines.joined())
        XCTAssertEqual(files(dir).filter { $0.hasSuffix(".png") }, [])
    }

    func testDoctorReportsEachEngine() async throws {
        unsetenv("INKLING_TEST_OPENAI_KEY")
        let comfyUI = try FakeComfyUI(), webUI = try FakeAutomatic1111(controlNets: []), images = try FakeOpenAIImages()
        let path = try config(["comfyui": comfy(comfyUI.server.baseURL), "a1111": a1111(webUI.server.baseURL), "openai": openai(images.server.baseURL)],
                              external: "comfyui")
        let (status, io) = await inkling("doctor", "--config", path)
        XCTAssertEqual(status, ExitCode.failure.rawValue, io.stdout)
        let lines = io.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 5, io.stdout)
        XCTAssertEqual(lines[0], "configuration: \(path) (3 engines; externalProvider → comfyui)")
        XCTAssertTrue(lines[1].hasPrefix("builtin: available; sizes 1024x1024, 512x512"), lines[1])
        XCTAssertTrue(lines[2].hasPrefix("a1111 (automatic1111, \(webUI.server.baseURL.absoluteString)): unavailable: A1111/Forge at"), lines[2])
        XCTAssertTrue(lines[2].contains("no ControlNet model 'control_v11p_sd15_scribble [d4ba51ff]' (it lists none)"), lines[2])
        XCTAssertTrue(lines[2].contains("; reachable; checkpoint sd_xl_base_1.0.safetensors present, ControlNet model control_v11p_sd15_scribble [d4ba51ff] missing; sampler Euler a present, scheduler Automatic present; sizes 128x96; languages en"), lines[2])
        XCTAssertEqual(lines[3], "comfyui (comfyui, \(comfyUI.server.baseURL.absoluteString)): available; reachable; checkpoint sd_xl_base_1.0.safetensors present, ControlNet model controlnet-scribble-sdxl-1.0.safetensors present; sampler euler present, scheduler normal present, size 128x96 present, size 96x128 present; sizes 128x96, 96x128; languages en")
        XCTAssertTrue(lines[4].contains("openai (openai, \(images.server.baseURL.absoluteString)): unavailable: the openai engine reads its API key from $INKLING_TEST_OPENAI_KEY, which is not set"), lines[4])

        let one = await inkling("doctor", "--config", path, "--engine", "comfyui")
        XCTAssertEqual(one.status, 0, one.io.stdout)
        XCTAssertEqual(one.io.stdout.split(separator: "\n").count, 2)

        comfyUI.server.stop()
        let down = await inkling("doctor", "--config", path, "--engine", "comfyui")
        XCTAssertEqual(down.status, ExitCode.failure.rawValue)
        XCTAssertTrue(down.io.stdout.contains("refused the connection: is it running? (`python main.py --listen`); unreachable; sizes"), down.io.stdout)
    }

    func testDoctorWithoutConfiguration() async throws {
        let dir = try temporaryDirectory()
        let (status, io) = await inkling("doctor", "--engine", "builtin", "--config", try config([:]))
        XCTAssertEqual(status, 0)
        XCTAssertTrue(io.stdout.contains("builtin: available; sizes"), io.stdout)
        _ = dir
    }
}
