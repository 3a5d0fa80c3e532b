import Foundation
import InklingConditioning
import InklingEngineFakes
import InklingEngines
import InklingImageIO
import InklingRemoteEngines
import XCTest

/// A user's own ComfyUI workflow ("Save (API)" export, docs/examples/comfyui-sketch-workflow.json,
/// shaped like prompts ComfyUI 0.3.64 accepted): filled per request, checked before queueing.
final class ComfyUIUserWorkflowTests: XCTestCase {
    private static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/examples").standardized.path
    private static let exportedWorkflow = examples + "/comfyui-sketch-workflow.json"

    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "inkling-workflow-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The fake with the models the exported workflow names.
    private func fake() throws -> FakeComfyUI {
        try FakeComfyUI(checkpoints: ["sd15-random.safetensors"], controlNets: ["sd15-controlnet-random.safetensors"])
    }

    /// The documented example configuration, pointed at `fake`.
    private func exampleEngine(_ fake: FakeComfyUI) throws -> ComfyUIEngine {
        let configuration = try EngineConfiguration.read(path: Self.examples + "/comfyui-sketch-engines.json")
        var entry = try XCTUnwrap(configuration.entry(named: "my-comfy"))
        entry.endpoint = fake.server.baseURL
        entry.endpoints = [fake.server.baseURL]
        entry.defaults.steps = 8
        return ComfyUIEngine(entry: entry)
    }

    /// A configuration in the temporary folder using `workflow` (written as `flow.json`) with `inputs`.
    private func configure(workflow: String, inputs: String) throws -> EngineConfiguration {
        try workflow.write(toFile: folder + "/flow.json", atomically: true, encoding: .utf8)
        let text = #"{"engines": {"mine": {"kind": "comfyui", "endpoint": "http://127.0.0.1:8188", "models": {"checkpoint": "sd15-random.safetensors"}, "#
            + #""workflow": {"file": "flow.json", "inputs": "# + inputs + "}}}}"
        try text.write(toFile: folder + "/engines.json", atomically: true, encoding: .utf8)
        return try EngineConfiguration.read(path: folder + "/engines.json")
    }

    private func exported() throws -> String { try String(contentsOfFile: Self.exportedWorkflow, encoding: .utf8) }

    private static let standardInputs = #"{"prompt": "6.text", "guidanceImage": "11.image", "seed": "3.seed", "controlStrength": "12.strength"}"#

