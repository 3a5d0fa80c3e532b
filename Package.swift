// swift-tools-version:6.0
// Inkling: drawing-guided image generation.
// Pipeline, one module per stage: strokes → guidance → (conditioning → engines → outputs → comparison).

import PackageDescription

/// The modules of the pipeline, strokes to comparison, in the `Inkling` product together.
let pipelineModules = [
    "Inkling", "InklingBase", "InklingStrokes", "InklingImageIO", "InklingGuidance", "InklingInterchange",
    "InklingConditioning", "InklingEngines", "InklingBuiltInEngine", "InklingTransport", "InklingRemoteEngines",
    "InklingComparison", "InklingOutputs",
]

let package = Package(
    name: "Inkling",
    // iOS is listed for `InklingClient` alone: every other module links C libraries iOS lacks.
    platforms: [.macOS(.v14), .iOS(.v17)],
    // An app depends on the product `Inkling` and writes `import Inkling`: the facade re-exports
    // the pipeline's modules (Sources/Inkling/Exports.swift; see docs/library.md). Every public
    // module is also a product of its own, for a package that wants only a stage (say, stroke
    // JSON and guidance maps without ICU or the engines).
    products: [
        .library(name: "Inkling", targets: pipelineModules),
        .library(name: "InklingRegression", targets: ["InklingRegression"]),
        .library(name: "InklingSnapshotTesting", targets: ["InklingSnapshotTesting"]),
        .library(name: "InklingJobs", targets: ["InklingJobs"]),
        .library(name: "InklingLive", targets: ["InklingLive"]),
        .library(name: "InklingServer", targets: ["InklingServer"]),
        .library(name: "InklingRedis", targets: ["InklingRedis"]),
        .library(name: "InklingCluster", targets: ["InklingCluster"]),
        // The iPad's way in (issue 39): Foundation only, no C library anywhere in its graph.
        .library(name: "InklingClient", targets: ["InklingClient"]),
        .executable(name: "inkling", targets: ["inkling"]),
    ] + pipelineModules.filter { $0 != "Inkling" }.map { .library(name: $0, targets: [$0]) },
    targets: [
        // MARK: C libraries from the system package manager

        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"]), .brew(["json-c"])]
        ),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
        ),
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .systemLibrary(
            name: "CLibJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]
        ),
        // ICU is reached only through CInklingICU's .c file: its headers clash with the ICU module
        // Foundation carries, so no Swift module ever imports CICU directly.
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
        ),
        // libxml2 is reached only through CInklingXML's .c file (its headers pull in ICU, which
        // clashes with Foundation's), so no Swift module imports CLibXML2 directly.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // zlib (already linked through libpng): gzip request bodies and PNG text, through CInklingZlib only.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        // Redis's own official C client; its blocking API is reached only through InklingRedis.
        .systemLibrary(
            name: "CHiredis",
            pkgConfig: "hiredis",
            providers: [.apt(["libhiredis-dev"]), .brew(["hiredis"])]
        ),
        // Thin C shim that hosts libpng's setjmp/longjmp error handling and turns it into
        // return codes; Swift never sees a png_struct.
        .target(
            name: "CInklingPNG",
            dependencies: ["CLibPNG"]
        ),

        // libjpeg-turbo's error handling is setjmp/longjmp too: hosted here, return codes out.
        .target(
            name: "CInklingJPEG",
            dependencies: ["CLibJPEG"]
        ),
        // gzip inflation under an output budget, zlib deflation: z_stream stays in C, bytes out.
        .target(
            name: "CInklingZlib",
            dependencies: ["CZlib"]
        ),
        // XML parsing (InkML) with libxml2 behind Inkling's own small C API: no entities, no network.
        .target(
            name: "CInklingXML",
            dependencies: ["CLibXML2"]
        ),
        // HTTP serving with libmicrohttpd behind Inkling's own small C API: its variadic
        // MHD_start_daemon, body accumulation and suspend/resume for answers given later.
        .target(
            name: "CInklingHTTP",
            dependencies: ["CMicroHTTPD"]
        ),
        // Word segmentation with ICU's break iterator behind Inkling's own small C API.
        .target(
            name: "CInklingICU",
            dependencies: ["CICU"]
        ),

        // MARK: The pipeline

        // Base: what every stage shares and no image code: the one JSON reader (json-c, strict,
        // budgeted, JSON paths) and writer, number text, conversions from Double that cannot
        // trap, edit distance, digests, UTF-8 validation, sizes.
        .target(name: "InklingBase", dependencies: ["CJSONC"]),

        // Strokes: the PencilKit-style drawing model and its canonical JSON (json-c). No images.
        .target(
            name: "InklingStrokes",
            dependencies: ["CJSONC", "InklingBase"]
        ),
        // Image I/O: pixel buffers and PNG reading/writing with text chunks, atomic writes.
        .target(
            name: "InklingImageIO",
            dependencies: ["CInklingPNG", "CInklingJPEG", "CInklingZlib", "InklingBase"]
        ),
        // Guidance: stroke outlines and cairo rasterization into guidance maps.
        .target(
            name: "InklingGuidance",
            dependencies: ["InklingStrokes", "InklingImageIO", "InklingBase", "CCairo"]
        ),
        // Interchange: importers (Pointer Events, InkML, Quick, Draw!, Excalidraw, tldraw,
        // perfect-freehand) into the canonical drawing, format detection, SVG export.
        .target(
            name: "InklingInterchange",
            dependencies: ["InklingStrokes", "InklingGuidance", "InklingBase", "CInklingXML"]
        ),
        // Conditioning: concepts (text, extracted keyphrases, image, drawing), styles, options,
        // language detection.
        .target(
            name: "InklingConditioning",
            dependencies: ["InklingBase", "InklingStrokes", "InklingImageIO", "InklingGuidance", "CInklingICU"]
        ),
        // Engines: the engine protocol, requests, failures and configuration …
        .target(
            name: "InklingEngines",
            dependencies: ["InklingConditioning", "InklingGuidance", "InklingImageIO", "InklingBase", "InklingStrokes"]
        ),
        // … the built-in, deterministic painter …
        .target(
            name: "InklingBuiltInEngine",
            dependencies: ["InklingEngines", "InklingConditioning", "InklingGuidance", "InklingImageIO", "InklingBase", "InklingStrokes", "CCairo"]
        ),
        // … the HTTP/1.1, WebSocket and multipart transport the remote adapters speak (its own
        // errors; it knows nothing of engines) …
        .target(
            name: "InklingTransport",
            dependencies: ["InklingBase"]
        ),
        // … and the adapters for ComfyUI, AUTOMATIC1111/Forge and OpenAI-compatible servers.
        .target(
            name: "InklingRemoteEngines",
            dependencies: ["InklingEngines", "InklingTransport", "InklingConditioning", "InklingGuidance", "InklingImageIO",
                           "InklingBase", "InklingStrokes"]
        ),
        // Comparison: image metrics (PSNR, SSIM, CIEDE2000 perceptual difference) and guidance adherence.
        .target(
            name: "InklingComparison",
            dependencies: ["InklingBase", "InklingImageIO", "InklingGuidance"]
        ),
        // Outputs: recipes in PNG text chunks, temporary result files, emoji image sets.
        .target(
            name: "InklingOutputs",
            dependencies: ["InklingBase", "InklingConditioning", "InklingImageIO", "InklingStrokes"]
        ),
        // The Image Playground-shaped entry point: ImageCreator, availability, streaming results.
        .target(
            name: "Inkling",
            dependencies: [
                "InklingBase", "InklingStrokes", "InklingGuidance", "InklingImageIO", "InklingConditioning", "InklingInterchange",
                "InklingEngines", "InklingBuiltInEngine", "InklingRemoteEngines", "InklingComparison", "InklingOutputs",
            ]
        ),
        // Regression testing of guided outputs: cases, rendering, comparison with references,
        // record modes, HTML and JSON reports.
        .target(
            name: "InklingRegression",
            dependencies: [
                "Inkling", "InklingJobs", "InklingComparison", "InklingConditioning", "InklingEngines", "InklingBuiltInEngine", "InklingImageIO",
                "InklingInterchange", "InklingOutputs", "InklingStrokes",
            ]
        ),
        // `assertGuidedSnapshot` for Swift Testing and XCTest: the regression library's check,
        // its failures recorded where the test runs. Kept apart so nothing else links XCTest.
        .target(
            name: "InklingSnapshotTesting",
            dependencies: [
                "InklingRegression", "InklingBuiltInEngine", "InklingComparison", "InklingConditioning", "InklingEngines",
                "InklingImageIO",
            ]
        ),
        // Jobs: the one job model (a planned request with an id, its states and events, its JSON
        // form for a queue) and the one runner that drives an engine for a job, used by the
        // single-process server, the cluster's workers, `inkling render` and `inkling regress`;
        // with the in-process job queue (`LocalJobs`).
        .target(
            name: "InklingJobs",
            dependencies: [
                "Inkling", "InklingBase", "InklingConditioning", "InklingEngines", "InklingImageIO", "InklingInterchange",
                "InklingOutputs", "InklingStrokes",
            ]
        ),
        // Live: a live drawing session without its transport (issue 38): the message codec, the
        // drawing and its revisions, the scheduler (latest input wins) and the renderers a
        // session's frames come from (the built-in engine's among them).
        .target(
            name: "InklingLive",
            dependencies: [
                "InklingJobs", "InklingBase", "InklingStrokes", "InklingConditioning", "InklingEngines", "InklingBuiltInEngine",
                "InklingGuidance", "InklingImageIO",
            ]
        ),
        // HTTP: libmicrohttpd's exchanges over the C shim, as Swift requests and responses, and
        // upgraded WebSocket connections (framing from InklingTransport's codec). No API.
        .target(
            name: "InklingHTTP",
            dependencies: ["CInklingHTTP", "CInklingZlib", "InklingBase", "InklingTransport"]
        ),
        // Usage limits: token buckets per client, in this process (the cluster shares them on Redis).
        .target(
            name: "InklingLimits",
            dependencies: ["InklingJobs", "InklingBase"]
        ),
        // Serving: the HTTP API (routes, validation, answers: generations, guidance maps, jobs,
        // image downloads) and the web canvas page.
        .target(
            name: "InklingServer",
            dependencies: [
                "InklingHTTP", "InklingJobs", "InklingLimits", "Inkling", "InklingConditioning", "InklingEngines", "InklingBuiltInEngine",
                "InklingGuidance", "InklingImageIO", "InklingInterchange", "InklingBase", "InklingOutputs", "InklingStrokes",
                "InklingLive", "InklingTransport",
            ],
            resources: [.copy("Web")]
        ),
        // Redis: URLs, replies and a pooled async client on hiredis, for the generation cluster.
        .target(
            name: "InklingRedis",
            dependencies: ["CHiredis", "InklingBase"]
        ),
        // Cluster: front ends and workers on Redis Streams (jobs, events, images, shared limits).
        .target(
            name: "InklingCluster",
            dependencies: ["InklingRedis", "InklingJobs", "InklingLimits", "Inkling", "InklingEngines", "InklingConditioning", "InklingStrokes", "InklingBase"]
        ),
        // Client: stroke JSON, a PencilKit bridge and an async client of the HTTP API and live
        // sessions, in Foundation alone, so it builds for iOS, iPadOS, macOS and Linux (issue 39).
        // It must never depend on another target of this package: they all reach C libraries.
        .target(name: "InklingClient"),
        // The command tree behind the `inkling` executable, kept in a library so tests can drive it.
        .target(
            name: "InklingCLI",
            dependencies: [
                "InklingStrokes", "InklingImageIO", "InklingGuidance", "Inkling", "InklingConditioning",
                "InklingEngines", "InklingBuiltInEngine", "InklingRemoteEngines", "InklingOutputs", "InklingInterchange", "InklingComparison", "InklingRegression", "InklingServer",
                "InklingBase", "InklingCluster", "InklingRedis", "InklingJobs", "InklingLimits", "InklingHTTP", "InklingTransport", "InklingLive",
            ]
        ),
        .executableTarget(
            name: "inkling",
            dependencies: ["InklingCLI"]
        ),

        // MARK: Benchmarks

        .executableTarget(
            name: "InklingBench",
            dependencies: [
                "InklingBase", "InklingStrokes", "InklingGuidance", "Inkling", "InklingEngines", "InklingBuiltInEngine", "InklingConditioning",
                "InklingComparison", "InklingImageIO", "CJSONC", "InklingRemoteEngines", "InklingTransport",
                // InkReader, as the server decodes a guidance body, and the server's allocator
                // settings, for `InklingBench serve-floor`.
                "InklingInterchange", "InklingServer", "InklingJobs", "InklingHTTP", "InklingRedis",
                // One live frame (`InklingBench live-frame`), and through a cluster (`live-cluster`).
                "InklingLive", "InklingCluster",
                // The ComfyUI fake that behaves like the real server, for `InklingBench comfyui`.
                "InklingEngineFakes",
            ],
            path: "Benchmarks/InklingBench"
        ),

        // MARK: Tests

        // Loopback fakes of the engine servers (ComfyUI, A1111/Forge, OpenAI-compatible) that
        // validate what they receive; used by the engine and CLI tests.
        .target(
            name: "InklingEngineFakes",
            dependencies: ["InklingBase", "InklingEngines", "InklingTransport", "InklingImageIO"],
            path: "Tests/EngineFakes",
            // What a real ComfyUI 0.3.64 answered (its whole /object_info and some prompts it took).
            resources: [.copy("Reference")]
        ),
        // The same fakes as a program, for trying `inkling render --engine …` and `inkling doctor` by hand.
        .executableTarget(
            name: "inkling-fake-engines",
            dependencies: ["InklingEngineFakes"],
            path: "Tests/FakeEngineServer"
        ),
        // One raw HTTP/1.1 request through the whole server without a socket: the fuzz-http
        // target's harness, and the hostile-HTTP tests'.
        .target(
            name: "InklingHTTPExchange",
            dependencies: ["InklingServer", "InklingBuiltInEngine", "InklingEngines"],
            path: "Fuzz/HTTPExchange"
        ),
        // A real redis-server per test (free loopback port, own directory), for the Redis tests.
        .target(
            name: "InklingRedisTestSupport",
            dependencies: ["InklingRedis"],
            path: "Tests/RedisSupport"
        ),
        // Runs a command and reports its own peak RSS, for MemoryBudgetTests (see its main.c).
        .executableTarget(name: "inkling-peak-rss", path: "Tests/PeakRSS"),

        .testTarget(name: "InklingBaseTests", dependencies: ["InklingBase"]),
        .testTarget(name: "InklingStrokesTests", dependencies: ["InklingStrokes", "InklingBase", "InklingGuidance"]),
        .testTarget(name: "InklingImageIOTests", dependencies: ["InklingImageIO"], exclude: ["Fixtures"]),
        .testTarget(
            name: "InklingGuidanceTests",
            dependencies: ["InklingGuidance", "InklingStrokes", "InklingImageIO", "InklingInterchange"],
            resources: [.copy("Golden"), .copy("Freehand")]
        ),
        .testTarget(name: "InklingConditioningTests", dependencies: ["InklingConditioning"]),
        .testTarget(name: "InklingInterchangeTests", dependencies: ["InklingInterchange", "InklingStrokes", "InklingGuidance"]),
        .testTarget(
            name: "InklingEnginesTests",
            dependencies: ["Inkling", "InklingEngines", "InklingBuiltInEngine", "InklingRemoteEngines", "InklingTransport", "InklingConditioning", "InklingComparison", "InklingGuidance", "InklingStrokes",
                           "InklingImageIO", "InklingEngineFakes"]
        ),
        .testTarget(name: "InklingComparisonTests", dependencies: ["InklingComparison"]),
        .testTarget(
            name: "InklingSnapshotTestingTests",
            dependencies: ["InklingSnapshotTesting", "InklingRegression", "InklingConditioning", "InklingImageIO", "InklingInterchange",
                           "InklingOutputs", "InklingStrokes"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "InklingOutputsTests", dependencies: ["InklingBase", "InklingOutputs", "InklingConditioning", "InklingImageIO"],
                    exclude: ["OldRecipes"]),
        .testTarget(
            name: "InklingTests",
            dependencies: [
                "Inkling", "InklingConditioning", "InklingEngines", "InklingRemoteEngines", "InklingOutputs", "InklingStrokes", "InklingImageIO",
                "InklingComparison", "InklingEngineFakes",
            ]
        ),
        .testTarget(
            name: "InklingRegressionTests",
            dependencies: ["InklingRegression", "InklingComparison", "InklingEngines", "InklingBuiltInEngine", "InklingConditioning", "InklingImageIO"]
        ),
        .testTarget(
            name: "InklingServerTests",
            dependencies: ["InklingBase", "InklingServer", "InklingJobs", "InklingLimits", "InklingHTTP", "InklingHTTPExchange", "Inkling", "InklingEngines",
                           "InklingRemoteEngines", "InklingImageIO", "InklingEngineFakes", "InklingConditioning", "InklingTransport",
                           "InklingCluster", "InklingRedis", "InklingRedisTestSupport"]
        ),
        .testTarget(
            name: "InklingLiveTests",
            dependencies: ["InklingLive", "InklingJobs", "InklingBase", "InklingStrokes", "InklingConditioning", "InklingImageIO", "InklingGuidance"]
        ),
        // The client's round trip through the server's json-c decoder, its PencilKit mapping, and
        // its API calls against a real `inkling serve` (the debug binary next to the tests).
        // InklingTransport's WebSocket client carries the live session in the tests on Linux, where
        // URLSessionWebSocketTask needs a libcurl with WebSockets.
        .testTarget(name: "InklingClientTests", dependencies: ["InklingClient", "InklingStrokes", "InklingInterchange", "InklingTransport"]),
        .testTarget(name: "InklingRedisTests", dependencies: ["InklingRedis", "InklingRedisTestSupport"]),
        .testTarget(
            name: "InklingClusterTests",
            dependencies: ["InklingCluster", "InklingRedis", "InklingRedisTestSupport", "InklingServer", "InklingJobs", "InklingLimits", "InklingBuiltInEngine", "InklingEngines",
                           "InklingConditioning", "InklingImageIO", "InklingStrokes", "InklingBase"]
        ),
        .testTarget(
            name: "InklingCLITests",
            dependencies: ["InklingCLI", "InklingConditioning", "InklingStrokes", "InklingImageIO", "InklingOutputs", "InklingEngines", "InklingEngineFakes"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// MARK: Fuzzing (only with INKLING_FUZZ set)

// libFuzzer targets, one executable per parser or pipeline (sources in Fuzz/<name>/: a function
// exported as `LLVMFuzzerTestOneInput` and an `@main` that calls CInklingFuzz's driver). Built by
// Fuzz/build.sh with `-sanitize=fuzzer,address`. Absent from ordinary builds.
if Context.environment["INKLING_FUZZ"] != nil {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("stroke-json", ["InklingStrokes"]),
        ("pointer-events", ["InklingFuzzImport"]),
        ("inkml", ["InklingFuzzImport"]),
        ("quickdraw", ["InklingFuzzImport"]),
        ("excalidraw", ["InklingFuzzImport"]),
        ("tldraw", ["InklingFuzzImport"]),
        ("freehand", ["InklingFuzzImport"]),
        ("detect", ["InklingInterchange", "InklingStrokes"]),
        ("png", ["InklingImageIO"]),
        ("jpeg", ["InklingImageIO"]),
        ("recipe", ["InklingOutputs", "InklingImageIO"]),
        ("pipeline", ["InklingStrokes", "InklingGuidance", "InklingInterchange", "InklingImageIO"]),
        ("http", ["InklingHTTPExchange"]),
        ("http-head", ["InklingHTTPExchange"]),
        ("redis-url", ["InklingRedis"]),
        ("packed-drawing", ["InklingStrokes"]),
        ("stroke-shape", ["InklingStrokes"]),
        ("api-key-file", ["InklingServer", "InklingJobs"]),
        ("gzip-body", ["InklingHTTP"]),
        ("websocket", ["InklingTransport"]),
        ("live-message", ["InklingLive", "InklingJobs"]),
    ]
    // libFuzzer's driver behind a C entry point that each target's `@main` calls.
    package.targets.append(.target(name: "CInklingFuzz", path: "Fuzz/CInklingFuzz"))
    // The driver call and the property checks the targets share.
    package.targets.append(.target(
        name: "InklingFuzzSupport", dependencies: ["CInklingFuzz", "InklingStrokes"], path: "Fuzz/Support"))
    // The check the importer targets share.
    package.targets.append(.target(
        name: "InklingFuzzImport", dependencies: ["InklingFuzzSupport", "InklingInterchange", "InklingStrokes"],
        path: "Fuzz/ImportSupport"))
    for target in fuzzTargets {
        package.targets.append(.executableTarget(
            name: "fuzz-\(target.name)", dependencies: ["InklingFuzzSupport"] + target.dependencies,
            path: "Fuzz/\(target.name)"))
        package.products.append(.executable(name: "fuzz-\(target.name)", targets: ["fuzz-\(target.name)"]))
    }
}
