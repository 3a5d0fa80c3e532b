import Foundation
import InklingBase
import XCTest
@testable import InklingCLI

/// `inkling live replay` against a real `inkling serve` (built-in engine, small canvas).
final class LiveReplayCommandTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("inkling-live-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A drawing of `strokes` short strokes on a 64×64 canvas (`points` points each), written to a file.
    private func drawing(strokes: Int = 3, points: Int = 3) throws -> String {
        let list = (0..<strokes).map { s in
            let pts = (0..<points).map { p in #"{"x": \#(4 + s * 10 + p % 40), "y": \#(8 + p % 50), "timeOffset": \#(Double(p) * 0.01)}"# }
            return #"{"points": [\#(pts.joined(separator: ", "))]}"#
        }
        let path = directory.appendingPathComponent("d-\(strokes)-\(points).json").path
        try #"{"format": "inkling.drawing", "version": 1, "canvas": {"width": 64, "height": 64}, "strokes": [\#(list.joined(separator: ", "))]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func serve(_ extra: [String] = []) throws -> (Process, String) {
        let (process, url, _) = try ServeCommandTests.startServe(host: "127.0.0.1", ["--rate", "0"] + extra)
        addTeardownBlock { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        return (process, url)
    }

    func testReplayWritesFramesInRevisionOrderAndReportsThem() async throws {
        let (_, url) = try serve()
        let path = try drawing()
        let frames = directory.appendingPathComponent("frames").path
        let (status, io) = await inkling("live", "replay", path, "--server", url, "--size", "64x64", "--fast", "-o", frames, "--json")
        XCTAssertEqual(status, 0, io.stderrLines.joined(separator: "\n"))
        let report = try JSONValue.parse(Array(io.stdout.utf8))
        XCTAssertEqual(report["strokes"]?.int, 3)
        XCTAssertEqual(report["sessions"]?.int, 1)
        XCTAssertEqual(report["framesOutOfOrder"]?.int, 0)
        XCTAssertEqual(report["lastFrameRevision"]?.int, 3, "the last frame answers the last revision")
        XCTAssertEqual(report["unansweredStrokes"]?.int, 0)
        XCTAssertGreaterThanOrEqual(report["frames"]?.int ?? 0, 3)
        for key in ["p50", "p95", "max"] { XCTAssertNotNil(report["latencyMs"]?[key]?.double, key) }
        XCTAssertNotNil(report["stalenessMs"]?["p95"]?.double)
        XCTAssertEqual(report["framesDropped"]?.int, 0, "a reader that keeps up misses no frame")
        let names = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        XCTAssertEqual(names.last, "frame-0003.jpg")
        XCTAssertEqual(names.count, report["frames"]?.int)
        for name in names {
            let bytes = try XCTUnwrap(FileManager.default.contents(atPath: frames + "/" + name))
            XCTAssertEqual(Array(bytes.prefix(2)), [0xFF, 0xD8], "\(name) is a JPEG")
        }

        // Frames already there are kept unless --overwrite.
        let (again, refused) = await inkling("live", "replay", path, "--server", url, "--size", "64x64", "--fast", "-o", frames)
        XCTAssertEqual(again, ExitCode.io.rawValue)
        XCTAssertEqual(refused.stderrLines.count, 1)
        XCTAssertTrue(refused.stderrLines[0].contains("frame-0000.jpg already exists; pass --overwrite"), refused.stderrLines[0])
        let (replaced, text) = await inkling("live", "replay", path, "--server", url, "--size", "64x64", "--fast", "-o", frames, "--overwrite")
        XCTAssertEqual(replaced, 0, text.stderrLines.joined(separator: "\n"))
        XCTAssertTrue(text.stdout.contains("0 out of order"), text.stdout)
        XCTAssertTrue(text.stdout.contains("last frame answers revision 3 of 3"), text.stdout)
    }

    func testPacedReplayWithPointsKeepAndSeveralSessions() async throws {
        let (_, url) = try serve()
        let path = try drawing(strokes: 2, points: 6)
        let (status, io) = await inkling("live", "replay", path, "--server", url, "--size", "64x64", "--speed", "4", "--points", "--keep", "--json")
        XCTAssertEqual(status, 0, io.stderrLines.joined(separator: "\n"))
        let report = try JSONValue.parse(Array(io.stdout.utf8))
        XCTAssertEqual(report["kept"]?.array?.count, 1, "the job keep became")
        XCTAssertEqual(report["lastFrameRevision"]?.int, 2)
        let (many, text) = await inkling("live", "replay", path, "--server", url, "--size", "64x64", "--fast", "--sessions", "3", "--json", "--compare-generations")
        XCTAssertEqual(many, 0, text.stderrLines.joined(separator: "\n"))
        let together = try JSONValue.parse(Array(text.stdout.utf8))
        XCTAssertEqual(together["sessions"]?.int, 3)
        XCTAssertEqual(together["framesOutOfOrder"]?.int, 0)
        XCTAssertEqual(together["lastFrameRevision"]?.int, 2)
        XCTAssertNotNil(together["generations"]?["latencyMs"]?["p50"]?.double)
        XCTAssertNotNil(together["generations"]?["ratioP50"]?.double)
    }

    func testAServerThatWantsAKeyRefusesWithoutOne() async throws {
        let keys = directory.appendingPathComponent("keys.txt")
        try "sk-live\n".write(to: keys, atomically: true, encoding: .utf8)
        let (_, url) = try serve(["--api-keys", keys.path, "--require-api-key"])
        let path = try drawing(strokes: 1)
        let (status, io) = await inkling("live", "replay", path, "--server", url, "--size", "64x64", "--fast")
        XCTAssertEqual(status, ExitCode.failure.rawValue)
        XCTAssertEqual(io.stderrLines.count, 1, io.stderrLines.joined(separator: "\n"))
        XCTAssertTrue(io.stderrLines[0].contains("401"), io.stderrLines[0])
        XCTAssertTrue(io.stderrLines[0].contains("--key"), io.stderrLines[0])
        let (keyed, ok) = await inkling("live", "replay", path, "--server", url, "--size", "64x64", "--fast", "--key", "sk-live")
        XCTAssertEqual(keyed, 0, ok.stderrLines.joined(separator: "\n"))
    }

    func testNoServerAndUnwritableOutputsAreOneLineErrors() async throws {
        let path = try drawing(strokes: 1)
        // Port 1 on loopback: nothing listens there.
        let (status, io) = await inkling("live", "replay", path, "--server", "http://127.0.0.1:1", "--fast")
        XCTAssertEqual(status, ExitCode.failure.rawValue)
        XCTAssertEqual(io.stderrLines.count, 1)
        XCTAssertTrue(io.stderrLines[0].contains("cannot connect to the server"), io.stderrLines[0])
        let file = directory.appendingPathComponent("plain").path
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        for (output, expected) in [(file, "is a file"), (file + "/frames", "cannot create")] {
            let (code, written) = await inkling("live", "replay", path, "--server", "http://127.0.0.1:1", "-o", output)
            XCTAssertEqual(code, ExitCode.io.rawValue, output)
            XCTAssertTrue(written.stderrLines.first?.contains(expected) == true, written.stderrLines.joined())
        }
    }

    func testADrawingALiveSessionWouldRefuseIsRefusedBeforeConnecting() async throws {
        let path = try drawing(strokes: 1, points: 10_001)
        let (status, io) = await inkling("live", "replay", path, "--server", "http://127.0.0.1:1")
        XCTAssertEqual(status, ExitCode.inputRejected.rawValue)
        XCTAssertTrue(io.stderrLines.first?.contains("10001 points, over a live session's 10000 (maxPointsPerStroke)") == true, io.stderrLines.joined())
    }

    func testUsageErrors() async throws {
        let path = try drawing(strokes: 1)
        let server = ["--server", "http://127.0.0.1:8080"]
        let cases: [([String], String)] = [
            (["live", "replay", path], "missing --server"),
            (["live", "play", path] + server, "the one action is `replay`"),
            (["live", "replay"] + server, "missing drawing"),
            (["live", "replay", path, "--server", "not a url"], "is not a URL"),
            (["live", "replay", path, "--server", "https://example.com"], "plain ws:// only"),
            (["live", "replay", path, "--server", "ftp://example.com"], "must be an http:// URL"),
            (["live", "replay", path, "--server", "http://h:1/v1/live"], "without a path"),
            (["live", "replay", path, "--speed", "0"] + server, "--speed must be within 0.01…100"),
            (["live", "replay", path, "--speed", "nan"] + server, "--speed"),
            (["live", "replay", path, "--speed", "fast"] + server, "--speed"),
            (["live", "replay", path, "--speed", "1000"] + server, "--speed must be within 0.01…100"),
            (["live", "replay", path, "--fast", "--speed", "2"] + server, "leave out --speed"),
            (["live", "replay", path, "--fast", "--points"] + server, "no meaning with --fast"),
            (["live", "replay", path, "--sessions", "0"] + server, "--sessions must be 1…64"),
            (["live", "replay", path, "--sessions", "2", "-o", "x"] + server, "-o writes the frames of one session"),
            (["live", "replay", path, "--timeout", "0"] + server, "--timeout must be 1…86400"),
            (["live", "replay", path, "--key", "a b"] + server, "--key must be"),
            (["live", "replay", path, "--prompt", " "] + server, "--prompt is empty"),
            (["live", "replay", path, "--style", "externalProvider"] + server, "not a live style"),
            (["live", "replay", path, "--size", "0x0"] + server, "--size"),
        ]
        for (arguments, expected) in cases {
            let (status, io) = await inkling(arguments)
            XCTAssertEqual(status, ExitCode.usage.rawValue, arguments.joined(separator: " "))
            XCTAssertEqual(io.stderrLines.count, 1, arguments.joined(separator: " "))
            XCTAssertTrue(io.stderrLines.first?.contains(expected) == true, "\(arguments): \(io.stderrLines)")
        }
    }
}
