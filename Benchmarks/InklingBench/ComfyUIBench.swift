import Foundation
import Inkling
import InklingConditioning
import InklingGuidance
import InklingEngineFakes
import InklingEngines
import InklingRemoteEngines
import InklingStrokes
import InklingTransport

/// `InklingBench comfyui`: seconds per image through the ComfyUI fake that behaves like the
/// real server (a real queue, `/ws` messages, history), sampling `steps` steps of `stepMs` each,
/// driven side by side, alternating, by
///
/// - `minimal`: a minimal client: per request the guidance map uploaded once, then per image
///   `POST /prompt`, `/ws` until `execution_success`, `GET /history/{id}`, `GET /view`, over one
///   socket kept open; the workflow is the one Inkling sent (only the seed changes);
/// - `inkling`: a fresh `InklingImageCreator` per request (as the server makes one), then
///   `prepare` (plan, guidance render) and `events(for:)` to the end: `ComfyUIEngine`'s upload,
///   queueing, following, download, history clean-up, and each PNG encoded with its recipe;
/// - `adapter`: `ComfyUIEngine.images(for:)` alone, to tell the adapter's part from the creator's.
///
/// Every request uses new seeds, so no run is answered from the fake's cache.
enum ComfyUIBench {
    /// A fixed prompt, so runs compare.
    static let prompt = "a house on a hill at sunset"

    /// Runs both clients for requests of 1 and 4 images; blocks until done.
    static func run(_ args: BenchArguments) throws -> [ComfyUIRecord] {
        let box = Box()
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            do { box.records = try await measure(args) } catch { box.error = error }
            semaphore.signal()
        }
        semaphore.wait()
        if let error = box.error { throw error }
        return box.records
    }

    private static func measure(_ args: BenchArguments) async throws -> [ComfyUIRecord] {
        guard let path = args.files.first else { throw BenchError.usage("comfyui needs a stroke JSON file") }
        let drawing = try StrokeJSONDecoder(limits: .default).decode(try InputFile(path: path).bytes)
        var behavior = FakeComfyUI.Behavior()
        behavior.stepDelay = Double(args.stepMilliseconds) / 1000
        let fake = try FakeComfyUI(behavior: behavior)
        let size = PixelSize(width: args.width, height: args.height)
        var entry = EngineEntry(name: "comfyui", kind: .comfyui, endpoint: fake.server.baseURL,
                                models: EngineModels(checkpoint: fake.checkpoints[0], controlNet: fake.controlNets[0]),
                                sizes: [size], timeoutSeconds: 30, generationTimeoutSeconds: 120)
        entry.defaults.steps = args.steps
        let engine = ComfyUIEngine(entry: entry)
        var seed: UInt64 = 1000
        func inkling(_ limit: Int) async throws -> Double {
            seed += 10
            let start = ContinuousClock.now
            let creator = try await InklingImageCreator(engine: engine, options: GenerationOptions(seed: seed))
            var count = 0
            for try await event in creator.events(for: try creator.prepare([.text(prompt), .drawing(drawing)], limit: limit)) {
                if case .image = event { count += 1 }
            }
            guard count == limit else { throw BenchError.failed("Inkling yielded \(count) images for limit \(limit)") }
            return seconds(ContinuousClock.now - start)
        }
        /// `ComfyUIEngine.images(for:)` alone: the adapter without the creator (no planning,
        /// no recipe, no PNG encoding), to tell the two apart.
        let map = try GuidanceRenderer(options: GuidanceOptions(width: size.width, height: size.height)).render(drawing)
        func adapter(_ limit: Int) async throws -> Double {
            seed += 10
            let conditioning = Conditioning(phrases: [ConceptPhrase(prompt, weight: 1)], language: "en", style: .illustration, size: size,
                                            drawing: drawing, guidance: map, seed: seed)
            let start = ContinuousClock.now
            var count = 0
            for try await event in engine.images(for: EngineRequest(conditioning, variations: Array(0..<limit))) {
                switch event {
                case .image, .encodedImage: count += 1
                default: break
                }
            }
            guard count == limit else { throw BenchError.failed("the engine yielded \(count) images for limit \(limit)") }
            return seconds(ContinuousClock.now - start)
        }
        _ = try await inkling(1)
        guard let workflow = fake.workflows.last, let guide = fake.uploads.values.first else {
            throw BenchError.failed("the warm-up sent no workflow or no upload")
        }
        let client = try await MinimalComfyUIClient(base: fake.server.baseURL, workflow: workflow, guide: guide)
        defer { client.close() }
        var records: [ComfyUIRecord] = []
        for limit in [1, 4] {
            var minimal = Measurement(), ours = Measurement(), alone = Measurement()
            _ = try await client.request(images: limit, seed: seed + 5)
            _ = try await inkling(limit)
            _ = try await adapter(limit)
            for _ in 0..<args.repeatCount {
                seed += 10
                minimal.samples.append(try await client.request(images: limit, seed: seed + 5) / Double(limit))
                ours.samples.append(try await inkling(limit) / Double(limit))
                alone.samples.append(try await adapter(limit) / Double(limit))
            }
            records.append(ComfyUIRecord(impl: "minimal", limit: limit, size: size.description, steps: args.steps,
                                         stepMilliseconds: args.stepMilliseconds, measurement: minimal))
            records.append(ComfyUIRecord(impl: "adapter", limit: limit, size: size.description, steps: args.steps,
                                         stepMilliseconds: args.stepMilliseconds, measurement: alone, ratio: alone.median / minimal.median))
            records.append(ComfyUIRecord(impl: "inkling", limit: limit, size: size.description, steps: args.steps,
                                         stepMilliseconds: args.stepMilliseconds, measurement: ours, ratio: ours.median / minimal.median))
        }
        guard fake.violations.isEmpty else { throw BenchError.failed("the fake saw protocol mistakes: \(fake.violations)") }
        return records
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    /// Carries the results out of the benchmark's task to the blocked caller.
    private final class Box: @unchecked Sendable {
        /// Set by the task before it signals; read after the wait (the semaphore orders them).
        var records: [ComfyUIRecord] = []
        /// Set by the task on failure.
        var error: Error?
    }
}
