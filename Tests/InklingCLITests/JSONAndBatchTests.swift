import Foundation
import XCTest
@testable import InklingCLI

/// `--json` on `render`, `validate` and `doctor`, and `render` over several drawings and folders.
final class JSONAndBatchTests: XCTestCase {
    private func object(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    func testValidateJSONListsEveryFileWithItsSummaryOrProblem() async throws {
        let (status, io) = await inkling("validate", "--json", repoPath("Strokes/tablet-pen-house.json"), repoPath("Strokes/hostile/nan-force.json"))
        XCTAssertEqual(status, ExitCode.inputRejected.rawValue)
        let document = try object(io.stdout)
        XCTAssertEqual(document["valid"] as? Int, 1)
        XCTAssertEqual(document["invalid"] as? Int, 1)
        let files = try XCTUnwrap(document["files"] as? [[String: Any]])
        XCTAssertEqual(files[0]["strokes"] as? Int, 27)
        XCTAssertEqual(files[0]["points"] as? Int, 1518)
        XCTAssertEqual((files[0]["inks"] as? [String: Int])?["pen"], 27)
        XCTAssertEqual((files[0]["canvas"] as? [String: Double])?["width"], 1024)
        XCTAssertEqual(files[1]["valid"] as? Bool, false)
        XCTAssertEqual(files[1]["error"] as? String, "strokes[0].points[2].force: expected a finite number ≥ 0, got NaN")
        let (both, _) = await inkling("validate", "--json", "-q", "x.json")
        XCTAssertEqual(both, ExitCode.usage.rawValue)
    }

    func testDoctorJSONReportsEachEngine() async throws {
        let dir = try temporaryDirectory()
        let config = dir.appendingPathComponent("engines.json")
        try Data(#"{"version": 1, "engines": {}}"#.utf8).write(to: config)
        let (status, io) = await inkling("doctor", "--json", "--config", config.path)
        XCTAssertEqual(status, 0, io.stderrLines.joined())
        let document = try object(io.stdout)
        XCTAssertEqual(document["available"] as? Bool, true)
        XCTAssertEqual(document["configuration"] as? String, config.path)
        let engines = try XCTUnwrap(document["engines"] as? [[String: Any]])
        XCTAssertEqual(engines.first?["engine"] as? String, "builtin")
        XCTAssertEqual((engines.first?["sizes"] as? [[String: Int]])?.first?["width"], 1024)
    }

    /// Several drawings and a folder: per-file outputs, one summary line; a drawing that fails
    /// is reported and the others still render; `--json` lists both.
    func testRenderTakesSeveralDrawingsAndFolders() async throws {
        let dir = try temporaryDirectory()
        let folder = dir.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: repoPath("Strokes/single-tap.json"), toPath: folder.appendingPathComponent("tap.json").path)
        try Data(#"{"not": "a drawing"}"#.utf8).write(to: folder.appendingPathComponent("broken.json"))
        try Data("notes".utf8).write(to: folder.appendingPathComponent("readme.txt"))
        let out = dir.appendingPathComponent("out")
        let (status, io) = await inkling("render", folder.path, repoPath("Strokes/touch-flower.json"), "-p", "a flower", "--size", "512x512",
                                         "-o", out.path, "--json")
        XCTAssertEqual(status, ExitCode.inputRejected.rawValue, io.stderrLines.joined(separator: "\n"))
        XCTAssertEqual(io.stderrLines.last, "render: 2 of 3 drawings rendered, 2 images written; failed: \(folder.path)/broken.json")
        let document = try object(io.stdout)
        let images = try XCTUnwrap(document["images"] as? [[String: Any]])
        XCTAssertEqual(images.compactMap { $0["path"] as? String }.map { URL(fileURLWithPath: $0).lastPathComponent },
                       ["tap-illustration-0-1.png", "touch-flower-illustration-0-1.png"])
        XCTAssertEqual(images.first?["variation"] as? Int, 1)
        let failed = try XCTUnwrap(document["failed"] as? [[String: Any]])
        XCTAssertEqual(failed.count, 1)
        XCTAssertTrue((failed[0]["error"] as? String)?.hasPrefix("format: expected required key") == true, "\(failed)")
        for name in ["tap-illustration-0-1.png", "touch-flower-illustration-0-1.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), name)
        }
        // Two drawings that would write the same names are refused before any work.
        let (clash, clashIO) = await inkling("render", folder.path, repoPath("Strokes/single-tap.json"), dir.appendingPathComponent("tap.json").path,
                                             "-p", "x", "-o", dir.appendingPathComponent("o2").path)
        _ = clash
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let (none, noneIO) = await inkling("render", empty.path, "-p", "x", "-o", dir.appendingPathComponent("o3").path)
        XCTAssertEqual(none, ExitCode.usage.rawValue)
        XCTAssertTrue(noneIO.stderrLines.first?.contains("a folder with no drawings in it") == true, noneIO.stderrLines.joined())
        XCTAssertFalse(clashIO.stderrLines.isEmpty)
    }
}
