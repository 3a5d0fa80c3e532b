import Foundation

/// One `comfyui` measurement: seconds per image of one client for requests of `limit` images.
struct ComfyUIRecord {
    /// `minimal` or `inkling`.
    var impl: String
    /// Images per request.
    var limit: Int
    /// Output size, `WxH`.
    var size: String
    /// Sampler steps per image, and milliseconds each.
    var steps: Int, stepMilliseconds: Int
    /// Seconds per image (each request's time over its images).
    var measurement: Measurement
    /// Inkling's median over the minimal client's, measured in the same run.
    var ratio: Double?

    /// A compact JSON object on one line.
    var jsonLine: String {
        var fields = [
            ("bench", "\"comfyui\""), ("impl", "\"\(impl)\""), ("what", "\"per-image-of-\(limit)\""), ("size", "\"\(size)\""),
            ("steps", "\(steps)"), ("step_ms", "\(stepMilliseconds)"), ("repeat", "\(measurement.samples.count)"),
            ("median_s", String(format: "%.9g", measurement.median)), ("min_s", String(format: "%.9g", measurement.minimum)),
        ]
        if let ratio { fields.append(("ratio", String(format: "%.4f", ratio))) }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// An aligned line for a terminal.
    var humanLine: String {
        let label = "\(impl) per image of \(limit)".padding(toLength: 26, withPad: " ", startingAt: 0)
        return "comfyui \(size) \(steps)×\(stepMilliseconds) ms \(label) median \(String(format: "%9.3f ms", measurement.median * 1000))"
            + "  min \(String(format: "%9.3f ms", measurement.minimum * 1000))" + (ratio.map { String(format: "  ratio %.3f×", $0) } ?? "")
    }
}
