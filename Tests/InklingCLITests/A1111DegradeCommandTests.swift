import Foundation
import InklingEngineFakes
import XCTest
@testable import InklingCLI

/// `inkling render --engine forge` against an A1111-compatible server without the ControlNet
/// API: it renders from the text alone and says so, instead of failing.
final class A1111DegradeCommandTests: XCTestCase {
    func testRenderDegradesToTextOnlyWithANotice() async throws {
        var behavior = FakeAutomatic1111.Behavior()
        behavior.controlNetInstalled = false
        let fake = try FakeAutomatic1111(behavior: behavior)
        let text = """
        {"version": 1, "engines": {"forge": {"kind": "automatic1111", "endpoint": "\(fake.server.baseURL.absoluteString)", "sizes": ["128x96"],
         "models": {"checkpoint": "sd_xl_base_1.0.safetensors", "controlNet": "control_v11p_sd15_scribble [d4ba51ff]"}}}}
        """
        let config = try temporaryDirectory().appendingPathComponent("engines.json")
        try Data(text.utf8).write(to: config)
        let dir = try temporaryDirectory().appendingPathComponent("out")
        let (status, io) = await inkling(["render", repoPath("Strokes/tablet-pen-house.json"), "--prompt", "a cosy house", "--seed", "5",
                                          "--limit", "2", "--engine", "forge", "--config", config.path, "-o", dir.path])
        XCTAssertEqual(status, 0, "\(io.stderrLines)")
        XCTAssertEqual(fake.violations, [])
        XCTAssertEqual(fake.bodies.count, 2)
        XCTAssertEqual(fake.bodies.compactMap { $0["alwayson_scripts"] }.count, 0)
        let notices = io.stderrLines.filter { $0.contains("notice:") }
        XCTAssertEqual(notices, ["inkling render: notice: the forge engine's server has no ControlNet API (GET /controlnet/model_list answered 404; install the sd-webui-controlnet extension), so the sketch is not sent (only the text steers)"])
    }
}
