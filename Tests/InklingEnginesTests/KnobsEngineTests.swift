import InklingBase
import Foundation
import InklingConditioning
import InklingEngineFakes
import InklingEngines
import InklingGuidance
import InklingImageIO
import InklingRemoteEngines
import XCTest

/// A request's negative prompt, steps, CFG, sampler and scheduler reach each engine's payload in
/// place of the configuration's, and a sampler or scheduler the server lacks is refused, naming
/// the choices, before anything is uploaded or generated.
final class KnobsEngineTests: XCTestCase {
    private let knobs = SamplingOverrides(negativePrompt: "no people", steps: 12, cfgScale: 5.5, sampler: "dpmpp_2m", scheduler: "karras")

    private func conditioning(_ sampling: SamplingOverrides) -> Conditioning {
        var c = RemoteFixtures.conditioning()
        c.sampling = sampling
        return c
    }

    private func node(_ workflow: JSONValue, _ type: String) -> JSONValue? {
        workflow.object?.values.first { $0["class_type"]?.string == type }?["inputs"]
    }

    func testComfyUIWorkflowCarriesTheRequestsKnobs() async throws {
        let fake = try FakeComfyUI()
        let engine = ComfyUIEngine(entry: RemoteFixtures.entry(.comfyui, fake.server.baseURL))
        _ = try await engine.generate(conditioning(knobs), variation: 0)
        _ = try await engine.generate(conditioning(knobs), variation: 1)
        XCTAssertEqual(fake.violations, [])
        let sampler = try XCTUnwrap(fake.workflows.last.flatMap { node($0, "KSampler") })
        XCTAssertEqual(sampler["steps"]?.int, 12)
        XCTAssertEqual(sampler["cfg"]?.double, 5.5)
        XCTAssertEqual(sampler["sampler_name"]?.string, "dpmpp_2m")
        XCTAssertEqual(sampler["scheduler"]?.string, "karras")
        XCTAssertEqual(fake.workflows.last?["3"]?["inputs"]?["text"]?.string, "no people")
        XCTAssertEqual(fake.server.requests.filter { $0.path == "/object_info/KSampler" }.count, 2,
                       "each list is fetched once (samplers, schedulers), not again for the second variation")

        _ = try await engine.generate(conditioning(SamplingOverrides(steps: 3)), variation: 0)
        let partly = try XCTUnwrap(fake.workflows.last.flatMap { node($0, "KSampler") })
        XCTAssertEqual(partly["steps"]?.int, 3)
        XCTAssertEqual(partly["sampler_name"]?.string, "euler", "the configuration's sampler when the request sets none")
        XCTAssertEqual(partly["cfg"]?.double, 7)
    }

    func testComfyUIRefusesAnUnknownSamplerBeforeUploading() async throws {
        let fake = try FakeComfyUI()
        let engine = ComfyUIEngine(entry: RemoteFixtures.entry(.comfyui, fake.server.baseURL))
        do {
            _ = try await engine.generate(conditioning(SamplingOverrides(sampler: "Euler a")), variation: 0)
            XCTFail("an unknown sampler was accepted")
        } catch let error as RemoteEngineError {
            let text = error.description
            XCTAssertTrue(text.contains("no sampler 'Euler a' (it has: euler, "), text)
            XCTAssertTrue(text.contains("(did you mean euler_ancestral?)"), text)
            XCTAssertFalse(text.contains("\n"))
            XCTAssertEqual(error.failure.kind, .rejected(status: nil))
        }
        do {
            _ = try await engine.generate(conditioning(SamplingOverrides(scheduler: "fancy")), variation: 0)
            XCTFail("an unknown scheduler was accepted")
        } catch let error as RemoteEngineError {
            XCTAssertTrue(error.description.contains("no scheduler 'fancy' (it has: "), error.description)
        }
        XCTAssertTrue(fake.uploads.isEmpty, "nothing uploaded")
        XCTAssertTrue(fake.workflows.isEmpty, "nothing queued")
    }

    func testA1111PayloadCarriesTheRequestsKnobsAndRefusesUnknownNames() async throws {
        let fake = try FakeAutomatic1111()
        let engine = Automatic1111Engine(entry: RemoteFixtures.entry(.automatic1111, fake.server.baseURL))
        let a1111 = SamplingOverrides(negativePrompt: "", steps: 30, cfgScale: 0, sampler: "DPM++ 2M", scheduler: "Karras")
        _ = try await engine.generate(conditioning(a1111), variation: 0)
        let body = try XCTUnwrap(fake.bodies.last)
        XCTAssertEqual(body["negative_prompt"]?.string, "")
        XCTAssertEqual(body["steps"]?.int, 30)
        XCTAssertEqual(body["cfg_scale"]?.double, 0)
        XCTAssertEqual(body["sampler_name"]?.string, "DPM++ 2M")
        XCTAssertEqual(body["scheduler"]?.string, "Karras")
        XCTAssertEqual(fake.autocorrections, [], "the web UI ran what was asked for")

        let posts = fake.bodies.count
        do {
            _ = try await engine.generate(conditioning(SamplingOverrides(sampler: "euler_ancestral")), variation: 0)
            XCTFail("an unknown sampler was accepted")
        } catch let error as RemoteEngineError {
            XCTAssertTrue(error.description.contains("no sampler 'euler_ancestral' (it has: DPM++ 2M, "), error.description)
            XCTAssertTrue(error.description.contains("Euler a"), error.description)
        }
        do {
            _ = try await engine.generate(conditioning(SamplingOverrides(sampler: "euler")), variation: 0)
            XCTFail("a sampler in the wrong case was accepted")
        } catch let error as RemoteEngineError {
            XCTAssertTrue(error.description.hasSuffix("(did you mean Euler?)"), error.description)
        }
        XCTAssertEqual(fake.bodies.count, posts, "nothing posted")
        XCTAssertEqual(fake.violations, [])
    }

