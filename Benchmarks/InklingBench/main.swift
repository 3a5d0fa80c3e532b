import Foundation

// InklingBench: parse, rasterization, render, ComfyUI per-image, image-metric and guidance-request floor benchmarks; see Benchmarks/README.md.

/// Writes one line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

let arguments: BenchArguments
do {
    arguments = try BenchArguments(Array(CommandLine.arguments.dropFirst()))
} catch {
    if CommandLine.arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
        print(BenchArguments.usage)
        exit(0)
    }
    if case .usage(let message) = error, !message.isEmpty { printError("InklingBench: \(message)") }
    printError(BenchArguments.usage)
    exit(2)
}

do {
    let report: (BenchRecord) -> Void = { record in
        print(arguments.json ? record.jsonLine : record.humanLine)
    }
    switch arguments.command {
    case "parse": try ParseBench.run(arguments, report: report)
    case "metrics": try MetricsBench.run(arguments, report: report)
    case "render": try RenderBench.run(arguments).forEach { print(arguments.json ? $0.jsonLine : $0.humanLine) }
    case "request-decode": try RequestDecodeBench.run(arguments, report: report)
    case "comfyui": try ComfyUIBench.run(arguments).forEach { print(arguments.json ? $0.jsonLine : $0.humanLine) }
    case "serve-floor": try ServeFloorBench.run(arguments, report: report)
    case "redis-roundtrip": try RedisRoundTripBench.run(arguments, report: report)
    case "live-frame": try LiveFrameBench.run(arguments).forEach { print(arguments.json ? $0.jsonLine : $0.humanLine) }
    case "live-cluster": try LiveClusterBench.run(arguments)
    default: try RasterBench.run(arguments, report: report)
    }
} catch {
    printError("InklingBench: \(error)")
    exit(1)
}
