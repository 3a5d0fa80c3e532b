import XCTest
@testable import InklingCLI

/// What an import leaves out is said on stderr, one line each, and does not fail the command.
final class ImportNoticeTests: XCTestCase {
    func testSkippedExcalidrawElementsAreReported() async {
        let (status, io) = await inkling("validate", repoPath("Strokes/interchange/excalidraw-scene.excalidraw"))
        XCTAssertEqual(status, 0, io.stderrLines.joined(separator: "\n"))
        XCTAssertTrue(io.stderrLines.contains { $0.contains("note: excalidraw: skipped 1 rectangle element") }, "\(io.stderrLines)")
        XCTAssertTrue(io.stdout.contains(": ok: 2 strokes"))
    }

    func testFormatsWithNothingToSkipSayNothing() async {
        let (status, io) = await inkling("validate", repoPath("Strokes/interchange/freehand-signature.json"))
        XCTAssertEqual(status, 0)
        XCTAssertEqual(io.stderrLines, [])
    }
}
