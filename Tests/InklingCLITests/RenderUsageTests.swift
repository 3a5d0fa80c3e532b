import Foundation
import InklingImageIO
import XCTest
@testable import InklingCLI

/// Bad `render` options are usage errors found before any work: nothing is written.
final class RenderUsageTests: XCTestCase {
    private func assertUsage(_ extra: [String], mentions text: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        let dir = try temporaryDirectory().appendingPathComponent("never")
        let (status, io) = await inkling(["render", repoPath("Strokes/tablet-pen-house.json"), "--prompt", "a house"] + extra + ["-o", dir.path])
        XCTAssertEqual(status, ExitCode.usage.rawValue, io.stderrLines.joined(), file: file, line: line)
        XCTAssertEqual(io.stderrLines.count, 1, file: file, line: line)
        XCTAssertTrue(io.stderrLines.first?.contains(text) == true, io.stderrLines.joined(), file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path), "no output directory before validation", file: file, line: line)
    }

    func testOptionValuesAreChecked() async throws {
        try await assertUsage(["--limit", "7"], mentions: "--limit must be 1…4, got 7")
        try await assertUsage(["--strength", "1.5"], mentions: "--strength must be within 0…1, got 1.5")
        try await assertUsage(["--guidance-start", "0.5", "--guidance-end", "0.2"], mentions: "--guidance-end must not be before the guidance start (0.5)")
        try await assertUsage(["--style", "oil"], mentions: "expected one of animation, illustration, sketch, emoji")
        try await assertUsage(["--mode", "loud"], mentions: "--mode")
        try await assertUsage(["--seed", "-3"], mentions: "--seed")
        // One seed range everywhere: the case files' and the API's.
        try await assertUsage(["--seed", "18446744073709551615"], mentions: "--seed must be within 0…18446744073709551614, got 18446744073709551615")
        try await assertUsage(["--size", "0x10"], mentions: "--size")
        try await assertUsage(["--source-strength", "2"], mentions: "--source-strength")
        try await assertUsage(["--title", "Notes"], mentions: "--title needs --extract")
        try await assertUsage(["--style", "externalProvider"], mentions: "external engine")
    }

    func testOutputIsRequired() async {
        let (status, io) = await inkling("render", repoPath("Strokes/tablet-pen-house.json"), "--prompt", "a house")
        XCTAssertEqual(status, ExitCode.usage.rawValue)
        XCTAssertTrue(io.stderrLines.first?.contains("--output") == true)
    }

    func testReplayTakesNoGenerationOptions() async throws {
        let (status, io) = await inkling("render", "--replay", "x.png", "--seed", "3", "-o", try temporaryDirectory().path)
        XCTAssertEqual(status, ExitCode.usage.rawValue)
        XCTAssertTrue(io.stderrLines.first?.contains("--replay takes only") == true, io.stderrLines.joined())
    }

    func testUnsupportedLanguageIsRejectedInput() async throws {
        // The built-in engine reads ja, but not Russian.
        let dir = try temporaryDirectory().appendingPathComponent("never")
        let (status, io) = await inkling("render", repoPath("Strokes/tablet-pen-house.json"), "--prompt", "маленький дом под весенним небом", "-o", dir.path)
        XCTAssertEqual(status, ExitCode.inputRejected.rawValue, io.stderrLines.joined())
        XCTAssertTrue(io.stderrLines.first?.contains("'ru'") == true, io.stderrLines.joined())
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path))
    }
}

/// Without --size, the output follows the drawing's canvas.
final class RenderSizeTests: XCTestCase {
    func testSizeFollowsTheCanvasByDefault() async throws {
        let dir = try temporaryDirectory()
        let doc = #"{"format":"inkling.drawing","version":1,"canvas":{"width":720,"height":1280},"strokes":[{"points":[{"x":100,"y":100},{"x":600,"y":1100}]}]}"#
        let (status, io) = await inkling(["render", "-", "--prompt", "a tall tower", "--style", "sketch", "-o", dir.path], input: Array(doc.utf8))
        XCTAssertEqual(status, 0, io.stderrLines.joined())
        let png = dir.appendingPathComponent("drawing-sketch-0-1.png")
        XCTAssertEqual(try PNGFile.read(from: png).image.width, 720)
        XCTAssertEqual(try PNGFile.read(from: png).image.height, 1280)
    }
}
