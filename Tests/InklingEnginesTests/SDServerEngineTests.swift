import Foundation
import InklingConditioning
import InklingEngineFakes
import InklingEngines
import InklingGuidance
import InklingImageIO
@testable import InklingRemoteEngines
import XCTest

/// The OpenAI-compatible adapter's `sd-server` flavour against a loopback fake that reads
/// requests as stable-diffusion.cpp's server does (gray masks, seed 42 unless the prompt's
/// `<sd_cpp_extra_args>` gives one, ControlNet from `control_image`).
final class SDServerEngineTests: XCTestCase {
    private static let size = PixelSize(width: 128, height: 128)

    private func entry(_ fake: FakeSDServer, controlNet: String? = "control_v11p_sd15_scribble.safetensors",
                       flavor: EngineFlavor = .sdServer) -> EngineEntry {
        var entry = EngineEntry(name: "sdcpp", kind: .openai, endpoint: fake.server.baseURL, models: EngineModels(controlNet: controlNet),
                                sizes: [Self.size], timeoutSeconds: 5, generationTimeoutSeconds: 10)
        entry.flavor = flavor
        return entry
    }

    private func conditioning(prompt: String = "sunset over the sea", strength: Double = 0.8, seed: UInt64 = 5, drawing: Bool = true,
                              source: RasterImage? = nil) -> Conditioning {
        var c = EngineFixtures.conditioning(style: .illustration, size: Self.size, drawing: drawing ? EngineFixtures.house : nil,
                                            phrases: [ConceptPhrase(prompt, weight: 1)], strength: strength, seed: seed)
        c.controls = GuidanceControls(strength: strength, start: 0.1, end: 0.7, mode: .balanced)
        if let source { c.source = SourceImage(image: source, origin: "photo.png") }
        return c
    }

    /// Variations 0 and 1 of `conditioning` through a fresh fake.
    private func twoVariations(_ conditioning: Conditioning) async throws -> ([RasterImage], [FakeSDServer.Generation]) {
        let fake = try FakeSDServer()
        let engine = OpenAIImagesEngine(entry: entry(fake))
        let images = [try await engine.generate(conditioning, variation: 0), try await engine.generate(conditioning, variation: 1)]
        XCTAssertEqual(fake.violations, [])
        return (images, fake.generations)
    }

    func testSeededVariationsDifferReplayAndFollowThePrompt() async throws {
        for drawing in [false, true] {
            let (first, sent) = try await twoVariations(conditioning(drawing: drawing))
            XCTAssertEqual(sent.map(\.seed), [5, 6], "seed 5 and its second variation reach the server")
            XCTAssertEqual(sent.map(\.hadMask), [false, false])
            XCTAssertNotEqual(first[0].pixels, first[1].pixels, "the two variations differ")
            let (again, _) = try await twoVariations(conditioning(drawing: drawing))
            XCTAssertEqual(again.map(\.pixels), first.map(\.pixels), "and replay exactly")
            let (other, otherSent) = try await twoVariations(conditioning(prompt: "a red barn in the snow", drawing: drawing))
            XCTAssertTrue(otherSent[0].prompt.hasPrefix("a red barn in the snow"), otherSent[0].prompt)
            XCTAssertGreaterThan(EngineFixtures.meanDifference(other[0], first[0]), 20, "another prompt paints another picture")
        }
    }

