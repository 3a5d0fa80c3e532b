import Foundation
import InklingImageIO
import InklingOutputs
import XCTest
@testable import InklingCLI

/// `inkling render`, `inkling inspect` and `inkling render --replay` end to end with the built-in engine.
final class RenderCommandTests: XCTestCase {
    private let house = repoPath("Strokes/tablet-pen-house.json")

    func testRenderWritesEachVariationWithItsRecipe() async throws {
        let dir = try temporaryDirectory().appendingPathComponent("out")
        let (status, io) = await inkling("render", house, "--prompt", "a cosy house under a spring sky", "--style", "sketch",
                                         "--size", "512x512", "--limit", "2", "--seed", "7", "-o", dir.path)
        XCTAssertEqual(status, 0, io.stderrLines.joined(separator: "\n"))
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        XCTAssertEqual(names, ["tablet-pen-house-sketch-7-1.png", "tablet-pen-house-sketch-7-2.png"])
        XCTAssertEqual(io.stderrLines.count, 2)
        for line in io.stderrLines {
            XCTAssertTrue(line.range(of: #"^\[[12]/2\] wrote .*tablet-pen-house-sketch-7-[12]\.png \(\d+\.\d\d s\)$"#, options: .regularExpression) != nil, line)
        }
        XCTAssertEqual(io.stdout.split(separator: "\n").count, 2)
        for (index, name) in names.enumerated() {
            let recipe = try Recipe.read(from: dir.appendingPathComponent(name))
            XCTAssertEqual(recipe.style, .sketch)
            XCTAssertEqual(recipe.seed, 7)
            XCTAssertEqual(recipe.variation, index)
            XCTAssertEqual(recipe.size.width, 512)
            XCTAssertEqual(recipe.concepts.first, .text("a cosy house under a spring sky"))
            XCTAssertNotNil(recipe.drawing)
        }
    }

    /// A size the engine does not make is replaced by the closest it makes, and render says so
    /// (it wrote 1024² for `--size 2048x2048` without a word).
    func testASizeTheEngineDoesNotMakeIsAnnounced() async throws {
        let dir = try temporaryDirectory().appendingPathComponent("out")
        let (status, io) = await inkling("render", repoPath("Strokes/single-tap.json"), "--prompt", "a red kite", "--size", "2048x2048", "-o", dir.path)
        XCTAssertEqual(status, 0, io.stderrLines.joined(separator: "\n"))
        XCTAssertEqual(io.stderrLines.first, "inkling render: notice: the builtin engine makes no 2048x2048 images: 1024x1024, the closest size it makes, is used")
        let recipe = try Recipe.read(from: dir.appendingPathComponent("single-tap-illustration-0-1.png"))
        XCTAssertEqual([recipe.size.width, recipe.size.height], [1024, 1024])
    }

    func testInspectAndReplay() async throws {
        let dir = try temporaryDirectory()
        let first = dir.appendingPathComponent("a")
        let (status, io) = await inkling("render", house, "--prompt", "a red barn", "--size", "512x512", "--seed", "3",
                                         "--strength", "0.8", "-o", first.path)
        XCTAssertEqual(status, 0, io.stderrLines.joined(separator: "\n"))
        let png = first.appendingPathComponent("tablet-pen-house-illustration-3-1.png")

        let inspect = await inkling("inspect", png.path)
        XCTAssertEqual(inspect.status, 0)
        XCTAssertTrue(inspect.io.stdout.contains("style        illustration"), inspect.io.stdout)
        XCTAssertTrue(inspect.io.stdout.contains("strength 0.8"), inspect.io.stdout)
        XCTAssertTrue(inspect.io.stdout.contains("prompt       \"a red barn\""), inspect.io.stdout)
        let json = await inkling("inspect", "--json", png.path)
        XCTAssertEqual(try Recipe(json: json.io.stdout.trimmingCharacters(in: .newlines)), try Recipe.read(from: png))

        let second = dir.appendingPathComponent("b")
        let replay = await inkling("render", "--replay", png.path, "-o", second.path)
        XCTAssertEqual(replay.status, 0, replay.io.stderrLines.joined(separator: "\n"))
        let again = second.appendingPathComponent(png.lastPathComponent)
        XCTAssertEqual(try Data(contentsOf: again), try Data(contentsOf: png), "replay is byte-identical")

        let refused = await inkling("render", "--replay", png.path, "-o", second.path)
        XCTAssertEqual(refused.status, ExitCode.io.rawValue)
        XCTAssertTrue(refused.io.stderrLines.first?.contains("--overwrite") == true)
    }

    /// A file written before 2026-12-03 (zlib level 2, adaptive row filters) replays byte for
    /// byte too: replay writes with the encoding the file's zlib header names.
    func testReplayOfAFileWrittenWithTheEarlierEncoding() async throws {
        let dir = try temporaryDirectory()
        let first = dir.appendingPathComponent("a")
        let (status, io) = await inkling("render", house, "--prompt", "a lighthouse", "--size", "512x512", "--seed", "5",
                                         "--style", "sketch", "-o", first.path)
        XCTAssertEqual(status, 0, io.stderrLines.joined(separator: "\n"))
        let png = first.appendingPathComponent("tablet-pen-house-sketch-5-1.png")
        let current = try PNGCodec.decode(Array(try Data(contentsOf: png)))
        XCTAssertEqual(PNGCodec.zlibLevelClass(of: Array(try Data(contentsOf: png))), 0, "results are written at zlib level 1")
        // The same pixels and recipe as the earlier encoder wrote them.
        let earlier = try OutputEncoding.level2Adaptive.encode(current)
        XCTAssertNotEqual(earlier, Array(try Data(contentsOf: png)))
        let old = dir.appendingPathComponent("old")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        let oldPNG = old.appendingPathComponent(png.lastPathComponent)
        try Data(earlier).write(to: oldPNG)

        let second = dir.appendingPathComponent("b")
        let replay = await inkling("render", "--replay", oldPNG.path, "-o", second.path)
        XCTAssertEqual(replay.status, 0, replay.io.stderrLines.joined(separator: "\n"))
        let again = Array(try Data(contentsOf: second.appendingPathComponent(png.lastPathComponent)))
        // Compared whole, reported short (the files are megabytes).
        XCTAssertTrue(again == earlier, "the earlier file comes back byte for byte: \(again.count) bytes against \(earlier.count), "
                      + "zlib level class \(PNGCodec.zlibLevelClass(of: again).map(String.init) ?? "none")")
    }

    /// `inspect` offers a replay line only for images replay can paint again.
    func testInspectOffersReplayOnlyWhenItCanWork() async throws {
        let dir = try temporaryDirectory()
        let (status, io) = await inkling("render", house, "--prompt", "a barn", "--size", "512x512", "-o", dir.path)
        XCTAssertEqual(status, 0, io.stderrLines.joined(separator: "\n"))
        let png = dir.appendingPathComponent("tablet-pen-house-illustration-0-1.png")
        let builtin = await inkling("inspect", png.path)
        XCTAssertTrue(builtin.io.stdout.contains("replay       inkling render --replay"), builtin.io.stdout)
        // The same image as a ComfyUI server's: its recipe names that engine.
        var recipe = try Recipe.read(from: png)
        recipe.engine = "comfyui"
        let document = try PNGFile.read(from: png)
        let remote = dir.appendingPathComponent("remote.png")
        try PNGFile.write(PNGDocument(image: document.image, text: recipe.textChunks()), to: remote)
        let inspected = await inkling("inspect", remote.path)
        XCTAssertTrue(inspected.io.stdout.contains("replay       not possible: made by the comfyui engine; only images of the builtin engine can be replayed here"),
                      inspected.io.stdout)
        let replay = await inkling("render", "--replay", remote.path, "-o", dir.appendingPathComponent("again").path)
        XCTAssertEqual(replay.status, ExitCode.failure.rawValue)
        XCTAssertTrue(replay.io.stderrLines.first?.contains("made by the comfyui engine") == true, replay.io.stderrLines.joined())
    }

    func testEmojiWritesAnImageSetFolder() async throws {
        let dir = try temporaryDirectory()
        let (status, io) = await inkling("render", house, "--prompt", "a happy house", "--style", "emoji", "--size", "512x512", "-o", dir.path)
        XCTAssertEqual(status, 0, io.stderrLines.joined(separator: "\n"))
        let folder = dir.appendingPathComponent("tablet-pen-house-emoji-0-1")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(names, ["emoji-160.png", "emoji-320.png", "emoji-40.png", "emoji-64.png", "emoji-96.png", "emoji.json"])
        XCTAssertEqual(try PNGFile.read(from: folder.appendingPathComponent("emoji-40.png")).image.width, 40)
        XCTAssertEqual(try Recipe.read(from: folder.appendingPathComponent("emoji-320.png")).style, .emoji)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["tablet-pen-house-emoji-0-1"])
    }

    func testExistingOutputIsRefusedBeforeWork() async throws {
        let dir = try temporaryDirectory()
        let taken = dir.appendingPathComponent("tablet-pen-house-sketch-0-1.png")
        try Data("keep me".utf8).write(to: taken)
        let (status, io) = await inkling("render", house, "--prompt", "a house", "--style", "sketch", "-o", dir.path)
        XCTAssertEqual(status, ExitCode.io.rawValue)
        XCTAssertTrue(io.stderrLines.first?.contains("already exists") == true, io.stderrLines.joined())
        XCTAssertEqual(try String(contentsOf: taken, encoding: .utf8), "keep me")
    }

    func testInspectRejectsAPNGWithoutARecipe() async throws {
        let dir = try temporaryDirectory()
        let plain = dir.appendingPathComponent("plain.png")
        try PNGFile.write(PNGDocument(image: RasterImage(width: 2, height: 2, format: .gray)), to: plain)
        let (status, io) = await inkling("inspect", plain.path)
        XCTAssertEqual(status, ExitCode.inputRejected.rawValue)
        XCTAssertTrue(io.stderrLines.first?.contains("no inkling:recipe chunk") == true, io.stderrLines.joined())
        let missing = await inkling("inspect", dir.appendingPathComponent("nope.png").path)
        XCTAssertEqual(missing.status, ExitCode.io.rawValue)
    }
}
