import Foundation
import InklingImageIO
import XCTest
@testable import InklingCLI

/// `inkling compare`: exit statuses 0 / 1 / 2, the heat map, JSON, and hostile inputs.
final class CompareCommandTests: XCTestCase {
    private func write(_ image: RasterImage, _ name: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try PNGFile.write(PNGDocument(image: image), to: url)
        return url.path
    }

    private func gradient(width: Int = 64, height: Int = 48) -> RasterImage {
        var image = RasterImage(width: width, height: height, format: .rgb)
        for i in 0..<(width * height) {
            image.pixels[3 * i] = UInt8(i % width * 4 % 256); image.pixels[3 * i + 1] = UInt8(i / width * 5 % 256); image.pixels[3 * i + 2] = 90
        }
        return image
    }

    func testIdenticalImagesPass() async throws {
        let dir = try temporaryDirectory()
        let a = try write(gradient(), "a.png", in: dir), b = try write(gradient(), "b.png", in: dir)
        let (status, io) = await inkling("compare", a, b)
        XCTAssertEqual(status, 0, io.stderrLines.joined())
        XCTAssertTrue(io.stdout.contains("PSNR       inf (identical)"), io.stdout)
        XCTAssertTrue(io.stdout.contains("SSIM       1.00000"), io.stdout)
        XCTAssertTrue(io.stdout.hasSuffix("PASS: at least 100% of pixels within ΔE 0\n"), io.stdout)
    }

    func testOneChangedPixelFailsAndWritesTheHeatMap() async throws {
        let dir = try temporaryDirectory()
        var changed = gradient()
        changed.pixels[3 * (10 * 64 + 10) + 2] = 200
        let a = try write(gradient(), "a.png", in: dir), b = try write(changed, "b.png", in: dir)
        let diff = dir.appendingPathComponent("diff.png")
        let (status, io) = await inkling("compare", a, b, "--diff", diff.path)
        XCTAssertEqual(status, 1)
        XCTAssertTrue(io.stdout.contains("FAIL: 0.0326% of pixels differ by more than ΔE 0"), io.stdout)
        let map = try PNGFile.read(from: diff).image
        XCTAssertEqual([map.width, map.height], [64, 48])
        XCTAssertEqual(io.stderrLines, ["wrote \(diff.path)"])
        // With room for one pixel in 3,072 it passes.
        let lenient = await inkling("compare", a, b, "--precision", "0.999")
        XCTAssertEqual(lenient.status, 0, lenient.io.stdout)
    }

    func testJSONReport() async throws {
        let dir = try temporaryDirectory()
        let a = try write(gradient(), "a.png", in: dir)
        var noisy = gradient()
        for i in stride(from: 0, to: noisy.pixels.count, by: 7) { noisy.pixels[i] &+= 1 }
        let b = try write(noisy, "b.png", in: dir)
        let (status, io) = await inkling("compare", a, b, "--json", "--perceptual-precision", "0.98")
        XCTAssertEqual(status, 0, io.stdout)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(io.stdout.utf8)) as? [String: Any])
        let comparison = try XCTUnwrap(object["comparison"] as? [String: Any])
        XCTAssertEqual(comparison["passed"] as? Bool, true)
        XCTAssertEqual(comparison["deltaEThreshold"] as? Double ?? -1, 2, accuracy: 1e-9)
        XCTAssertEqual((comparison["ssimChannels"] as? [Double])?.count, 3)
        XCTAssertGreaterThan(comparison["psnr"] as? Double ?? 0, 30)
        XCTAssertEqual(object["reference"] as? String, a)
    }

    func testTroubleExitsTwoWithOneLine() async throws {
        let dir = try temporaryDirectory()
        let a = try write(gradient(), "a.png", in: dir)
        let other = try write(gradient(width: 65), "other.png", in: dir)
        let truncated = dir.appendingPathComponent("truncated.png")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: a))
        try bytes.prefix(bytes.count / 2).write(to: truncated)
        let text = dir.appendingPathComponent("notes.png")
        try Data("not an image".utf8).write(to: text)
        let cases: [([String], String)] = [
            ([a, other], "differ in size (64x48 and 65x48)"),
            ([a, "/nonexistent/b.png"], "/nonexistent/b.png"),
            ([a, truncated.path], "truncated.png"),
            ([a, text.path], "notes.png"),
            ([a, a, "--precision", "2"], "precision must be a number within 0…1"),
            ([a, a, "--perceptual-precision", "high"], "--perceptual-precision"),
            ([a], "missing"),
            (["-", a], "standard input"),
        ]
        for (arguments, fragment) in cases {
            let (status, io) = await inkling(["compare"] + arguments)
            XCTAssertEqual(status, 2, "\(arguments): \(io.stderrLines)")
            XCTAssertEqual(io.stderrLines.count, 1, "\(arguments)")
            XCTAssertTrue(io.stderrLines.first?.contains(fragment) ?? false, "\(arguments): \(io.stderrLines)")
            XCTAssertEqual(io.stdout, "", "\(arguments)")
        }
    }

    func testUnwritableDiffIsTroubleAndLeavesNothing() async throws {
        let dir = try temporaryDirectory()
        let a = try write(gradient(), "a.png", in: dir)
        let target = dir.appendingPathComponent("missing-dir/diff.png")
        let (status, io) = await inkling("compare", a, a, "--diff", target.path)
        XCTAssertEqual(status, 2)
        XCTAssertTrue(io.stderrLines.first?.contains("cannot write") ?? false, "\(io.stderrLines)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: target.deletingLastPathComponent().path))
    }
}