    func testSketchStrengthReachesTheServerAsControlStrength() async throws {
        let fake = try FakeSDServer()
        let engine = OpenAIImagesEngine(entry: entry(fake))
        let weak = try await engine.generate(conditioning(strength: 0.3), variation: 0)
        let strong = try await engine.generate(conditioning(strength: 0.9), variation: 0)
        XCTAssertEqual(fake.violations, [])
        let sent = fake.generations
        XCTAssertEqual(sent.map(\.path), ["/v1/images/generations", "/v1/images/generations"], "the sketch is guidance, not a starting picture")
        XCTAssertEqual(sent.map(\.appliedControl), [true, true])
        XCTAssertEqual(sent.compactMap { $0.extraArguments["control_strength"]?.double }, [0.3, 0.9])
        let map = try XCTUnwrap(sent[0].extraArguments["control_image"]?.string.flatMap { Data(base64Encoded: $0) })
        let guide = conditioning().guidance!.image.converted(to: .gray)
        let sentMap = try PNGCodec.decode([UInt8](map)).image
        XCTAssertEqual(sentMap.format, .rgb, "sd-server loads control_image with three channels and refuses a gray PNG")
        XCTAssertEqual(sentMap.converted(to: .gray).pixels, guide.pixels, "the guidance map travels as an RGB PNG of the same lines")
        let line = try XCTUnwrap(guide.pixels.firstIndex(of: 255))
        XCTAssertGreaterThan(strong.pixels[3 * line], weak.pixels[3 * line], "more strength, redder lines")
        XCTAssertGreaterThanOrEqual(strong.pixels[3 * line], 229)
        let notices = engine.notices(for: conditioning(strength: 0.9))
        XCTAssertEqual(notices, ["the sdcpp engine (sd-server ControlNet) weighs the sketch by strength only: schedule 0.1–0.7 is not honoured (it guides every step, balanced)"])
        var full = conditioning(strength: 0.9)
        full.controls = GuidanceControls(strength: 0.9, start: 0, end: 1, mode: .balanced)
        XCTAssertEqual(engine.notices(for: full), [], "a full schedule, balanced: nothing is dropped")
        full.controls.mode = .sketchFirst
        XCTAssertEqual(engine.notices(for: full), ["the sdcpp engine (sd-server ControlNet) weighs the sketch by strength only: mode sketchFirst is not honoured (it guides every step, balanced)"])
    }

    func testSettingsTravelInTheExtraArguments() async throws {
        let fake = try FakeSDServer()
        var configured = entry(fake)
        configured.defaults = GenerationDefaults(steps: 12, cfgScale: 6.5, sampler: "euler_a", scheduler: "karras", negativePrompt: "blurry")
        var source = conditioning(drawing: false, source: RemoteFixtures.photo)
        source.sourceStrength = 0.6
        _ = try await OpenAIImagesEngine(entry: configured).generate(source, variation: 3)
        XCTAssertEqual(fake.violations, [])
        let sent = try XCTUnwrap(fake.generations.last)
        XCTAssertEqual(sent.path, "/v1/images/edits")
        XCTAssertTrue(sent.hadImage)
        XCTAssertFalse(sent.hadMask, "no mask: sd-server would keep the source wherever a mask is 0")
        let args = sent.extraArguments
        XCTAssertEqual(args["seed"]?.int, 8)
        XCTAssertEqual(args["sample_params"], ["sample_steps": 12, "sample_method": "euler_a", "scheduler": "karras", "guidance": ["txt_cfg": 6.5]],
                       "nested, the only way sd-server reads them")
        for flat in ["steps", "cfg_scale", "sample_method", "scheduler"] { XCTAssertNil(args[flat], "\(flat) flat is ignored by sd-server") }
        XCTAssertEqual(sent.sampling, FakeSDServer.Sampling(steps: 12, method: "euler_a", scheduler: "karras", cfg: 6.5), "what the server ran")
        XCTAssertEqual(args["negative_prompt"]?.string, "blurry")
        XCTAssertEqual(try XCTUnwrap(args["strength"]?.double), 0.4, accuracy: 1e-9, "1 − the source strength is repainted")
        XCTAssertNil(args["control_image"])
        XCTAssertEqual(OpenAIImagesEngine(entry: configured).notices(for: source), [], "everything asked is honoured, the seed included")

        let plain = try FakeSDServer()
        _ = try await OpenAIImagesEngine(entry: entry(plain)).generate(conditioning(drawing: false), variation: 0)
        XCTAssertEqual(plain.generations.last?.extraArguments.keys.sorted(), ["seed"], "unset settings are left to the server")
        XCTAssertEqual(plain.generations.last?.sampling, FakeSDServer.Behavior().defaults)
    }

    /// A guidance map of noise: its PNG barely compresses, so its base64 is large.
    private func noisy(_ side: Int) -> GuidanceMap {
        var image = RasterImage(width: side, height: side, format: .gray)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for i in image.pixels.indices {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            image.pixels[i] = UInt8(truncatingIfNeeded: state >> 56)
        }
        return GuidanceMap(image: image, encoding: .soft, drawingToPixels: .identity)
    }

