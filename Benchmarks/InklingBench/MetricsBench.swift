import Foundation
import InklingComparison
import InklingImageIO

/// `InklingBench metrics a.png b.png`: SSIM and PSNR of one image pair, decoded before timing.
///
/// - `ssim`: `StructuralSimilarity.measure(a, b)` (every channel and the mean).
/// - `psnr`: `PeakSignalToNoiseRatio.measure(a, b)` (overall and per channel).
/// Each record carries the value, so `report.py` can check it against the peers'.
enum MetricsBench {
    /// Measures each requested metric on the pair `files[0]`, `files[1]`.
    static func run(_ args: BenchArguments, report: (BenchRecord) -> Void) throws {
        guard args.files.count == 2 else { throw BenchError.usage("metrics needs two images") }
        let a = try ImageFile.read(from: URL(fileURLWithPath: args.files[0]))
        let b = try ImageFile.read(from: URL(fileURLWithPath: args.files[1]))
        for metric in args.metrics {
            let job: () throws -> Double
            switch metric {
            case "ssim": job = { try StructuralSimilarity.measure(a, b).mean }
            case "psnr": job = { try PeakSignalToNoiseRatio.measure(a, b).decibels }
            default: throw BenchError.usage("unknown metric \(metric) (ssim, psnr)")
            }
            let value = try job()
            var measurement = Measurement()
            for _ in 0..<args.repeatCount {
                let start = ContinuousClock.now
                _ = try job()
                let d = ContinuousClock.now - start
                measurement.samples.append(Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18)
            }
            report(BenchRecord(bench: "metrics", impl: "inkling", encoding: metric, file: URL(fileURLWithPath: args.files[0]).lastPathComponent,
                               bytes: 0, points: a.width * a.height, size: "\(a.width)x\(a.height)", measurement: measurement, value: value))
        }
    }
}
