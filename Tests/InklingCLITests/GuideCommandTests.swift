import InklingImageIO
import XCTest
@testable import InklingCLI

/// `inkling guide`: writes guidance PNGs with their recipe, atomically, from files or stdin.
final class GuideCommandTests: XCTestCase {
    func testWritesAGuidanceMapWithItsRecipe() async throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("g.png")
        let (status, io) = await inkling("guide", repoPath("Strokes/tablet-pen-house.json"),
                                         "--size", "320x240", "--encoding", "soft", "-o", out.path)
        XCTAssertEqual(status, 0, io.stderrLines.joined())
        let document = try PNGFile.read(from: out)
        XCTAssertEqual(document.image.width, 320)
        XCTAssertEqual(document.image.height, 240)
        XCTAssertEqual(document.image.format, .gray)
        XCTAssertGreaterThan(document.image.pixels.max() ?? 0, 64, "strokes should be visible through the blur")
        XCTAssertEqual(document.image.pixels[0], 0, "the corner is background: black")
        let recipe = try XCTUnwrap(document.text.first { $0.keyword == "inkling:guidance" }).text
        XCTAssertTrue(recipe.contains("encoding=soft"))
        XCTAssertTrue(recipe.contains("width=320"))
        XCTAssertTrue(recipe.range(of: "drawingSHA256=[0-9a-f]{64}", options: .regularExpression) != nil, recipe)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        XCTAssertEqual(leftovers, ["g.png"], "no temporary files left behind")
    }

    func testObjectAndColumnarLayoutsGiveTheSameMap() async throws {
        let dir = try temporaryDirectory()
        var maps: [PNGDocument] = []
        for name in ["tablet-pen-house.json", "tablet-pen-house.columnar.json"] {
            let out = dir.appendingPathComponent(name + ".png")
            let (status, io) = await inkling("guide", repoPath("Strokes/\(name)"), "--size", "256x192", "-o", out.path)
            XCTAssertEqual(status, 0, io.stderrLines.joined())
            maps.append(try PNGFile.read(from: out))
        }
        XCTAssertEqual(maps[0], maps[1])
    }

    func testStandardInputToStandardOutput() async throws {
        let doc = #"{"format":"inkling.drawing","version":1,"canvas":{"width":100,"height":100},"strokes":[{"points":[{"x":10,"y":10},{"x":90,"y":90}]}]}"#
        let (status, io) = await inkling("guide", "-", "-o", "-", "--size", "64x64", input: Array(doc.utf8))
        XCTAssertEqual(status, 0, io.stderrLines.joined())
        let document = try PNGCodec.decode(io.stdoutBytes)
        XCTAssertEqual(document.image.width, 64)
        XCTAssertGreaterThan(document.image.pixels.max() ?? 0, 200)
    }

    func testInvalidDrawingLeavesNoOutput() async throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("g.png")
        let doc = #"{"format":"inkling.drawing","version":1,"strokes":[{"points":[{"x":1,"y":"two"}]}]}"#
        let (status, io) = await inkling("guide", "-", "-o", out.path, input: Array(doc.utf8))
        XCTAssertEqual(status, ExitCode.inputRejected.rawValue)
        XCTAssertEqual(io.stderrLines.count, 1)
        XCTAssertTrue(io.stderrLines[0].contains("strokes[0].points[0].y"), io.stderrLines[0])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    func testUnwritableOutputIsAnIOError() async throws {
        let dir = try temporaryDirectory()
        let blocker = dir.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let (status, io) = await inkling("guide", repoPath("Strokes/single-tap.json"), "-o", blocker.path + "/g.png")
        XCTAssertEqual(status, ExitCode.io.rawValue)
        XCTAssertEqual(io.stderrLines.count, 1)
        XCTAssertTrue(io.stderrLines[0].hasPrefix("inkling guide: cannot write "), io.stderrLines[0])
    }
}
