import InklingJobs
import Foundation
import InklingGuidance
import InklingImageIO
import InklingInterchange
import InklingServer
import InklingStrokes

/// `InklingBench serve-floor`: the single-thread cost of one `POST /v1/guidance` request,
/// in-process, without HTTP, split into its parts.
///
/// The *floor* is what a guidance request cannot do without: json-c's bare DOM parse of the body,
/// the guidance render and the PNG encode (as `GuidanceEndpoint` encodes it: zlib level 1, Up
/// filter). The *full* path is what the server runs instead of json-c's bare parse: `InkReader`
/// (format detection, the pre-parse scans, json-c, the walk into a ``Drawing``), then the same
/// render and encode. `serve-load.sh` holds the server's throughput to the floor; the share of
/// json-c in the full path says how much of a request is the parser's own time.
///
/// Everything runs on one thread (the render too, `threads: 1`). Times are the process's CPU
/// seconds: a request's single-thread cost, which is what bounds a server's throughput
/// (cores / floor), and which other work on a shared machine inflates far less than wall time.
///
/// By default the process first starts a second thread that only sleeps. glibc's `malloc` and
/// `free` skip their atomic locks while a process has one thread, and a server never has one:
/// json-c's parse of the 2,000-point objects body makes about 28,000 small blocks, and in a
/// multi-threaded process it costs about 0.3 ms (15–18%) more on this machine class. Measured
/// without that thread (`--process single-threaded`), the floor holds a saving no server with
/// more than one thread can have; `serve-load.sh` prints it beside the floor it judges against.
enum ServeFloorBench {
    /// The parts measured by default, in the order they are measured and printed.
    static let parts = ["json-c-dom", "inkling-decode", "render", "png-encode", "floor", "full"]

    /// Parts measured only when asked for: the stroke decoder alone, reading long `points`
    /// arrays in runs (as it does for documents of 256 KiB or more) and as one json-c tree.
    static let optionalParts = ["decode-runs", "decode-whole"]

    /// Measures the requested parts on every file.
    static func run(_ args: BenchArguments, report: (BenchRecord) -> Void) throws {
        if args.multiThreadedProcess { startIdleThread() }
        // glibc's allocator as `inkling serve` sets it: json-c's thousands of small blocks cost
        // differently when they are freed and the render's big buffers are asked for next.
        InklingServer.tuneMemoryForServing()
        // The server's limits, as its router sets them: the drawing limits, the byte cap lowered
        // to the body cap.
        let configuration = ServerConfiguration()
        var limits = configuration.drawingLimits
        limits.maxBytes = min(limits.maxBytes, configuration.maxBodyBytes)
        // One thread, as the server renders whenever another request is in flight: the floor is
        // a single thread's cost, and a map split over the cores costs more CPU in all.
        let renderer = GuidanceRenderer(options: GuidanceOptions(width: args.width, height: args.height), threads: 1)
        for path in args.files {
            let input = try InputFile(path: path)
            let bytes = input.bytes
            let decode = { () throws -> Drawing in
                try InkReader.read(bytes, format: nil, options: InkImportOptions(maxBytes: limits.maxBytes), limits: limits)
            }
            let drawing: Drawing
            let map: GuidanceMap
            do {
                drawing = try decode()
                map = try renderer.render(drawing)
            } catch {
                throw BenchError.failed("\(path): the server's path fails on it: \(error)")
            }
            let encode = { (map: GuidanceMap) throws -> Int in
                try PNGCodec.encode(PNGDocument(image: map.image, text: [PNGTextChunk(keyword: "Software", text: "Inkling")]),
                                    compressionLevel: 1, filter: .up).count
            }
            var inRuns = StrokeJSONDecoder(limits: limits), whole = inRuns
            inRuns.pointCutting?.minimumBytes = 0
            whole.pointCutting = nil
            let all: [String: () throws -> Int] = [
                "decode-runs": { try inRuns.decode(bytes).pointCount },
                "decode-whole": { try whole.decode(bytes).pointCount },
                "json-c-dom": { try JSONCParser.parse(bytes) },
                "inkling-decode": { try decode().pointCount },
                "render": { try renderer.render(drawing).image.pixels.count },
                "png-encode": { try encode(map) },
                "floor": { try JSONCParser.parse(bytes) + encode(try renderer.render(drawing)) },
                "full": { try encode(try renderer.render(try decode())) },
            ]
            let jobs = try args.parts.map { name throws(BenchError) in
                guard let job = all[name] else { throw .usage("unknown part \(name) (\((parts + optionalParts).joined(separator: ", ")))") }
                return (name, job)
            }
            let results = try Stopwatch.blocks(jobs.map(\.1), repeat: args.repeatCount, clock: .processCPU)
            for ((name, _), measurement) in zip(jobs, results) {
                report(BenchRecord(
                    bench: "serve-floor", impl: name, file: input.name, bytes: bytes.count, points: drawing.pointCount,
                    size: "\(args.width)x\(args.height)", measurement: measurement))
            }
            let measured = Dictionary(uniqueKeysWithValues: zip(jobs.map(\.0), results))
            if !args.json, let line = summary(file: input.name, measured) { print(line) }
        }
    }

    /// Starts a thread that sleeps for the life of the process, so glibc runs as in a server.
    static func startIdleThread() {
        let thread = Thread {
            while true { sleep(3600) }
        }
        thread.name = "serve-floor idle"
        thread.start()
    }

    /// One line for people: the floor as requests per second per core, and json-c's share of the
    /// full path; `nil` unless the floor, the full path and json-c were all measured.
    static func summary(file: String, _ results: [String: Measurement]) -> String? {
        guard let floor = results["floor"]?.median, let full = results["full"]?.median,
              let parse = results["json-c-dom"]?.median else { return nil }
        return "serve-floor \(file): floor \(String(format: "%.3f", floor * 1000)) ms = \(String(format: "%.0f", 1 / floor)) req/s per core; "
            + "full \(String(format: "%.3f", full * 1000)) ms = \(String(format: "%.2f", full / floor))× the floor; "
            + "json-c's parse is \(String(format: "%.0f", 100 * parse / full))% of the full path"
    }
}
