import InklingBase

/// The command line of `InklingBench`: a subcommand, its input files and options.
struct BenchArguments {
    /// `parse`, `raster`, `render`, `metrics`, `comfyui` or `serve-floor`.
    var command: String
    /// Input stroke JSON files.
    var files: [String] = []
    /// Timed runs per implementation, after one warm-up run.
    var repeatCount = 7
    /// Output size for rasterization (`serve-floor`: 512x512 unless given, the load test's map).
    var width = 1024, height = 1024
    /// Guidance encodings to rasterize, by name.
    var encodings = ["scribble", "soft", "distance", "confidence"]
    /// Parse implementations to run, by name.
    var parsers = ["json-c-dom", "inkling", "foundation-jsondecoder"]
    /// Metrics to measure, by name (`metrics`).
    var metrics = ["ssim", "psnr"]
    /// Parts of a guidance request to time, by name (`serve-floor`).
    var parts = ServeFloorBench.parts
    /// Whether `serve-floor` measures in a process that has a second (idle) thread, as every
    /// server has: glibc's allocator takes its locks only once a process has two threads.
    var multiThreadedProcess = true
    /// Styles to render, by name (`render`).
    var styles = ["animation", "illustration", "sketch", "emoji"]
    /// Print one JSON line per measurement instead of a human-readable line.
    var json = false
    /// Sampler steps per image, and milliseconds per step, of the ComfyUI fake (`comfyui`).
    var steps = 20, stepMilliseconds = 10

    /// When set, raster maps are also written to `<prefix>-<encoding>.pgm` to look at.
    var pgmPrefix: String?

    /// The usage text.
    static let usage = """
        usage: InklingBench parse <file.json>... [--repeat N] [--parsers a,b] [--json]
               InklingBench raster <file.json>... [--size WxH] [--repeat N] [--encodings a,b]
                                   [--pgm-prefix P] [--json]
               InklingBench render <file.json>... [--size WxH] [--repeat N] [--styles a,b] [--json]
               InklingBench metrics <a.png> <b.png> [--repeat N] [--metrics ssim,psnr] [--json]
               InklingBench comfyui <file.json> [--size WxH] [--repeat N] [--steps N] [--step-ms N] [--json]
               InklingBench serve-floor <body.json>... [--size WxH] [--repeat N] [--parts a,b]
                                   [--process multi-threaded|single-threaded] [--json]
               InklingBench request-decode <drawing.json>... [--size WxH] [--repeat N] [--json]
               InklingBench redis-roundtrip <redis://host:port> [--repeat N] [--step-ms N] [--json]
               InklingBench live-frame <file.json>... [--size WxH] [--repeat N] [--json]
               InklingBench live-cluster <redis://host:port> <file.json> [--size WxH] [--repeat N] [--json]
        parse:  json-c-dom (json_tokener_parse_ex + json_object_put), inkling
                (StrokeJSONDecoder.decode), foundation-jsondecoder (JSONDecoder into Codable structs);
                on request inkling-whole-tree (the decoder reading long points arrays as one tree)
        raster: GuidanceRenderer.render per encoding (scribble, soft, distance, confidence);
                the drawing is decoded once, outside the timing
        render: BuiltInEngine.generate per style (image), and four variations started together
                (first-of-4: until variation 0 is done; all-of-4); see RenderBench.swift
        comfyui: seconds per image through the ComfyUI fake (--steps steps of --step-ms ms, default
                20 × 10 ms), a minimal client and Inkling side by side, requests of 1 and 4 images,
                and Inkling's ratio; see ComfyUIBench.swift
        serve-floor: one POST /v1/guidance in-process, no HTTP, single thread (default 512x512):
                json-c-dom (bare parse of the body), inkling-decode (InkReader, as the server
                decodes), render (GuidanceRenderer), png-encode (level 1, Up filter), floor
                (json-c-dom + render + png-encode), full (inkling-decode + render +
                png-encode), and, not measured by default, decode-runs and decode-whole (the
                stroke decoder reading long points arrays in runs, as it does from 256 KiB, and
                as one json-c tree), each in CPU seconds of the process, on one thread of a process
                that also holds an idle thread (--process multi-threaded, the default: glibc's
                malloc then takes its locks, as in any server) or of a process with no other
                thread (single-threaded: glibc skips them); see ServeFloorBench.swift
        request-decode: a drawing decoded inside a POST /v1/generations body against the same
                drawing alone (POST /v1/guidance), the pre-parse scans' share, and a cluster
                job's spec written (job-spec) and read back (job-request); see RequestDecodeBench.swift
        redis-roundtrip: PING and a 234,000-byte SET through RedisClient against the same
                command on a bare connection on the calling thread, each after --step-ms idle
                milliseconds (default 10); see RedisRoundTripBench.swift
        live-frame: one live session frame of the built-in engine (BuiltInLiveRenderer: guidance
                map, painting, JPEG; default 512x512): live-frame (a new drawing revision each
                frame), live-frame-map-reused (only the prompt changes); see LiveFrameBench.swift
        metrics: StructuralSimilarity.measure (ssim) and PeakSignalToNoiseRatio.measure (psnr) of
                one pair, decoded outside the timing
        Each implementation runs once to warm up, then --repeat times (default 7), in its own
        block; the median and the minimum are reported. For comparisons, run one implementation
        per process (--parsers X, --encodings X) and alternate processes, as run.sh does.
        """