    /// Issue 34: sd-server reads the control image inside the prompt, and a prompt over about
    /// 47 KB crashes it. A map that does not fit goes at half or a quarter size, with a notice;
    /// one that does not fit even then is refused before anything is sent.
    func testTheControlImageAlwaysFitsInThePromptSDServerCanRead() async throws {
        let fake = try FakeSDServer()
        let engine = OpenAIImagesEngine(entry: entry(fake))
        var big = conditioning(strength: 0.9)
        big.controls = GuidanceControls(strength: 0.9, start: 0, end: 1, mode: .balanced)
        big.guidance = noisy(128)
        XCTAssertEqual(engine.notices(for: big), ["the sdcpp engine (sd-server) reads the sketch's guidance map inside the prompt, where the full-size map does not fit safely, so it is sent at 1/2 size and the server scales it up (use the scribble encoding to keep it sharp)"])
        _ = try await engine.generate(big, variation: 0)
        XCTAssertEqual(fake.violations, [])
        let sent = try XCTUnwrap(fake.generations.last?.extraArguments["control_image"]?.string.flatMap { Data(base64Encoded: $0) })
        let map = try PNGCodec.decode([UInt8](sent)).image
        XCTAssertEqual([map.width, map.height, map.format.channels], [64, 64, 3])
        XCTAssertEqual(fake.generations.last?.appliedControl, true)

        var huge = big
        huge.guidance = noisy(1024)
        let before = fake.generations.count
        await RemoteFixtures.assertFails(["the sketch's guidance map is", "nothing was sent: use the scribble encoding"]) {
            _ = try await engine.generate(huge, variation: 0)
        }
        XCTAssertEqual(fake.generations.count, before, "nothing reached the server")
        XCTAssertEqual(fake.violations, [])

        let plain = conditioning(strength: 0.9)
        XCTAssertFalse(engine.notices(for: plain).contains { $0.contains("1/2 size") }, "a line map fits whole")
        let whole = try XCTUnwrap(try SDServerRequest(entry: entry(fake)).controlImage(plain))
        XCTAssertEqual(whole.divisor, 1)
    }

    func testStrengthZeroSendsNoSketchOnEveryFlavour() async throws {
        for controlNet in ["control_v11p_sd15_scribble.safetensors", nil] {
            let fake = try FakeSDServer()
            let engine = OpenAIImagesEngine(entry: entry(fake, controlNet: controlNet))
            _ = try await engine.generate(conditioning(strength: 0), variation: 0)
            let sent = try XCTUnwrap(fake.generations.last)
            XCTAssertEqual(sent.path, "/v1/images/generations")
            XCTAssertFalse(sent.hadImage)
            XCTAssertNil(sent.extraArguments["control_image"])
            XCTAssertNil(sent.extraArguments["strength"])
            XCTAssertEqual(engine.notices(for: conditioning(strength: 0)), [])
        }
        let openAI = try FakeOpenAIImages()
        var entry = RemoteFixtures.entry(.openai, openAI.server.baseURL)
        entry.apiKeyEnvironment = "OPENAI_API_KEY"
        let engine = OpenAIImagesEngine(entry: entry, apiKey: "sk-test-123")
        _ = try await engine.generate(RemoteFixtures.conditioning(strength: 0), variation: 0)
        XCTAssertEqual(openAI.violations, [])
        XCTAssertEqual(openAI.server.requests.last?.path, "/v1/images/generations", "OpenAI: no starting picture at strength 0")
        XCTAssertEqual(engine.notices(for: RemoteFixtures.conditioning(strength: 0)).count, 1, "only the seed notice")
        var both = RemoteFixtures.conditioning(strength: 0, source: RemoteFixtures.photo)
        both.sourceStrength = 1
        _ = try await engine.generate(both, variation: 0)
        let sent = try XCTUnwrap(openAI.server.requests.last?.multipart?.first { $0.name == "image" })
        let picture = try PNGCodec.decode(sent.data).image
        let line = try XCTUnwrap(both.guidance!.image.converted(to: .gray).pixels.firstIndex(of: 255))
        XCTAssertGreaterThan(picture.pixels[3 * line], 0, "with a source, the sketch's lines are not drawn onto it at strength 0")
    }

    func testWithoutAControlNetTheSketchIsTheStartingPictureAndTheModelPaints() async throws {
        let fake = try FakeSDServer(controlNet: false)
        let engine = OpenAIImagesEngine(entry: entry(fake, controlNet: nil))
        let image = try await engine.generate(conditioning(strength: 0.8), variation: 0)
        let sent = try XCTUnwrap(fake.generations.last)
        XCTAssertEqual(sent.path, "/v1/images/edits")
        XCTAssertFalse(sent.hadMask)
        XCTAssertEqual(try XCTUnwrap(sent.extraArguments["strength"]?.double), 0.6, accuracy: 1e-9)
        let picture = try PNGCodec.decode(try XCTUnwrap(fake.server.requests.last?.multipart?.first { $0.name == "image" }).data).image
        XCTAssertGreaterThan(EngineFixtures.meanDifference(image, picture), 20, "the result is painted, not the sketch handed back")
        XCTAssertEqual(engine.notices(for: conditioning(strength: 0.8)),
                       ["the sdcpp engine has no models.controlNet, so the sketch is the starting picture (strength 0.8 keeps 0.4 of it): schedule 0.1–0.7 and mode balanced are not honoured"])
    }

