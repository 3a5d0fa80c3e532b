import Foundation
import InklingImageIO
import XCTest
@testable import InklingCLI

/// `inkling regress`: recording, passing, failing with a report, and trouble (exit 2).
final class RegressCommandTests: XCTestCase {
    private func suite() throws -> URL {
        let root = try temporaryDirectory().appendingPathComponent("cases")
        let folder = root.appendingPathComponent("flower")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Strokes/touch-flower.json"),
                                         to: folder.appendingPathComponent("drawing.json"))
        try Data(#"{"drawing": "drawing.json", "prompt": "a sunflower", "style": "animation", "size": "512x512", "seed": 4}"#.utf8)
            .write(to: folder.appendingPathComponent("case.json"))
        return root
    }

    func testRecordPassFailCycle() async throws {
        let cases = try suite()
        let report = cases.deletingLastPathComponent().appendingPathComponent("out/report.html")
        let recorded = await inkling("regress", cases.path, "--report", report.path)
        XCTAssertEqual(recorded.status, 0, recorded.io.stderrLines.joined(separator: "\n"))
        XCTAssertEqual(recorded.io.stderrLines.first?.hasPrefix("[1/1] flower: RECORDED — recorded 1 reference"), true, "\(recorded.io.stderrLines)")
        let passed = await inkling("regress", cases.path, "--record", "never", "--report", report.path, "--json")
        XCTAssertEqual(passed.status, 0, passed.io.stderrLines.joined(separator: "\n"))
        XCTAssertEqual(passed.io.stderrLines.last, "regress: 1 passed, 0 failed; report: \(report.path)")
        XCTAssertTrue(passed.io.stdout.contains(#""status": "passed""#), passed.io.stdout)

        // Change one pixel of the reference: the next run fails, with a heat map in the report.
        let referenceURL = cases.appendingPathComponent("flower/reference.png")
        var reference = try PNGFile.read(from: referenceURL)
        reference.image.pixels[4 * (256 * 512 + 256)] ^= 0x10
        try PNGFile.write(reference, to: referenceURL)
        let failed = await inkling("regress", cases.path, "--record", "never", "--report", report.path)
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.io.stderrLines.first?.contains("flower: FAILED — 0.0004% of pixels differ") ?? false, "\(failed.io.stderrLines)")
        let html = try String(contentsOf: report, encoding: .utf8)
        XCTAssertTrue(html.contains("FAIL — 0 passed, 1 failed"))
        let diff = report.deletingLastPathComponent().appendingPathComponent("report-files/flower/diff-1.png")
        XCTAssertTrue(FileManager.default.fileExists(atPath: diff.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: report.deletingPathExtension().appendingPathExtension("json").path))
    }

    /// `--junit` writes the run for CI; a case whose recipe changed names the change in its
    /// failure, the report and the summary line; `--filter` runs only matching cases.
    func testJUnitRecipeChangesAndFilter() async throws {
        let cases = try suite()
        let other = cases.appendingPathComponent("house")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Strokes/single-tap.json"), to: other.appendingPathComponent("drawing.json"))
        try Data(#"{"drawing": "drawing.json", "prompt": "a dot & <a> \"mark\"", "style": "sketch", "size": "512x512"}"#.utf8)
            .write(to: other.appendingPathComponent("case.json"))
        let out = cases.deletingLastPathComponent()
        let recorded = await inkling("regress", cases.path, "--report", out.appendingPathComponent("a/report.html").path)
        XCTAssertEqual(recorded.status, 0, recorded.io.stderrLines.joined(separator: "\n"))

        // The flower's seed changes: only it runs (--filter), it fails, and the change is named.
        try Data(#"{"drawing": "drawing.json", "prompt": "a sunflower", "style": "animation", "size": "512x512", "seed": 5}"#.utf8)
            .write(to: cases.appendingPathComponent("flower/case.json"))
        let junit = out.appendingPathComponent("results.xml")
        let report = out.appendingPathComponent("b/report.html")
        let failed = await inkling("regress", cases.path, "--record", "never", "--filter", "flow*", "--junit", junit.path, "--report", report.path)
        XCTAssertEqual(failed.status, 1, failed.io.stderrLines.joined(separator: "\n"))
        XCTAssertEqual(failed.io.stderrLines.count, 2, "one case ran: \(failed.io.stderrLines)")
        XCTAssertTrue(failed.io.stderrLines[0].contains("recipe changed: seed: 4 → 5"), failed.io.stderrLines[0])
        let xml = try String(contentsOf: junit, encoding: .utf8)
        XCTAssertTrue(xml.contains(#"<testsuites name="inkling regress" tests="1" failures="1" errors="0""#), xml)
        XCTAssertTrue(xml.contains(#"<testcase classname="regress.builtin" name="flower""#), xml)
        XCTAssertTrue(xml.contains("variation 1: recipe changed: seed: 4 → 5"), xml)
        XCTAssertTrue(try String(contentsOf: report, encoding: .utf8).contains("recipe changed since the reference"))

        // Both cases, the house passing: its prompt's markup is escaped in the XML.
        let all = await inkling("regress", cases.path, "--record", "never", "--filter", "o", "--junit", junit.path, "--report", report.path)
        XCTAssertEqual(all.status, 1)
        let both = try String(contentsOf: junit, encoding: .utf8)
        XCTAssertTrue(both.contains(#"tests="2" failures="1""#), both)
        XCTAssertFalse(both.contains("<a>"), "markup escaped")

        let none = await inkling("regress", cases.path, "--filter", "tree-*")
        XCTAssertEqual(none.status, 2)
        XCTAssertEqual(none.io.stderrLines, ["inkling regress: --filter tree-* matches none of the 2 cases: flower, house"])
        let same = await inkling("regress", cases.path, "--junit", "r.html", "--report", "r.html")
        XCTAssertEqual(same.status, 2)
        let long = await inkling("regress", cases.path, "--filter", String(repeating: "*a", count: 101))
        XCTAssertEqual(long.status, 2, "a pattern fnmatch could spend long on is refused")

        // A FIFO as the JUnit file is refused before anything renders.
        let fifo = out.appendingPathComponent("results.fifo")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let report3 = out.appendingPathComponent("c/report.html")
        let refused = await inkling("regress", cases.path, "--junit", fifo.path, "--report", report3.path)
        XCTAssertEqual(refused.status, ExitCode.io.rawValue)
        XCTAssertEqual(refused.io.stderrLines, ["inkling regress: cannot write \(fifo.path): it is a FIFO (named pipe); only regular files are replaced; name a regular file"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: report3.path), "nothing rendered, no report")
    }

    func testTroubleExitsTwo() async throws {
        let dir = try temporaryDirectory()
        let missing = await inkling("regress", dir.appendingPathComponent("nope").path)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.io.stderrLines.first?.contains("no such folder or manifest") ?? false)
        let badMode = await inkling("regress", dir.path, "--record", "sometimes")
        XCTAssertEqual(badMode.status, 2)
        XCTAssertTrue(badMode.io.stderrLines.first?.contains("missing, all, failed, never") ?? false, "\(badMode.io.stderrLines)")
        let badReport = await inkling("regress", dir.path, "--report", "report.txt")
        XCTAssertEqual(badReport.status, 2)
        let empty = await inkling("regress", dir.path)
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.io.stderrLines.first?.contains("no cases found") ?? false)
        let cases = try suite()
        try Data(#"{"drawing": "gone.json"}"#.utf8).write(to: cases.appendingPathComponent("flower/case.json"))
        let unrenderable = await inkling("regress", cases.path, "--report", dir.appendingPathComponent("r/report.html").path)
        XCTAssertEqual(unrenderable.status, 2)
        XCTAssertTrue(unrenderable.io.stderrLines.first?.contains("flower: ERROR — cannot render") ?? false, "\(unrenderable.io.stderrLines)")
    }
}
