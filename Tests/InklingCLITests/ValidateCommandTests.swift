import XCTest
@testable import InklingCLI

/// `inkling validate` on the bundled examples, hostile files and standard input.
final class ValidateCommandTests: XCTestCase {
    func testEveryBundledExampleIsValid() async throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: repoPath("Strokes"))
            .filter { $0.hasSuffix(".json") && !$0.contains("schema") }
            .map { repoPath("Strokes/\($0)") }
        XCTAssertGreaterThanOrEqual(examples.count, 6)
        let (status, io) = await inkling(["validate"] + examples)
        XCTAssertEqual(status, 0, io.stderrLines.joined(separator: "\n"))
        XCTAssertEqual(io.stdout.split(separator: "\n").count, examples.count)
        XCTAssertTrue(io.stdout.contains(": ok: "))
    }

    func testEveryHostileFileFailsWithOneLineNamingAPath() async throws {
        let dir = repoPath("Strokes/hostile")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let (status, io) = await inkling("validate", "\(dir)/\(file)")
            XCTAssertEqual(status, ExitCode.inputRejected.rawValue, file)
            XCTAssertEqual(io.stderrLines.count, 1, file)
            XCTAssertTrue(io.stderrLines[0].hasPrefix("inkling validate: \(dir)/\(file): "), io.stderrLines[0])
            XCTAssertFalse(io.stderrLines[0].contains("\n"))
            XCTAssertEqual(io.stdout, "", file)
        }
    }

    func testStandardInput() async {
        let doc = #"{"format":"inkling.drawing","version":1,"strokes":[{"points":[{"x":1,"y":2}]}]}"#
        let (status, io) = await inkling("validate", "-", input: Array(doc.utf8))
        XCTAssertEqual(status, 0)
        XCTAssertTrue(io.stdout.hasPrefix("<stdin>: ok: 1 stroke, 1 point (pen ×1)"), io.stdout)
    }

    func testByteLimitAppliesToStandardInputAndFiles() async throws {
        let doc = Array(#"{"format":"inkling.drawing","version":1,"strokes":[]}"#.utf8)
        var (status, io) = await inkling("validate", "-", "--max-bytes", "10", input: doc)
        XCTAssertEqual(status, ExitCode.inputRejected.rawValue)
        XCTAssertTrue(io.stderrLines[0].contains("larger than the 10-byte limit"), io.stderrLines[0])

        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("d.json")
        try Data(doc).write(to: file)
        (status, io) = await inkling("validate", file.path, "--max-bytes", "10")
        XCTAssertEqual(status, ExitCode.inputRejected.rawValue)
        XCTAssertTrue(io.stderrLines[0].contains("over the 10-byte limit"), io.stderrLines[0])
    }

    func testMissingFileIsAnIOError() async {
        let (status, io) = await inkling("validate", "/nonexistent/drawing.json")
        XCTAssertEqual(status, ExitCode.io.rawValue)
        XCTAssertEqual(io.stderrLines, ["inkling validate: /nonexistent/drawing.json: no such file"])
    }

    func testMixedFilesReportEachAndFail() async {
        let good = repoPath("Strokes/single-tap.json")
        let (status, io) = await inkling("validate", good, "/nonexistent.json", good)
        XCTAssertEqual(status, ExitCode.io.rawValue)
        XCTAssertEqual(io.stdout.split(separator: "\n").count, 2)
        XCTAssertEqual(io.stderrLines.count, 1)
    }
}
