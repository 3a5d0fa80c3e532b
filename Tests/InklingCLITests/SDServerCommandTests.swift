import Foundation
import InklingEngineFakes
import InklingImageIO
import InklingOutputs
import XCTest
@testable import InklingCLI

/// `inkling render --engine sdcpp` through a configuration naming the `sd-server` flavour,
/// against a loopback fake that reads requests as stable-diffusion.cpp's server does.
final class SDServerCommandTests: XCTestCase {
    private let house = repoPath("Strokes/tablet-pen-house.json")

    private func config(_ url: URL) throws -> String {
        let text = """
        {"version": 1, "engines": {"sdcpp": {"kind": "openai", "flavor": "sd-server", "endpoint": "\(url.absoluteString)", "sizes": ["128x128"],
         "models": {"controlNet": "control_v11p_sd15_scribble.safetensors"}, "defaults": {"steps": 4}}}}
        """
        let file = try temporaryDirectory().appendingPathComponent("engines.json")
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// Renders two variations at seed 5 and returns their pixels and the notices.
    private func render(_ fake: FakeSDServer, prompt: String, extra: [String] = []) async throws -> ([[UInt8]], [String]) {
        let dir = try temporaryDirectory().appendingPathComponent("out")
        let (status, io) = await inkling(["render", house, "--prompt", prompt, "--seed", "5", "--limit", "2", "--engine", "sdcpp",
                                          "--config", try config(fake.server.baseURL), "-o", dir.path] + extra)
        XCTAssertEqual(status, 0, "\(io.stderrLines)")
        let names = ["tablet-pen-house-illustration-5-1.png", "tablet-pen-house-illustration-5-2.png"]
        let images = try names.map { try PNGFile.read(from: dir.appendingPathComponent($0)).image.pixels }
        return (images, io.stderrLines.filter { $0.contains("notice:") })
    }

    func testLimitTwoSeedFiveGivesTwoReproducibleImagesThatFollowThePrompt() async throws {
        let fake = try FakeSDServer()
        let (first, notices) = try await render(fake, prompt: "a cosy house", extra: ["--style", "illustration"])
        XCTAssertEqual(fake.violations, [])
        XCTAssertEqual(fake.generations.map(\.seed).sorted(), [5, 6])
        XCTAssertEqual(fake.generations.map(\.hadMask), [false, false])
        XCTAssertEqual(Set(fake.generations.map(\.sampling.steps)), [4], "the configured steps, nested where sd-server reads them, ran")
        XCTAssertEqual(Set(fake.generations.map(\.appliedControl)), [true], "the sketch is ControlNet guidance")
        XCTAssertNotEqual(first[0], first[1], "two different images")
        XCTAssertFalse(notices.contains { $0.contains("seed") || $0.contains("reproducible") }, "\(notices)")

        let again = try FakeSDServer()
        let (replayed, _) = try await render(again, prompt: "a cosy house", extra: ["--style", "illustration"])
        XCTAssertEqual(replayed, first, "the same command paints the same images")
        let other = try FakeSDServer()
        let (barn, _) = try await render(other, prompt: "a red barn", extra: ["--style", "illustration"])
        XCTAssertNotEqual(barn[0], first[0], "another prompt, another image")
    }

    func testTheSketchStrengthReachesTheServer() async throws {
        let fake = try FakeSDServer()
        _ = try await render(fake, prompt: "a cosy house", extra: ["--style", "illustration", "--strength", "0.35"])
        XCTAssertEqual(Set(fake.generations.compactMap { $0.extraArguments["control_strength"]?.double }), [0.35])
        let none = try FakeSDServer()
        let (_, notices) = try await render(none, prompt: "a cosy house", extra: ["--style", "illustration", "--strength", "0"])
        XCTAssertEqual(none.generations.map(\.hadImage), [false, false])
        XCTAssertEqual(none.generations.compactMap { $0.extraArguments["control_image"] }.count, 0, "strength 0 sends no sketch")
        XCTAssertEqual(notices, [])
    }
}
