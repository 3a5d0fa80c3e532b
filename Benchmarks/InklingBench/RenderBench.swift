import Foundation
import Inkling
import InklingBuiltInEngine
import InklingConditioning
import InklingEngines
import InklingGuidance
import InklingStrokes

/// `InklingBench render`: the built-in engine at the requested size (default 1024×1024).
///
/// - `image`: one `BuiltInEngine.generate` per style, drawing and guidance map ready (decoding
///   and the guidance render are not timed), after one warm-up.
/// - `first-of-4` via `engine`: `BuiltInEngine.images(for:)` with variations 0…3 (the engine's
///   own scheduling of a limit-4 request, no files); the time until the stream reports its
///   first image. `all-of-4`: until it ends.
/// - `first-of-4` / `all-of-4` via `api`: `InklingImageCreator.images(for:style:limit: 4)` with
///   the prompt and the drawing as concepts, until the stream yields its first image / ends.
///   This includes planning, the guidance render and writing each PNG with its recipe.
enum RenderBench {
    /// A fixed prompt, so runs compare.
    static let prompt = "a house on a hill at sunset"

    /// Measures every requested style on every file; blocks until done.
    static func run(_ args: BenchArguments) throws -> [RenderRecord] {
        let box = ResultBox()
        let semaphore = DispatchSemaphore(value: 0)
        let (files, styles, count) = (args.files, args.styles, args.repeatCount)
        let size = PixelSize(width: args.width, height: args.height)
        Task {
            do {
                box.records = try await measure(files: files, styles: styles, size: size, repeatCount: count)
            } catch { box.error = error }
            semaphore.signal()
        }
        semaphore.wait()
        if let error = box.error { throw error }
        return box.records
    }

    private static func measure(files: [String], styles names: [String], size: PixelSize, repeatCount: Int) async throws -> [RenderRecord] {
        var records: [RenderRecord] = []
        let engine = BuiltInEngine()
        let styles = try names.map { name throws(BenchError) -> Style in
            guard let style = Style(rawValue: name), engine.capabilities.styles.contains(style) else {
                throw .usage("unknown style \(name) (\(engine.capabilities.styles.map(\.rawValue).joined(separator: ", ")))")
            }
            return style
        }
        for path in files {
            let input = try InputFile(path: path)
            let drawing = try StrokeJSONDecoder(limits: .default).decode(input.bytes)
            let map = try GuidanceRenderer(options: GuidanceOptions(width: size.width, height: size.height)).render(drawing)
            for style in styles {
                let conditioning = Conditioning(
                    phrases: [ConceptPhrase(prompt, weight: 1)], language: "en", style: style, size: size,
                    drawing: drawing, guidance: map, seed: 1)
                func record(_ what: String, _ m: Measurement) -> RenderRecord {
                    RenderRecord(what: what, style: style.rawValue, via: "engine", file: input.name,
                                 size: size.description, measurement: m)
                }
                _ = try await engine.generate(conditioning, variation: 0)
                var single = Measurement()
                for _ in 0..<repeatCount {
                    let start = ContinuousClock.now
                    _ = try await engine.generate(conditioning, variation: 0)
                    single.samples.append(seconds(ContinuousClock.now - start))
                }
                records.append(record("image", single))
                var first = Measurement(), all = Measurement()
                for run in 0...repeatCount {
                    let (f, a) = try await firstOfFour(engine, conditioning)
                    if run > 0 { first.samples.append(f); all.samples.append(a) }
                }
                records.append(record("first-of-4", first))
                records.append(record("all-of-4", all))
                let (apiFirst, apiAll) = try await api(engine: engine, style: style, drawing: drawing, size: size, repeatCount: repeatCount)
                var viaAPI = record("first-of-4", apiFirst)
                viaAPI.via = "api"
                records.append(viaAPI)
                viaAPI.what = "all-of-4"
                viaAPI.measurement = apiAll
                records.append(viaAPI)
            }
        }
        return records
    }

    /// Time to the first image and to the end of limit-4 requests through the public API,
    /// after one warm-up request; the files written are removed afterwards.
    private static func api(engine: BuiltInEngine, style: Style, drawing: Drawing, size: PixelSize, repeatCount: Int) async throws
        -> (Measurement, Measurement) {
        let creator = try await InklingImageCreator(engine: engine, options: GenerationOptions(size: .closest(to: size), seed: 1))
        defer { creator.session.removeAll() }
        let concepts: [Concept] = [.text(prompt), .drawing(drawing)]
        var first = Measurement(), all = Measurement()
        for run in 0...repeatCount {
            let start = ContinuousClock.now
            var firstSeconds = Double.nan, count = 0
            for try await _ in creator.images(for: concepts, style: style, limit: 4) {
                if count == 0 { firstSeconds = seconds(ContinuousClock.now - start) }
                count += 1
            }
            guard count == 4 else { throw BenchError.failed("the API yielded \(count) images for limit 4") }
            if run > 0 { first.samples.append(firstSeconds); all.samples.append(seconds(ContinuousClock.now - start)) }
        }
        return (first, all)
    }

    /// Seconds until the engine reports its first image, and until its stream ends, for a request
    /// of variations 0…3 (`images(for:)`: the engine schedules them).
    private static func firstOfFour(_ engine: BuiltInEngine, _ conditioning: Conditioning) async throws -> (Double, Double) {
        let start = ContinuousClock.now
        var first = Double.nan, count = 0
        for try await event in engine.images(for: EngineRequest(conditioning, variations: [0, 1, 2, 3])) {
            guard case .image = event else { continue }
            if count == 0 { first = seconds(ContinuousClock.now - start) }
            count += 1
        }
        guard count == 4 else { throw BenchError.failed("the engine reported \(count) images for 4 variations") }
        return (first, seconds(ContinuousClock.now - start))
    }

    private static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}

/// Carries the results out of the benchmark's task to the blocked caller.
private final class ResultBox: @unchecked Sendable {
    /// Set by the task before it signals; read after the wait (the semaphore orders them).
    var records: [RenderRecord] = []
    /// Set by the task on failure.
    var error: Error?
}
