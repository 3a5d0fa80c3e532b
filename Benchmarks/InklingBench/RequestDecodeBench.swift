import InklingJobs
import Foundation
import InklingBase
import InklingConditioning
import InklingGuidance
import InklingImageIO
import InklingInterchange
import InklingServer
import InklingStrokes

/// `InklingBench request-decode`: what decoding a drawing costs inside a `POST /v1/generations`
/// body against the same drawing sent alone to `POST /v1/guidance`, and the share of the
/// pre-parse scans, in-process, single thread.
///
/// Parts, each in CPU seconds of the process:
/// - `guidance-decode`: `InkReader.read` of the drawing's bytes, as `/v1/guidance` decodes;
/// - `generation-decode`: the body `{"drawing": <file>, "prompt": "x"}` read as the server reads
///   it: ``JSONSetAsideDocument`` (one pass over the body, the rest parsed under the request's
///   budget), then `InkReader.read` of the drawing's bytes with the counts that pass made;
/// - `guidance-scans`: the one counting scan of the drawing alone (`JSONNesting.count`);
/// - `generation-scans`: the one pass over the body (`JSONNesting.members`) and the scan of the
///   rest (the body without its drawing);
/// - `guidance-request`: `guidance-decode`, the guidance render (512² unless `--size`) and the
///   PNG encode, the whole of a `/v1/guidance` request but for HTTP;
/// - `packed-decode`: the drawing read back from the ``PackedDrawing`` a cluster job carries (what
///   a worker does instead of decoding the drawing again).
///
/// The summary line holds the generation's decoding to ≤ 1.2 × the guidance decoding, and the
/// scans to ≤ 5 % of a request: of the guidance request, and of the generation's decoding alone
/// (stricter: the whole generation request also paints its images).
enum RequestDecodeBench {
    /// The parts there are, in the order they are measured and printed.
    static let parts = ["guidance-decode", "generation-decode", "guidance-scans", "generation-scans", "guidance-request", "packed-decode", "job-spec", "job-request"]

    /// Measures every part on every file.
    static func run(_ args: BenchArguments, report: (BenchRecord) -> Void) throws {
        InklingServer.tuneMemoryForServing()
        let configuration = ServerConfiguration()
        var limits = configuration.drawingLimits
        limits.maxBytes = min(limits.maxBytes, configuration.maxBodyBytes)
        let bodyLimits = InklingServer.generationBodyLimits
        let renderer = GuidanceRenderer(options: GuidanceOptions(width: args.width, height: args.height))
        for path in args.files {
            let input = try InputFile(path: path)
            let raw = input.bytes
            let body = Array(#"{"drawing": "#.utf8) + raw + Array(#", "prompt": "x"}"#.utf8)
            let alone = { () throws -> Drawing in
                try InkReader.read(raw, format: nil, options: InkImportOptions(maxBytes: limits.maxBytes), limits: limits)
            }
            let inside = { () throws -> Drawing in
                let parsed = try JSONSetAsideDocument(parsing: body, settingAside: "drawing", limits: bodyLimits)
                guard let drawing = parsed.setAside else { throw BenchError.failed("\(path): the drawing was not set aside") }
                var options = InkImportOptions(maxBytes: limits.maxBytes)
                options.scanned = parsed.setAsideScan
                return try InkReader.read(Array(drawing), format: nil, options: options, limits: limits)
            }
            let drawing = try alone()
            guard try inside() == drawing else { throw BenchError.failed("\(path): the two paths decode different drawings") }
            let rest = Array(#"{"drawing": 0, "prompt": "x"}"#.utf8)
            let packed = PackedDrawing.encode(drawing)
            guard try PackedDrawing.decode(packed, limits: limits) == drawing else { throw BenchError.failed("\(path): the packed drawing reads back different") }
            let generation = try GenerationRequest(body: Array(#"{"prompt": "a cosy house", "style": "sketch", "options": {"size": "256x256"}, "drawing": "#.utf8) + raw + Array("}".utf8),
                                                   base: GenerationOptions(), limits: limits)
            let spec = try JobSpec(generation)
            let jobs: [(String, () throws -> Int)] = [
                ("guidance-decode", { try alone().pointCount }),
                ("generation-decode", { try inside().pointCount }),
                ("guidance-scans", { JSONNesting.count(in: raw, depthLimit: 1000).values }),
                ("generation-scans", {
                    (JSONNesting.members(in: body, depthLimit: 64)?.count ?? 0) + JSONNesting.count(in: rest, depthLimit: 32).values
                }),
                ("guidance-request", {
                    try PNGCodec.encode(PNGDocument(image: try renderer.render(try alone()).image, text: [PNGTextChunk(keyword: "Software", text: "Inkling")]),
                                        compressionLevel: 1, filter: .up).count
                }),
                ("packed-decode", { try PackedDrawing.decode(packed, limits: limits).pointCount }),
                ("job-spec", { try JobSpec(generation).json.count }),
                ("job-request", { try spec.request(base: GenerationOptions(), limits: limits).concepts.count }),
            ]
            let results = try Stopwatch.blocks(jobs.map(\.1), repeat: args.repeatCount, clock: .processCPU)
            for ((name, _), measurement) in zip(jobs, results) {
                report(BenchRecord(bench: "request-decode", impl: name, file: input.name, bytes: raw.count, points: drawing.pointCount,
                                   size: "\(args.width)x\(args.height)", measurement: measurement))
            }
            if !args.json { print(summary(file: input.name, Dictionary(uniqueKeysWithValues: zip(jobs.map(\.0), results.map(\.median))))) }
        }
    }

    /// The targets on one line each: the decoding ratio and the scans' shares, PASS or MISS.
    static func summary(file: String, _ median: [String: Double]) -> String {
        let ratio = median["generation-decode", default: 0] / median["guidance-decode", default: .infinity]
        let guidanceShare = median["guidance-scans", default: 0] / median["guidance-request", default: .infinity]
        let generationShare = median["generation-scans", default: 0] / median["generation-decode", default: .infinity]
        func mark(_ ok: Bool) -> String { ok ? "PASS" : "MISS" }
        return """
            request-decode \(file):
              \(mark(ratio <= 1.2))  a generation's decoding ≤ 1.2 × /v1/guidance's: \(String(format: "%.3f", ratio)) (\(ms(median["generation-decode"])) vs \(ms(median["guidance-decode"])))
              \(mark(guidanceShare <= 0.05))  scans ≤ 5% of a /v1/guidance request: \(String(format: "%.1f", 100 * guidanceShare))% (\(ms(median["guidance-scans"])) of \(ms(median["guidance-request"])))
              \(mark(generationShare <= 0.05))  scans ≤ 5% of a generation's decoding: \(String(format: "%.1f", 100 * generationShare))% (\(ms(median["generation-scans"])) of \(ms(median["generation-decode"])))
            """
    }

    private static func ms(_ seconds: Double?) -> String { String(format: "%.3f ms", (seconds ?? 0) * 1000) }
}
