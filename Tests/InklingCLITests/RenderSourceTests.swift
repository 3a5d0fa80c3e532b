import Foundation
import InklingImageIO
import InklingOutputs
import XCTest
@testable import InklingCLI

/// `render` with a source image and extracted text: recorded in the recipe, replayable.
final class RenderSourceTests: XCTestCase {
    func testSourceAndExtractedTextAreRecordedAndReplayed() async throws {
        let dir = try temporaryDirectory()
        var pixels: [UInt8] = []
        for y in 0..<64 { for x in 0..<64 { pixels += [UInt8(x * 4), UInt8(y * 4), 180] } }
        let photo = dir.appendingPathComponent("photo.png")
        try PNGFile.write(PNGDocument(image: RasterImage(width: 64, height: 64, format: .rgb, pixels: pixels)), to: photo)
        let notes = dir.appendingPathComponent("notes.txt")
        try "We walked to the old lighthouse at dusk. The lighthouse keeper waved; gulls circled the red roof.".write(to: notes, atomically: true, encoding: .utf8)

        let out = dir.appendingPathComponent("out")
        let (status, io) = await inkling("render", repoPath("Strokes/tablet-pen-house.json"), "--extract", notes.path, "--title", "Lighthouse",
                                         "--source", photo.path, "--source-strength", "0.7", "--no-personalization",
                                         "--size", "512x512", "-o", out.path)
        XCTAssertEqual(status, 0, io.stderrLines.joined(separator: "\n"))
        let png = out.appendingPathComponent("tablet-pen-house-illustration-0-1.png")
        let recipe = try Recipe.read(from: png)
        XCTAssertEqual(recipe.source?.origin, "photo.png")
        XCTAssertEqual(recipe.source?.width, 64)
        XCTAssertNotNil(recipe.source?.image, "the source pixels are embedded")
        XCTAssertEqual(recipe.sourceStrength, 0.7)
        XCTAssertFalse(recipe.personalization)
        XCTAssertEqual(recipe.title, "Lighthouse")
        XCTAssertTrue(recipe.phrases.contains { $0.text.lowercased().contains("lighthouse") }, "\(recipe.phrases)")

        let again = dir.appendingPathComponent("again")
        let replay = await inkling("render", "--replay", png.path, "-o", again.path)
        XCTAssertEqual(replay.status, 0, replay.io.stderrLines.joined())
        XCTAssertEqual(try Data(contentsOf: again.appendingPathComponent(png.lastPathComponent)), try Data(contentsOf: png))

        let lean = dir.appendingPathComponent("lean")
        let noEmbed = await inkling("render", repoPath("Strokes/tablet-pen-house.json"), "--prompt", "a lighthouse", "--source", photo.path,
                                    "--no-embed-source", "--size", "512x512", "-o", lean.path)
        XCTAssertEqual(noEmbed.status, 0, noEmbed.io.stderrLines.joined())
        let leanPNG = lean.appendingPathComponent("tablet-pen-house-illustration-0-1.png")
        XCTAssertNil(try PNGFile.read(from: leanPNG).text(for: Recipe.sourceKeyword))
        let refused = await inkling("render", "--replay", leanPNG.path, "-o", dir.appendingPathComponent("x").path)
        XCTAssertEqual(refused.status, ExitCode.inputRejected.rawValue)
        XCTAssertTrue(refused.io.stderrLines.first?.contains("not embedded") == true, refused.io.stderrLines.joined())
    }

    func testUnreadableSourceIsReportedBeforeWork() async throws {
        let dir = try temporaryDirectory()
        let bogus = dir.appendingPathComponent("photo.png")
        try Data("not an image".utf8).write(to: bogus)
        let (status, io) = await inkling("render", repoPath("Strokes/tablet-pen-house.json"), "--prompt", "x", "--source", bogus.path,
                                         "-o", dir.appendingPathComponent("out").path)
        XCTAssertEqual(status, ExitCode.inputRejected.rawValue, io.stderrLines.joined())
        XCTAssertTrue(io.stderrLines.first?.contains("photo.png") == true)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }
}