    func testTheOpenAIFlavourShowsTheFrozenSketchAndTheFixedSeed() async throws {
        // What Inkling did before the flavour existed, against a server that reads requests as sd-server does.
        let fake = try FakeSDServer(controlNet: false)
        let engine = OpenAIImagesEngine(entry: entry(fake, controlNet: nil, flavor: .openai))
        let image = try await engine.generate(conditioning(), variation: 0)
        XCTAssertTrue(try XCTUnwrap(fake.generations.last).hadMask)
        let picture = try PNGCodec.decode(try XCTUnwrap(fake.server.requests.last?.multipart?.first { $0.name == "image" }).data).image
        XCTAssertEqual(image.pixels, picture.pixels, "an all-zero mask keeps the starting picture everywhere")
        let a = try await engine.generate(conditioning(seed: 1, drawing: false), variation: 0)
        let b = try await engine.generate(conditioning(seed: 2, drawing: false), variation: 1)
        XCTAssertEqual(a.pixels, b.pixels, "without extra arguments every request paints with seed 42")
        XCTAssertEqual(fake.generations.suffix(2).map(\.seed), [42, 42])
        guard case .unavailable(let reason) = await engine.availability() else { return XCTFail("an sd-server with the OpenAI flavour") }
        XCTAssertTrue(reason.contains("set \"flavor\": \"sd-server\" on the sdcpp engine"), reason)
        let fixed = await OpenAIImagesEngine(entry: entry(fake)).availability()
        XCTAssertEqual(fixed, .available)
    }

    func testErrorBodiesKeepTheirMessage() async throws {
        var behavior = FakeSDServer.Behavior()
        behavior.imageReply = FakeSDServer.error("invalid size")
        let fake = try FakeSDServer(behavior: behavior)
        await RemoteFixtures.assertFails(["rejected the request: POST /v1/images/generations: invalid size"]) {
            _ = try await OpenAIImagesEngine(entry: self.entry(fake)).generate(self.conditioning(drawing: false), variation: 0)
        }
        behavior.imageReply = FakeSDServer.exception("std::bad_alloc")
        fake.behavior = behavior
        await RemoteFixtures.assertFails(["POST /v1/images/generations (HTTP 500): std::bad_alloc"]) {
            _ = try await OpenAIImagesEngine(entry: self.entry(fake)).generate(self.conditioning(drawing: false), variation: 0)
        }
    }

    func testOneGenerationAtATime() async throws {
        var behavior = FakeSDServer.Behavior()
        behavior.generationSeconds = 0.4
        let fake = try FakeSDServer(behavior: behavior)
        let engine = OpenAIImagesEngine(entry: entry(fake))
        let text = conditioning(drawing: false)
        let clock = ContinuousClock()
        let start = clock.now
        async let first = engine.generate(text, variation: 0)
        async let second = engine.generate(text, variation: 1)
        _ = try await (first, second)
        XCTAssertGreaterThanOrEqual(clock.now - start, .milliseconds(800), "the second request waited for the first")
        XCTAssertEqual(fake.generations.count, 2)
    }

    func testAnAbandonedRequestStillRunsToTheEndOnTheServer() async throws {
        var behavior = FakeSDServer.Behavior()
        behavior.generationSeconds = 0.5
        let fake = try FakeSDServer(behavior: behavior)
        let engine = OpenAIImagesEngine(entry: entry(fake))
        let text = conditioning(drawing: false)
        let task = Task { try await engine.generate(text, variation: 0) }
        try await Task.sleep(nanoseconds: 100_000_000)
        task.cancel()
        await RemoteFixtures.expectCancelled(task, summary: "the server cannot cancel: it finishes the abandoned image before the next request")
        XCTAssertEqual(fake.generations.count, 0)
        try await Task.sleep(nanoseconds: 900_000_000)
        XCTAssertEqual(fake.generations.count, 1, "sd-server has no cancel: the generation finishes for nobody")
    }
}
