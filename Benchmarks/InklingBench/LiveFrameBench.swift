import Foundation
import InklingConditioning
import InklingLive
import InklingStrokes

/// `InklingBench live-frame`: one live frame of the built-in engine (`BuiltInLiveRenderer`:
/// guidance map, painting with the session's seed, JPEG) at the requested size (default
/// 512×512), the drawing decoded outside the timing, after one warm-up:
///
/// - `live-frame`: a new session each frame (the guidance map painted whole every time: the
///   first frame of a drawing opened in a session);
/// - `live-frame-stroke-added`: the drawing's last stroke ends (the map of the drawing without
///   it kept, the stroke painted onto it: a stroke's end in a session);
/// - `live-frame-map-reused`: only the prompt changes (the map reused, as a `set` of the
///   prompt or options gets it).
enum LiveFrameBench {
    /// Measures both kinds of frame on every file; blocks until done.
    static func run(_ args: BenchArguments) throws -> [RenderRecord] {
        let box = LiveResultBox()
        let semaphore = DispatchSemaphore(value: 0)
        let (files, count) = (args.files, args.repeatCount)
        let size = PixelSize(width: args.width, height: args.height)
        Task {
            do {
                box.records = try await measure(files: files, size: size, repeatCount: count)
            } catch { box.error = error }
            semaphore.signal()
        }
        semaphore.wait()
        if let error = box.error { throw error }
        return box.records
    }

    private static func measure(files: [String], size: PixelSize, repeatCount: Int) async throws -> [RenderRecord] {
        var records: [RenderRecord] = []
        for path in files {
            let input = try InputFile(path: path)
            let drawing = try StrokeJSONDecoder(limits: .default).decode(input.bytes)
            let options = GenerationOptions(size: .closest(to: size), seed: 1)
            var before = drawing
            before.strokes.removeLast(min(1, before.strokes.count))
            for what in ["live-frame", "live-frame-stroke-added", "live-frame-map-reused"] {
                let renderer = BuiltInLiveRenderer()
                var m = Measurement()
                for run in 0...repeatCount {
                    let session = what == "live-frame-map-reused" ? 0 : UInt64(run + 1)
                    if what == "live-frame-stroke-added" {
                        let earlier = LiveRenderRequest(
                            session: session, revision: 0, drawingRevision: 0, drawing: before,
                            prompt: RenderBench.prompt, style: .illustration, options: options)
                        _ = try await renderer.render(earlier)
                    }
                    let request = LiveRenderRequest(
                        session: session, revision: run + 1, drawingRevision: run + 1, drawing: drawing,
                        prompt: "\(RenderBench.prompt) \(run % 2)", style: .illustration, options: options)
                    let start = ContinuousClock.now
                    let frame = try await renderer.render(request)
                    let elapsed = ContinuousClock.now - start
                    guard !frame.bytes.isEmpty else { throw BenchError.failed("an empty frame") }
                    if run > 0 { m.samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18) }
                }
                records.append(RenderRecord(what: what, style: "illustration", via: "live", file: input.name, size: size.description, measurement: m))
            }
        }
        return records
    }
}

/// Carries the results out of the benchmark's task to the blocked caller.
private final class LiveResultBox: @unchecked Sendable {
    /// Set by the task before it signals; read after the wait (the semaphore orders them).
    var records: [RenderRecord] = []
    /// Set by the task on failure.
    var error: Error?
}
