import Foundation
import InklingBuiltInEngine
import InklingCluster
import InklingConditioning
import InklingJobs
import InklingLive
import InklingRedis
import InklingStrokes

/// `InklingBench live-cluster <redis-url> <file.json>`: what a cluster adds to a live frame. The
/// same frame (the built-in engine at `--size`, default 512², the file's drawing, a fixed seed,
/// a new drawing revision each time) through ``JobLiveRenderer`` twice, alternating frame by
/// frame: over ``LocalJobs`` (one process) and over a cluster front end (``ClusterJobs``) with
/// one ``ClusterWorker`` in this process on the Redis at the URL (loopback). Wall-clock per
/// frame, one warm-up each, then `--repeat` frames each; the overhead is the difference of the
/// medians. Keys go under a prefix of their own (`inkling-bench-<random>:`), deleted at the end.
enum LiveClusterBench {
    static func run(_ args: BenchArguments) throws {
        guard args.files.count == 2 else { throw BenchError.usage("live-cluster needs a redis:// URL and a drawing") }
        let url = try RedisURL(parsing: args.files[0])
        let input = try InputFile(path: args.files[1])
        let drawing = try StrokeJSONDecoder(limits: .default).decode(input.bytes)
        let size = PixelSize(width: args.width, height: args.height)
        let (count, json) = (args.repeatCount, args.json)
        let done = DispatchSemaphore(value: 0)
        let failure = LiveClusterFailure()
        Task {
            do {
                try await measure(url: url, drawing: drawing, name: input.name, size: size, repeatCount: count, json: json)
            } catch { failure.error = error }
            done.signal()
        }
        done.wait()
        if let error = failure.error { throw error }
    }

    private static func measure(url: RedisURL, drawing: Drawing, name: String, size: PixelSize, repeatCount: Int, json: Bool) async throws {
        let engine = BuiltInEngine()
        let local = LocalJobs(limits: JobLimits(), engine: engine)
        defer { local.stop() }
        var settings = ClusterSettings(url: url)
        settings.keys = ClusterKeys(prefix: "inkling-bench-\(UInt32.random(in: 0...UInt32.max)):")
        let frontEnd = try ClusterJobs(settings: settings, imageTTL: 60, generationTimeout: 60, defaultStyle: "illustration", name: "bench-frontend")
        let worker = try ClusterWorker(settings: settings, engine: engine, engineName: "builtin", concurrency: 1,
                                       allowedStyles: [.illustration], defaultStyle: .illustration, name: "bench-worker")
        let working = Task { await worker.run() }
        let joined = ContinuousClock.now + .seconds(10)
        while await frontEnd.availability().workers.isEmpty {
            guard ContinuousClock.now < joined else { throw BenchError.failed("the worker did not join the cluster within 10 s") }
            try await Task.sleep(for: .milliseconds(20))
        }
        let renderers = [("live-frame-local", JobLiveRenderer(jobs: local, owner: nil)), ("live-frame-cluster", JobLiveRenderer(jobs: frontEnd, owner: nil))]
        var measurements = [Measurement(), Measurement()]
        let options = GenerationOptions(size: .closest(to: size), seed: 1)
        for run in 0...repeatCount {
            for (index, renderer) in renderers.enumerated() {
                let request = LiveRenderRequest(session: 1, revision: run, drawingRevision: run, drawing: drawing,
                                                prompt: "a cosy house \(run % 2)", style: .illustration, options: options)
                let start = ContinuousClock.now
                let frame = try await renderer.1.render(request)
                let elapsed = ContinuousClock.now - start
                guard !frame.bytes.isEmpty else { throw BenchError.failed("an empty frame") }
                if run > 0 { measurements[index].samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18) }
            }
        }
        for ((what, _), measurement) in zip(renderers, measurements) {
            let record = RenderRecord(what: what, style: "illustration", via: "jobs", file: name, size: size.description, measurement: measurement)
            print(json ? record.jsonLine : record.humanLine)
        }
        if !json {
            let overhead = (measurements[1].median - measurements[0].median) * 1000
            print("live-cluster: \(String(format: "%.2f", overhead)) ms more per frame through the cluster (median against median, \(repeatCount) frames each)")
        }
        // What the run left in Redis, once the worker has stopped (the jobs' and images' keys expire anyway).
        worker.stop()
        await working.value
        frontEnd.stop()
        let client = RedisClient(url: url, poolSize: 1)
        defer { client.close() }
        var cursor = "0"
        repeat {
            let page = try await client.command(["SCAN", .init(cursor), "MATCH", .init(settings.keys.prefix + "*"), "COUNT", "1000"])
            guard let parts = page.array, parts.count == 2, let next = parts[0].text else { break }
            cursor = next
            let keys = (parts[1].array ?? []).compactMap(\.text)
            if !keys.isEmpty { _ = try await client.command(["DEL"] + keys.map { RedisArgument($0) }) }
        } while cursor != "0"
    }
}

/// Carries a failure out of the benchmark's task to the blocked caller.
private final class LiveClusterFailure: @unchecked Sendable {
    /// Set by the task before it signals; read after the wait (the semaphore orders them).
    var error: Error?
}
