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