    func testSDServerExtraArgumentsCarryTheRequestsKnobs() async throws {
        let fake = try FakeSDServer()
        var entry = EngineEntry(name: "sdcpp", kind: .openai, endpoint: fake.server.baseURL,
                                models: EngineModels(controlNet: "control_v11p_sd15_scribble.safetensors"),
                                sizes: [RemoteFixtures.size], timeoutSeconds: 5, generationTimeoutSeconds: 10)
        entry.flavor = .sdServer
        let engine = OpenAIImagesEngine(entry: entry)
        let c = conditioning(SamplingOverrides(negativePrompt: "no people", steps: 4, cfgScale: 0, sampler: "euler_a", scheduler: "karras"))
        XCTAssertEqual(engine.notices(for: c).first { $0.contains("sampler and scheduler lists") },
                       "the sdcpp engine (sd-server) has no sampler and scheduler lists to check sampler 'euler_a' and scheduler 'karras' against (a name it does not know runs as its default)",
                       "before the server's lists are known")
        _ = try await engine.generate(c, variation: 0)
        let args = try XCTUnwrap(fake.generations.last?.extraArguments)
        XCTAssertEqual(args["negative_prompt"]?.string, "no people")
        let nested = try XCTUnwrap(args["sample_params"]?.object, "sampling goes nested, the only way sd-server reads it")
        XCTAssertEqual(nested.keys.sorted(), ["guidance", "sample_method", "sample_steps", "scheduler"])
        XCTAssertEqual(nested["sample_steps"], .int(4))
        XCTAssertEqual(nested["guidance"]?["txt_cfg"]?.double, 0, "a requested 0 is sent, unlike a configured one")
        XCTAssertEqual(nested["sample_method"]?.string, "euler_a")
        XCTAssertEqual(nested["scheduler"]?.string, "karras")
        for flat in ["steps", "cfg_scale", "sample_method", "scheduler"] { XCTAssertNil(args[flat], "\(flat) flat is ignored by sd-server") }
        XCTAssertEqual(fake.generations.last?.sampling, FakeSDServer.Sampling(steps: 4, method: "euler_a", scheduler: "karras", cfg: 0))
        XCTAssertEqual(fake.violations, [])
        XCTAssertFalse(engine.notices(for: c).contains { $0.contains("sampler and scheduler lists") }, "checked against /sdapi/v1 now")
        // diagnose (which every render asks first) fetches the lists even with none configured.
        let fresh = OpenAIImagesEngine(entry: entry)
        _ = await fresh.diagnose()
        XCTAssertFalse(fresh.notices(for: c).contains { $0.contains("sampler and scheduler lists") })

        // A name sd-server does not know would run as its default without a word: refused first.
        let posted = fake.generations.count
        await RemoteFixtures.assertFails(["no sampler 'Euler a' (it has: default, euler, euler_a,", "(did you mean euler_a?)"]) {
            _ = try await engine.generate(conditioning(SamplingOverrides(sampler: "Euler a")), variation: 0)
        }
        await RemoteFixtures.assertFails(["no scheduler 'Karras'"]) {
            _ = try await engine.generate(conditioning(SamplingOverrides(scheduler: "Karras")), variation: 0)
        }
        XCTAssertEqual(fake.generations.count, posted, "nothing posted")
    }

    func testOpenAISaysItCannotHonourTheKnobs() throws {
        let url = try RemoteFixtures.refusedURL()
        let engine = OpenAIImagesEngine(entry: RemoteFixtures.entry(.openai, url, name: "openai"))
        XCTAssertFalse(engine.notices(for: conditioning(.none)).contains { $0.contains("steps") })
        XCTAssertTrue(engine.notices(for: conditioning(SamplingOverrides(steps: 4, sampler: "euler"))).contains(
            "the openai engine's images API has no negative prompt, steps, CFG scale, sampler or scheduler: steps, sampler are not honoured"))
    }

    func testInvertedGuidanceIsBlackOnWhite() throws {
        var options = GuidanceOptions(width: 128, height: 96)
        let plain = try GuidanceRenderer(options: options).render(EngineFixtures.house)
        options.polarity = .blackOnWhite
        let inverted = try GuidanceRenderer(options: options).render(EngineFixtures.house)
        XCTAssertEqual(inverted.polarity, .blackOnWhite)
        XCTAssertEqual(inverted.image.pixels, plain.image.pixels.map { 255 - $0 })
        let mean = Double(inverted.image.pixels.reduce(0) { $0 + Int($1) }) / Double(inverted.image.pixels.count)
        XCTAssertGreaterThan(mean, 200)
    }
}
