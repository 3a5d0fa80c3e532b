import Foundation
import Inkling
import InklingEngineFakes
import InklingEngines
import XCTest
@testable import InklingCLI

/// `inkling render` reports an engine's failure by kind: exit status 4, one line naming what
/// happened, the setting to change or the engine's own words, and no file left behind.
final class EngineFailureCommandTests: XCTestCase {
    private let house = repoPath("Strokes/tablet-pen-house.json")

    private func render(_ fake: FakeAutomatic1111, generationTimeout: Double) async throws -> (status: Int32, io: BufferIO, files: [String]) {
        let engine = """
        {"kind": "automatic1111", "endpoint": "\(fake.server.baseURL.absoluteString)", "sizes": ["128x96"], "timeoutSeconds": 5,
         "generationTimeoutSeconds": \(generationTimeout), "models": {"checkpoint": "sd_xl_base_1.0.safetensors"}}
        """
        let config = try temporaryDirectory().appendingPathComponent("engines.json")
        try Data("{\"version\": 1, \"engines\": {\"a1111\": \(engine)}}".utf8).write(to: config)
        let dir = try temporaryDirectory().appendingPathComponent("out")
        let (status, io) = await inkling(["render", house, "--prompt", "a cosy house", "--engine", "a1111", "--config", config.path, "-o", dir.path])
        return (status, io, (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
    }

    func testATimeoutAndADroppedAnswerExit4SayingWhichAndWhatToDo() async throws {
        var slow = FakeAutomatic1111.Behavior()
        slow.generationSeconds = 3
        var dropped = FakeAutomatic1111.Behavior()
        dropped.generationReply = .raw(Array("HTTP/1.1 200 OK\r\nContent-Type: application/js".utf8))
        let cases: [(FakeAutomatic1111.Behavior, Double, [String])] = [
            (slow, 1, ["did not answer POST /sdapi/v1/txt2img within 1 s", "raise generationTimeoutSeconds"]),
            (dropped, 30, ["closed the connection in the middle of its answer to POST /sdapi/v1/txt2img"]),
        ]
        for (behavior, timeout, fragments) in cases {
            let fake = try FakeAutomatic1111(behavior: behavior)
            let (status, io, files) = try await render(fake, generationTimeout: timeout)
            XCTAssertEqual(status, ExitCode.failure.rawValue, "\(io.stderrLines)")
            let errors = io.stderrLines.filter { $0.hasPrefix("inkling render: ") && !$0.contains("notice:") }
            XCTAssertEqual(errors.count, 1, "\(io.stderrLines)")
            for fragment in fragments { XCTAssertTrue(errors.first?.contains(fragment) == true, "\(fragment): \(io.stderrLines)") }
            XCTAssertFalse(errors.first?.contains("cannot be reached") == true, "\(io.stderrLines)")
            XCTAssertEqual(files, [])
        }
    }

    func testEveryEngineFailureKindExits4WithItsMessage() {
        let kinds: [EngineFailureKind] = [.timeout, .unreachable, .connectionDropped, .rejected(status: 500), .engineError, .unavailable, .cancelled]
        for kind in kinds {
            let failure = CreationFailure.failure(ImageCreationError.engineFailed(EngineFailure(kind: kind, message: "the engine said no: fix it")))
            XCTAssertEqual(failure.exitCode, .failure, "\(kind)")
            XCTAssertEqual(failure.message, "image creation failed: the engine said no: fix it", "\(kind)")
        }
    }
}