    /// Parses `CommandLine.arguments`-style input (without the program name).
    init(_ args: [String]) throws(BenchError) {
        guard let first = args.first, ["parse", "raster", "render", "metrics", "comfyui", "serve-floor", "request-decode", "redis-roundtrip", "live-frame", "live-cluster"].contains(first) else { throw .usage("") }
        command = first
        if command == "serve-floor" || command == "request-decode" || command == "live-frame" || command == "live-cluster" { width = 512; height = 512 }
        var i = 1
        func value() throws(BenchError) -> String {
            i += 1
            guard i < args.count else { throw .usage("\(args[i - 1]) needs a value") }
            return args[i]
        }
        /// A comma-separated list of names, each at most once (results are keyed by name).
        func names() throws(BenchError) -> [String] {
            let option = args[i]
            let list = try value().split(separator: ",").map(String.init)
            guard !list.isEmpty else { throw .usage("\(option) needs at least one name") }
            if let twice = list.first(where: { name in list.filter { $0 == name }.count > 1 }) {
                throw .usage("\(option) names \(twice) twice")
            }
            return list
        }
        while i < args.count {
            switch args[i] {
            case "--repeat":
                guard let n = Int(try value()), n >= 1 else { throw .usage("--repeat needs a positive integer") }
                repeatCount = n
            case "--size":
                guard let size = SizeText.parse(try value(), sides: 1...16_384) else { throw .usage("--size needs \(SizeText.expectation(sides: 1...16_384))") }
                width = size.width; height = size.height
            case "--encodings": encodings = try names()
            case "--styles": styles = try names()
            case "--metrics": metrics = try names()
            case "--parsers": parsers = try names()
            case "--parts": parts = try names()
            case "--process":
                switch try value() {
                case "multi-threaded": multiThreadedProcess = true
                case "single-threaded": multiThreadedProcess = false
                case let other: throw .usage("--process needs multi-threaded or single-threaded, got \(other.prefix(40))")
                }
            case "--pgm-prefix": pgmPrefix = try value()
            case "--steps":
                guard let n = Int(try value()), n >= 1 else { throw .usage("--steps needs a positive integer") }
                steps = n
            case "--step-ms":
                guard let n = Int(try value()), n >= 0 else { throw .usage("--step-ms needs a whole number of milliseconds") }
                stepMilliseconds = n
            case "--json": json = true
            case "-h", "--help": throw .usage("")
            case let a where a.hasPrefix("-"): throw .usage("unknown option \(a)")
            case let a: files.append(a)
            }
            i += 1
        }
        guard !files.isEmpty else { throw .usage("no input file") }
    }
}
