import Foundation
import InklingEngineFakes
import XCTest
@testable import InklingCLI

/// `inkling doctor` and `inkling render` with an engine that lists several endpoints.
final class PoolCommandTests: XCTestCase {
    private func config(_ endpoints: [URL]) throws -> String {
        let list = endpoints.map { "\"\($0.absoluteString)\"" }.joined(separator: ", ")
        let text = """
        {"version": 1, "engines": {"farm": {"kind": "comfyui", "endpoints": [\(list)], "sizes": ["128x96"],
         "models": {"checkpoint": "sd_xl_base_1.0.safetensors", "controlNet": "controlnet-scribble-sdxl-1.0.safetensors"},
         "defaults": {"steps": 4}}}}
        """
        let url = try temporaryDirectory().appendingPathComponent("engines.json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// A URL nothing listens on.
    private func deadURL() throws -> URL {
        let server = try LoopbackServer { _ in .hangUp }
        let url = server.baseURL
        server.stop()
        return url
    }

    func testDoctorPrintsOneLinePerEndpointUnderThePool() async throws {
        let fast = try FakeComfyUI(), slow = try FakeComfyUI(), dead = try deadURL()
        let endpoints = [fast.server.baseURL, dead, slow.server.baseURL]
        let (status, io) = await inkling("doctor", "--config", try config(endpoints), "--engine", "farm")
        XCTAssertEqual(status, 0, "one endpoint that works is enough: \(io.stdout)")
        let lines = io.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 5, io.stdout)
        XCTAssertTrue(lines[1].hasPrefix("farm (comfyui, \(endpoints.map(\.absoluteString).joined(separator: ", "))): available; reachable; checkpoint"), lines[1])
        XCTAssertTrue(lines[2].hasPrefix("  endpoint \(fast.server.baseURL.absoluteString): available; reachable; checkpoint sd_xl_base_1.0.safetensors present"), lines[2])
        XCTAssertTrue(lines[3].hasPrefix("  endpoint \(dead.absoluteString): unavailable: "), lines[3])
        XCTAssertTrue(lines[3].hasSuffix("; unreachable"), lines[3])
        XCTAssertTrue(lines[4].hasPrefix("  endpoint \(slow.server.baseURL.absoluteString): available; reachable"), lines[4])
    }

    func testDoctorFailsWhenNoEndpointAnswers() async throws {
        let (status, io) = await inkling("doctor", "--config", try config([try deadURL(), try deadURL()]), "--engine", "farm")
        XCTAssertEqual(status, ExitCode.failure.rawValue, io.stdout)
        XCTAssertTrue(io.stdout.contains("unavailable: no endpoint of the pool can generate: "), io.stdout)
        XCTAssertEqual(io.stdout.split(separator: "\n").filter { $0.hasPrefix("  endpoint ") && $0.hasSuffix("; unreachable") }.count, 2, io.stdout)
    }

    func testRenderThroughAPoolWithADeadEndpointWritesEveryVariation() async throws {
        let fast = try FakeComfyUI(), slow = try FakeComfyUI(), dead = try deadURL()
        let dir = try temporaryDirectory().appendingPathComponent("out")
        let (status, io) = await inkling(["render", repoPath("Strokes/tablet-pen-house.json"), "--prompt", "a cosy house", "--seed", "5",
                                          "--config", try config([dead, fast.server.baseURL, slow.server.baseURL]), "--engine", "farm",
                                          "--limit", "4", "-o", dir.path])
        XCTAssertEqual(status, 0, "\(io.stderrLines)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }.count, 4)
        XCTAssertEqual(fast.workflows.count + slow.workflows.count, 4, "every variation served by the live endpoints")
        XCTAssertEqual(fast.violations + slow.violations, [])
        XCTAssertTrue(io.stderrLines.contains("[farm] variation 4: step 4/4"), "progress from the pool's members: \(io.stderrLines)")
    }
}
