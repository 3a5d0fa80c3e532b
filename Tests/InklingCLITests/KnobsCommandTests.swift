import InklingBase
import Foundation
import InklingEngineFakes
import InklingEngines
import InklingImageIO
import InklingOutputs
import XCTest
@testable import InklingCLI

/// `render --negative-prompt --steps --cfg --sampler --scheduler --encoding` reach a loopback
/// ComfyUI, are recorded in the recipe, and bad values are refused before any request.
final class KnobsCommandTests: XCTestCase {
    private let house = repoPath("Strokes/tablet-pen-house.json")

    private func config(_ url: URL) throws -> String {
        let text = """
        {"version": 1, "engines": {"comfyui": {"kind": "comfyui", "endpoint": "\(url.absoluteString)", "sizes": ["128x96"],
         "models": {"checkpoint": "sd_xl_base_1.0.safetensors", "controlNet": "controlnet-scribble-sdxl-1.0.safetensors"},
         "defaults": {"steps": 6, "negativePrompt": "configured negative"}}}}
        """
        let url = try temporaryDirectory().appendingPathComponent("engines.json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func node(_ workflow: JSONValue, _ type: String) -> JSONValue? {
        workflow.object?.values.first { $0["class_type"]?.string == type }?["inputs"]
    }

    /// The mean of the uploaded guidance map (0 black … 255 white).
    private func guideMean(_ fake: FakeComfyUI) throws -> Double {
        let png = try XCTUnwrap(fake.uploads.first { $0.key.contains("-guide") }?.value)
        let image = try PNGCodec.decode(png).image.converted(to: .gray)
        return Double(image.pixels.reduce(0) { $0 + Int($1) }) / Double(image.pixels.count)
    }

    func testEveryKnobReachesTheWorkflow() async throws {
        let fake = try FakeComfyUI()
        let path = try config(fake.server.baseURL)
        let dir = try temporaryDirectory()
        let (status, io) = await inkling([
            "render", house, "--prompt", "a cosy house", "--seed", "5", "--config", path, "--engine", "comfyui", "-o", dir.path,
            "--negative-prompt", "no people", "--steps", "9", "--cfg", "4.5", "--sampler", "dpmpp_2m", "--scheduler", "karras",
            "--encoding", "scribble-inverted",
        ])
        XCTAssertEqual(status, 0, io.stderrLines.joined(separator: "\n"))
        XCTAssertEqual(fake.violations, [])
        let workflow = try XCTUnwrap(fake.workflows.last)
        let sampler = try XCTUnwrap(node(workflow, "KSampler"))
        XCTAssertEqual(sampler["steps"]?.int, 9)
        XCTAssertEqual(sampler["cfg"]?.double, 4.5)
        XCTAssertEqual(sampler["sampler_name"]?.string, "dpmpp_2m")
        XCTAssertEqual(sampler["scheduler"]?.string, "karras")
        XCTAssertEqual(workflow["3"]?["inputs"]?["text"]?.string, "no people", "the negative CLIPTextEncode")
        XCTAssertGreaterThan(try guideMean(fake), 200, "black lines on white: mostly white")

        let recipe = try Recipe.read(from: dir.appendingPathComponent("tablet-pen-house-illustration-5-1.png"))
        XCTAssertEqual(recipe.sampling.steps, 9)
        XCTAssertEqual(recipe.sampling.sampler, "dpmpp_2m")
        XCTAssertEqual(recipe.sampling.negativePrompt, "no people")
        XCTAssertEqual(recipe.guidance.encoding.description, "scribble-inverted")

        let png = dir.appendingPathComponent("tablet-pen-house-illustration-5-1.png").path
        let inspected = await inkling(["inspect", png])
        XCTAssertTrue(inspected.io.stdout.contains("sampling     negative prompt \"no people\", 9 steps, CFG 4.5, sampler dpmpp_2m, scheduler karras"),
                      inspected.io.stdout)
        XCTAssertTrue(inspected.io.stdout.contains("scribble-inverted encoding"), inspected.io.stdout)
    }

    func testWithoutKnobsTheConfigurationDecides() async throws {
        let fake = try FakeComfyUI()
        let path = try config(fake.server.baseURL)
        let dir = try temporaryDirectory()
        let (status, io) = await inkling(["render", house, "--prompt", "a cosy house", "--config", path, "--engine", "comfyui", "-o", dir.path])
        XCTAssertEqual(status, 0, io.stderrLines.joined(separator: "\n"))
        let workflow = try XCTUnwrap(fake.workflows.last)
        XCTAssertEqual(node(workflow, "KSampler")?["steps"]?.int, 6)
        XCTAssertEqual(node(workflow, "KSampler")?["sampler_name"]?.string, "euler")
        XCTAssertEqual(workflow["3"]?["inputs"]?["text"]?.string, "configured negative")
        XCTAssertLessThan(try guideMean(fake), 60, "white lines on black: mostly black")
    }

    func testBadValuesAreRefusedBeforeAnyRequest() async throws {
        let fake = try FakeComfyUI()
        let path = try config(fake.server.baseURL)
        let dir = try temporaryDirectory()
        for (flags, fragment) in [(["--steps", "0"], "--steps must be within 1…150, got 0"),
                                  (["--cfg", "31"], "--cfg must be within 0…30, got 31"),
                                  (["--sampler", " "], "--sampler expected a sampler name as the server spells it"),
                                  (["--encoding", "lineart"], "--encoding")] {
            let (status, io) = await inkling(["render", house, "--prompt", "a cosy house", "--config", path, "--engine", "comfyui", "-o", dir.path] + flags)
            XCTAssertEqual(status, ExitCode.usage.rawValue, "\(flags)")
            XCTAssertEqual(io.stderrLines.count, 1, "\(flags): \(io.stderrLines)")
            XCTAssertTrue(io.stderrLines.first?.contains(fragment) == true, "\(flags): \(io.stderrLines)")
        }
        XCTAssertEqual(fake.server.requests.count, 0, "nothing reached the server")
    }

    func testHelpNamesTheKnobs() async {
        let (status, io) = await inkling(["render", "--help"])
        XCTAssertEqual(status, 0)
        let help = io.stdout
        for flag in ["--negative-prompt", "--steps", "--cfg", "--sampler", "--scheduler", "--encoding"] {
            XCTAssertTrue(help.contains(flag), flag)
        }
        XCTAssertTrue(help.contains("scribble-inverted"))
    }
}