    /// The message of the configuration error `body` throws.
    private func configurationError(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            try body()
            XCTFail("expected a configuration error", file: file, line: line)
        } catch {
            let message = String(describing: error)
            XCTAssertTrue(error is EngineConfigurationError, message, file: file, line: line)
            XCTAssertFalse(message.contains("\n"), "one line: \(message)", file: file, line: line)
            return message
        }
        return ""
    }

    func testTheExportedWorkflowRendersWithTheSketchInIt() async throws {
        let fake = try fake()
        let conditioning = RemoteFixtures.conditioning(strength: 0.8, mode: .balanced, seed: 7)
        let image = try await exampleEngine(fake).generate(conditioning, variation: 1)

        XCTAssertEqual(fake.violations, [])
        XCTAssertEqual([image.width, image.height], [128, 96])
        let guide = conditioning.guidance!.image.converted(to: .gray)
        XCTAssertEqual((0..<(128 * 96)).map { image.pixels[3 * $0] }, guide.pixels, "the uploaded sketch came back in red: the ControlNet got it")
        XCTAssertEqual(image.pixels[1], 8, "seed 7 + variation 1")
        let workflow = try XCTUnwrap(fake.workflows.last)
        XCTAssertEqual(Set(workflow.object?.keys ?? [:].keys), ["3", "4", "5", "6", "7", "8", "9", "10", "11", "12"], "the user's nodes, no others")
        let prompt = try XCTUnwrap(workflow["6"]?["inputs"]?["text"]?.string)
        XCTAssertTrue(prompt.hasSuffix("editorial illustration, ink lines over watercolour washes"), prompt)
        XCTAssertNotEqual(prompt, "a cosy house, watercolour", "the exported text was replaced")
        XCTAssertEqual(workflow["7"]?["inputs"]?["text"]?.string, EngineEntry(name: "x", kind: .comfyui, endpoint: fake.server.baseURL).defaults.negativePrompt)
        XCTAssertEqual(workflow["3"]?["inputs"]?["seed"]?.int, 8)
        XCTAssertEqual(workflow["3"]?["inputs"]?["steps"]?.int, 20, "what the configuration does not name stays as exported")
        XCTAssertEqual(workflow["5"]?["inputs"]?["width"]?.int, 128)
        XCTAssertEqual(workflow["5"]?["inputs"]?["height"]?.int, 96)
        XCTAssertEqual(workflow["12"]?["inputs"]?["strength"]?.double, 0.8)
        XCTAssertEqual(workflow["12"]?["inputs"]?["start_percent"]?.double, 0.1)
        XCTAssertEqual(workflow["12"]?["inputs"]?["end_percent"]?.double, 0.7)
        let stored = try XCTUnwrap(fake.uploads.keys.first { $0.hasSuffix("-guide (1).png") })
        XCTAssertEqual(workflow["11"]?["inputs"]?["image"]?.string, "\(stored) [temp]", "the exported sketch.png replaced by the upload")
        XCTAssertEqual(workflow["9"]?["class_type"]?.string, "PreviewImage", "SaveImage became a temporary output")
        XCTAssertNil(workflow["9"]?["inputs"]?["filename_prefix"])
        XCTAssertEqual(fake.remains.output, [], "nothing kept in output/")
        XCTAssertEqual(fake.remains.history, [], "the history entry was deleted")
    }

    func testTheRequestsSamplingKnobsGoWhereTheConfigurationSays() async throws {
        let fake = try fake()
        let configuration = try configure(workflow: try exported(), inputs: #"{"prompt": "6.text", "negativePrompt": "7.text", "guidanceImage": "11.image", "#
            + #""steps": "3.steps", "cfgScale": "3.cfg", "sampler": "KSampler.sampler_name"}"#)
        var entry = try XCTUnwrap(configuration.entry(named: "mine"))
        entry.endpoint = fake.server.baseURL
        entry.endpoints = [fake.server.baseURL]
        entry.sizes = [RemoteFixtures.size]
        let engine = ComfyUIEngine(entry: entry)
        var conditioning = RemoteFixtures.conditioning()
        conditioning.sampling = SamplingOverrides(negativePrompt: "no people", steps: 3, cfgScale: 4.5, sampler: "dpmpp_2m", scheduler: "karras")
        XCTAssertEqual(engine.notices(for: conditioning), [
            "the mine engine's workflow \(folder!)/flow.json has no place for scheduler (map them under workflow.inputs), so the workflow's own values are used",
        ])
        _ = try await engine.generate(conditioning, variation: 0)
        XCTAssertEqual(fake.violations, [])
        let sampler = try XCTUnwrap(fake.workflows.last?["3"]?["inputs"])
        XCTAssertEqual(fake.workflows.last?["7"]?["inputs"]?["text"]?.string, "no people")
        XCTAssertEqual(sampler["steps"]?.int, 3)
        XCTAssertEqual(sampler["cfg"]?.double, 4.5)
        XCTAssertEqual(sampler["sampler_name"]?.string, "dpmpp_2m")
        XCTAssertEqual(sampler["scheduler"]?.string, "normal", "no place was named for it: the exported value stays")

        // A sampler or scheduler the workflow has no place for is announced as unused and is
        // not checked either (issue 34: "Euler a" was announced unused, then failed the render).
        var unusedNames = RemoteFixtures.conditioning()
        unusedNames.sampling = SamplingOverrides(scheduler: "Automatic")
        _ = try await engine.generate(unusedNames, variation: 0)
        XCTAssertEqual(fake.workflows.last?["3"]?["inputs"]?["scheduler"]?.string, "normal")
        let noSampler = try configure(workflow: try exported(), inputs: #"{"prompt": "6.text", "guidanceImage": "11.image"}"#)
        var plain = try XCTUnwrap(noSampler.entry(named: "mine"))
        plain.endpoint = fake.server.baseURL
        plain.endpoints = [fake.server.baseURL]
        plain.sizes = [RemoteFixtures.size]
        var aliased = RemoteFixtures.conditioning()
        aliased.sampling = SamplingOverrides(sampler: "Euler a")
        XCTAssertEqual(ComfyUIEngine(entry: plain).notices(for: aliased).count, 1)
        _ = try await ComfyUIEngine(entry: plain).generate(aliased, variation: 0)
        XCTAssertEqual(fake.workflows.last?["3"]?["inputs"]?["sampler_name"]?.string, "euler", "the workflow's own sampler ran")

        // Without knobs in the request, the workflow keeps its own sampling.
        _ = try await engine.generate(RemoteFixtures.conditioning(), variation: 0)
        let exported = try XCTUnwrap(fake.workflows.last?["3"]?["inputs"])
        XCTAssertEqual([exported["steps"]?.int, exported["cfg"]?.int], [20, 7])
        XCTAssertEqual(exported["sampler_name"]?.string, "euler")
        XCTAssertEqual(engine.notices(for: RemoteFixtures.conditioning()), [])
    }

    func testWithoutASketchTheControlNetGetsABlankMapAtStrengthZero() async throws {
        let fake = try fake()
        let image = try await exampleEngine(fake).generate(RemoteFixtures.conditioning(drawing: false), variation: 0)
        XCTAssertEqual(fake.violations, [])
        let workflow = try XCTUnwrap(fake.workflows.last)
        XCTAssertEqual(workflow["12"]?["inputs"]?["strength"]?.double, 0)
        XCTAssertTrue(workflow["11"]?["inputs"]?["image"]?.string?.hasSuffix("[temp]") ?? false, "a blank upload, not the exported sketch.png")
        XCTAssertEqual(Set((0..<(128 * 96)).map { image.pixels[3 * $0] }), [0], "the blank map came back black")
    }

    func testTheClassesAreFetchedOncePerEngine() async throws {
        let fake = try fake()
        let engine = try exampleEngine(fake)
        _ = try await engine.generate(RemoteFixtures.conditioning(), variation: 0)
        let first = fake.server.requests.filter { $0.path.hasPrefix("/object_info/") }.count
        XCTAssertEqual(first, 9, "one GET /object_info/{class} per class of the workflow")
        _ = try await engine.generate(RemoteFixtures.conditioning(), variation: 1)
        XCTAssertEqual(fake.server.requests.filter { $0.path.hasPrefix("/object_info/") }.count, first)
    }

    func testTitlesNameNodesAndAPromptBodyIsReadToo() throws {
        let body = #"{"client_id": "x", "prompt": "# + (try exported()) + "}"
        let configuration = try configure(workflow: body, inputs: #"{"prompt": "Positive Prompt.text", "guidanceImage": "Sketch.image", "controlEnd": "Apply ControlNet.end_percent"}"#)
        let workflow = try XCTUnwrap(configuration.entry(named: "mine")?.workflow)
        XCTAssertEqual(workflow.targets[.prompt], ComfyUIWorkflowTarget(node: "6", input: "text"))
        XCTAssertEqual(workflow.targets[.guidanceImage], ComfyUIWorkflowTarget(node: "11", input: "image"))
        XCTAssertEqual(workflow.targets[.controlEnd], ComfyUIWorkflowTarget(node: "12", input: "end_percent"))
        XCTAssertEqual(workflow.output, "9", "the one image output, found without being named")
        XCTAssertEqual(workflow.path, folder + "/flow.json", "relative to the configuration's folder")
    }

    func testMissingNodesAndInputsAreErrorsWhenTheConfigurationIsRead() throws {
        let workflow = try exported()
        var message = configurationError { _ = try configure(workflow: workflow, inputs: #"{"prompt": "13.text"}"#) }
        XCTAssertTrue(message.contains("engines.mine.workflow.inputs.prompt"), message)
        XCTAssertTrue(message.contains("no node with id or title \"13\""), message)
        message = configurationError { _ = try configure(workflow: workflow, inputs: #"{"prompt": "Positive Promt.text"}"#) }
        XCTAssertTrue(message.contains("did you mean \"Positive Prompt\"?"), message)
        message = configurationError { _ = try configure(workflow: workflow, inputs: #"{"prompt": "6.txt"}"#) }
        XCTAssertTrue(message.contains("node 6 (CLIPTextEncode \"Positive Prompt\")"), message)
        XCTAssertTrue(message.contains("has no input \"txt\""), message)
        XCTAssertTrue(message.contains("did you mean \"text\"?"), message)
        message = configurationError { _ = try configure(workflow: workflow, inputs: #"{"prompt": "6.clip"}"#) }
        XCTAssertTrue(message.contains("linked to another node's output"), message)
        message = configurationError { _ = try configure(workflow: workflow, inputs: #"{"prompt": "6.text", "guidanceImage": "12.strength"}"#) }
        XCTAssertTrue(message.contains("is not a LoadImage node"), message)
        message = configurationError { _ = try configure(workflow: workflow, inputs: #"{"promt": "6.text"}"#) }
        XCTAssertTrue(message.contains("did you mean \"prompt\"?"), message)
        message = configurationError { _ = try configure(workflow: workflow, inputs: #"{"seed": "3.seed"}"#) }
        XCTAssertTrue(message.contains("missing \"prompt\""), message)
        message = configurationError { _ = try configure(workflow: workflow, inputs: #"{"prompt": "6.text", "output": "99"}"#) }
        XCTAssertTrue(message.contains("inputs.output"), message)
        message = configurationError { _ = try configure(workflow: workflow, inputs: #"{"prompt": "text"}"#) }
        XCTAssertTrue(message.contains("expected \"node.input\""), message)
        let twice = workflow.replacingOccurrences(of: #""title": "Negative Prompt""#, with: #""title": "Positive Prompt""#)
        message = configurationError { _ = try configure(workflow: twice, inputs: #"{"prompt": "Positive Prompt.text"}"#) }
        XCTAssertTrue(message.contains("2 nodes of") && message.contains("name one by id"), message)
    }

    func testHostileWorkflowFilesGetOneLineErrors() throws {
        let inputs = #"{"prompt": "6.text"}"#
        let cases: [(String, String)] = [
            (String(repeating: "[", count: 100_000), "flow.json: expected at most 32 levels of nesting, got deeper at byte 32"),
            ("{\"6\": ", "flow.json: expected more JSON, got the end of the input (truncated document) at byte 6"),
            ("[]", "expected a JSON object of nodes"),
            ("{}", "the workflow has no nodes"),
            (#"{"6": 5}"#, "node 6 is not an object"),
            (#"{"6": {"inputs": {"text": "x"}}}"#, "node 6 has no class_type"),
            (#"{"6": {"class_type": "CLIPTextEncode"}}"#, "has no inputs object"),
            (#"{"last_node_id": 9, "nodes": [], "links": []}"#, "UI format"),
            ("{" + (0..<2001).map { #""\#($0)": {"class_type": "X", "inputs": {}}"# }.joined(separator: ",") + "}", "over the limit of 2000"),
        ]
        for (text, expected) in cases {
            let message = configurationError { _ = try configure(workflow: text, inputs: inputs) }
            XCTAssertTrue(message.contains(expected), "\(expected) in \(message)")
            XCTAssertLessThan(message.count, 600, message)
        }
        let big = "{\"6\": {\"class_type\": \"CLIPTextEncode\", \"inputs\": {\"text\": \"" + String(repeating: "a", count: 3 << 20) + "\"}}}"
        var message = configurationError { _ = try configure(workflow: big, inputs: inputs) }
        XCTAssertTrue(message.contains("over") && message.contains("bytes"), message)
        try exported().write(toFile: folder + "/flow.json", atomically: true, encoding: .utf8)
        let text = #"{"engines": {"mine": {"kind": "comfyui", "endpoint": "http://127.0.0.1:8188", "models": {"checkpoint": "c"}, "workflow": {"file": "gone.json", "inputs": {"prompt": "6.text"}}}}}"#
        message = configurationError { _ = try EngineConfiguration.parse(Array(text.utf8), path: folder + "/engines.json") }
        XCTAssertTrue(message.contains("cannot read \(folder!)/gone.json"), message)
        XCTAssertEqual(mkfifo(folder + "/fifo.json", 0o600), 0)
        let fifo = text.replacingOccurrences(of: "gone.json", with: "fifo.json")
        message = configurationError { _ = try EngineConfiguration.parse(Array(fifo.utf8), path: folder + "/engines.json") }
        XCTAssertTrue(message.contains("cannot read \(folder!)/fifo.json"), "a FIFO is refused, not waited on: \(message)")
        message = configurationError { _ = try EngineConfiguration.parse(Array(text.replacingOccurrences(of: "comfyui", with: "automatic1111").utf8), path: "e.json") }
        XCTAssertTrue(message.contains("only a comfyui engine takes a workflow"), message)
    }

    func testAClassTheServerLacksIsNamedBeforeAnythingIsQueued() async throws {
        let fake = try fake()
        let workflow = try exported().replacingOccurrences(of: #""class_type": "VAEDecode""#, with: #""class_type": "TiledVAEDecodePlus""#)
        let configuration = try configure(workflow: workflow, inputs: Self.standardInputs)
        var entry = try XCTUnwrap(configuration.entry(named: "mine"))
        entry.endpoint = fake.server.baseURL
        entry.endpoints = [entry.endpoint]
        await RemoteFixtures.assertFails(["does not fit this server", "node 8 (TiledVAEDecodePlus \"VAE Decode\")", "no TiledVAEDecodePlus node class"]) {
            _ = try await ComfyUIEngine(entry: entry).generate(RemoteFixtures.conditioning(), variation: 0)
        }
        XCTAssertEqual(fake.workflows.count, 0, "nothing was queued")
    }

    func testValuesAndLinksTheServerWouldRefuseAreNamedWithTheirInput() async throws {
        let fake = try fake()
        let workflow = try exported()
            .replacingOccurrences(of: #""steps": 20"#, with: #""steps": 20000"#)
            .replacingOccurrences(of: #""sampler_name": "euler""#, with: #""sampler_name": "Euler a""#)
            .replacingOccurrences(of: #""vae": ["4", 2]"#, with: #""vae": ["4", 1]"#)
            .replacingOccurrences(of: #""samples": ["3", 0], "#, with: "")
        let configuration = try configure(workflow: workflow, inputs: Self.standardInputs)
        var entry = try XCTUnwrap(configuration.entry(named: "mine"))
        entry.endpoint = fake.server.baseURL
        entry.endpoints = [entry.endpoint]
        await RemoteFixtures.assertFails([
            "node 3 (KSampler \"KSampler\") input \"sampler_name\": the server has no \"Euler a\"",
            "node 3 (KSampler \"KSampler\") input \"steps\": 20000 is above the maximum 10000",
            "node 8 (VAEDecode \"VAE Decode\") input \"samples\": required, not given",
            "node 8 (VAEDecode \"VAE Decode\") input \"vae\": takes VAE, but output 1 of node 4 (CheckpointLoaderSimple \"Load Checkpoint\") gives CLIP",
        ]) {
            _ = try await ComfyUIEngine(entry: entry).generate(RemoteFixtures.conditioning(), variation: 0)
        }
        XCTAssertEqual(fake.workflows.count, 0, "nothing was queued")
    }

    func testDiagnoseChecksTheExportedGraphAgainstTheServer() async throws {
        let fake = try fake()
        let diagnosis = try await exampleEngine(fake).diagnose()
        XCTAssertEqual(diagnosis.availability, .available)
        XCTAssertEqual(diagnosis.reachable, true)
        XCTAssertEqual(diagnosis.models.map(\.name), ["CLIPTextEncode", "CheckpointLoaderSimple", "ControlNetApplyAdvanced", "ControlNetLoader",
                                                       "EmptyLatentImage", "KSampler", "LoadImage", "SaveImage", "VAEDecode"])
        XCTAssertEqual(Set(diagnosis.models.map(\.role)), ["node class"])
        XCTAssertEqual(Set(diagnosis.models.map(\.present)), [true])

        let lacking = try FakeComfyUI(checkpoints: ["other.safetensors"], controlNets: ["sd15-controlnet-random.safetensors"])
        guard case .unavailable(let reason) = try await exampleEngine(lacking).diagnose().availability else { return XCTFail("the checkpoint is missing") }
        XCTAssertTrue(reason.contains("node 4 (CheckpointLoaderSimple \"Load Checkpoint\") input \"ckpt_name\": the server has no \"sd15-random.safetensors\" (it has other.safetensors)"), reason)
        XCTAssertEqual(lacking.workflows.count, 0)
    }
}
