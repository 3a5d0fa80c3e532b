import Foundation
import InklingEngineFakes
import XCTest
@testable import InklingCLI

/// `inkling doctor` shows the sampler and scheduler a render will use next to the models, and
/// fails naming the valid choices when the server lacks one.
final class DoctorSettingsCommandTests: XCTestCase {
    private func config(_ engines: [String: String]) throws -> String {
        let body = engines.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ",\n")
        let url = try temporaryDirectory().appendingPathComponent("engines.json")
        try Data("{\"version\": 1, \"engines\": {\(body)}}".utf8).write(to: url)
        return url.path
    }

    private func a1111(_ url: URL, sampler: String) -> String {
        """
        {"kind": "automatic1111", "endpoint": "\(url.absoluteString)", "sizes": ["128x96"],
         "models": {"checkpoint": "sd_xl_base_1.0.safetensors", "controlNet": "control_v11p_sd15_scribble [d4ba51ff]"},
         "defaults": {"sampler": "\(sampler)", "scheduler": "Karras"}}
        """
    }

    func testDoctorFailsOnASamplerTheServerLacksNamingTheValidOnes() async throws {
        let webUI = try FakeAutomatic1111()
        let path = try config(["a1111": a1111(webUI.server.baseURL, sampler: "Euler a"), "bad": a1111(webUI.server.baseURL, sampler: "euler")])
        let good = await inkling("doctor", "--config", path, "--engine", "a1111")
        XCTAssertEqual(good.status, 0, good.io.stdout)
        XCTAssertTrue(good.io.stdout.contains("a1111 (automatic1111, \(webUI.server.baseURL.absoluteString)): available; reachable; checkpoint sd_xl_base_1.0.safetensors present, ControlNet model control_v11p_sd15_scribble [d4ba51ff] present; sampler Euler a present, scheduler Karras present; sizes 128x96; languages en"), good.io.stdout)

        let (status, io) = await inkling("doctor", "--config", path, "--engine", "bad")
        XCTAssertEqual(status, ExitCode.failure.rawValue, io.stdout)
        let line = try XCTUnwrap(io.stdout.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(line.hasPrefix("bad (automatic1111, \(webUI.server.baseURL.absoluteString)): unavailable: A1111/Forge at"), line)
        XCTAssertTrue(line.contains("has no sampler 'euler' (it has: DPM++ 2M, DPM++ SDE, DPM++ 2M SDE, DPM++ 2M SDE Heun, DPM++ 2S a, DPM++ 3M SDE, Euler a, Euler, LMS, Heun, DPM2, DPM2 a, DPM fast, DPM adaptive, Restart, DDIM, DDIM CFG++, PLMS, UniPC, LCM); set defaults.sampler to one of them in the engine configuration; reachable;"), line)
        XCTAssertTrue(line.contains("; sampler euler missing, scheduler Karras present; sizes 128x96"), line)
    }

    func testAnOlderWebUIsSchedulerIsNotListed() async throws {
        var behavior = FakeAutomatic1111.Behavior()
        behavior.before1_9 = true
        let webUI = try FakeAutomatic1111(behavior: behavior)
        let (status, io) = await inkling("doctor", "--config", try config(["a1111": a1111(webUI.server.baseURL, sampler: "Euler a")]), "--engine", "a1111")
        XCTAssertEqual(status, 0, io.stdout)
        XCTAssertTrue(io.stdout.contains("; sampler Euler a present, scheduler Karras not listed by the server; sizes"), io.stdout)
    }

    /// Issue 34: the automatic1111 kind against sd-server's `/sdapi/v1` refused Inkling's own
    /// defaults (`Euler a`, `Automatic`), which sd-server takes (an alias, and its default), and
    /// offered the sd-webui-controlnet extension, which sd-server has no use for.
    func testTheA1111KindAgainstSDServerTakesItsDefaultsAndSaysWhyNoSketch() async throws {
        let server = try FakeSDServer()
        let url = server.server.baseURL.absoluteString
        let path = try config([
            "sdapi": """
            {"kind": "automatic1111", "endpoint": "\(url)", "sizes": ["128x128"], "models": {"checkpoint": "sd15", "controlNet": "control"}}
            """,
            "typo": """
            {"kind": "automatic1111", "endpoint": "\(url)", "sizes": ["128x128"], "models": {"checkpoint": "sd15"}, "defaults": {"sampler": "Euler b"}}
            """,
        ])
        let good = await inkling("doctor", "--config", path, "--engine", "sdapi")
        XCTAssertEqual(good.status, 0, good.io.stdout)
        XCTAssertTrue(good.io.stdout.contains("; sampler Euler a present, scheduler Automatic not listed by the server;"), good.io.stdout)
        let bad = await inkling("doctor", "--config", path, "--engine", "typo")
        XCTAssertEqual(bad.status, ExitCode.failure.rawValue, bad.io.stdout)
        XCTAssertTrue(bad.io.stdout.contains("has no sampler 'Euler b' (it has: euler, euler_a, heun,"), bad.io.stdout)

        let dir = try temporaryDirectory().appendingPathComponent("out")
        let house = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Strokes/tablet-pen-house.json").path
        let (status, io) = await inkling(["render", house, "--prompt", "a house", "--engine", "sdapi", "--config", path, "--seed", "3", "-o", dir.path])
        XCTAssertEqual(status, 0, "\(io.stderrLines)")
        XCTAssertEqual(server.generations.map(\.path), ["/sdapi/v1/txt2img"])
        XCTAssertEqual(server.generations.first?.sampling.method, "euler_a", "Euler a ran as sd-server's euler_a")
        let notices = io.stderrLines.filter { $0.contains("notice:") }
        XCTAssertEqual(notices.count, 1, "\(io.stderrLines)")
        XCTAssertTrue(notices[0].contains("is stable-diffusion.cpp's sd-server, whose /sdapi/v1 takes no ControlNet units"), notices[0])
        XCTAssertFalse(notices[0].contains("sd-webui-controlnet"), notices[0])

        // A request's scheduler is checked the way sd-server reads it, before anything is sent.
        let posted = server.generations.count
        let (refused, refusal) = await inkling(["render", house, "--prompt", "a house", "--engine", "sdapi", "--config", path,
                                                "--scheduler", "Karras", "-o", dir.path + "2"])
        XCTAssertEqual(refused, ExitCode.failure.rawValue, "\(refusal.stderrLines)")
        XCTAssertTrue(refusal.stderrLines.last?.contains("no scheduler 'Karras' (it has: discrete, normal, karras,") == true, "\(refusal.stderrLines)")
        XCTAssertTrue(refusal.stderrLines.last?.contains("(did you mean karras?)") == true, "\(refusal.stderrLines)")
        XCTAssertEqual(server.generations.count, posted)
    }

    func testSDServersSamplerAndSchedulerAreCheckedAgainstItsLists() async throws {
        let server = try FakeSDServer()
        func entry(_ sampler: String) -> String {
            """
            {"kind": "openai", "flavor": "sd-server", "endpoint": "\(server.server.baseURL.absoluteString)", "sizes": ["128x128"],
             "defaults": {"sampler": "\(sampler)", "scheduler": "karras"}}
            """
        }
        let path = try config(["sdcpp": entry("euler_a"), "typo": entry("Euler a")])
        let (status, io) = await inkling("doctor", "--config", path, "--engine", "sdcpp")
        XCTAssertEqual(status, 0, io.stdout)
        XCTAssertTrue(io.stdout.contains("sdcpp (openai, \(server.server.baseURL.absoluteString)): available; reachable; sampler euler_a present, scheduler karras present; sizes 128x128"), io.stdout)
        // sd-server would run its default for a name it does not know, without a word.
        let bad = await inkling("doctor", "--config", path, "--engine", "typo")
        XCTAssertEqual(bad.status, ExitCode.failure.rawValue, bad.io.stdout)
        XCTAssertTrue(bad.io.stdout.contains("has no sampler 'Euler a' (it has: default, euler, euler_a,"), bad.io.stdout)
        XCTAssertTrue(bad.io.stdout.contains("set defaults.sampler to one of them in the engine configuration (sd-server runs its default for a name it does not know)"), bad.io.stdout)
        XCTAssertTrue(bad.io.stdout.contains("; sampler Euler a missing, scheduler karras present;"), bad.io.stdout)
    }
}
