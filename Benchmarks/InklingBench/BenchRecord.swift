import Foundation

/// One measurement as printed: a JSON line for `run.sh`, or a line for people.
struct BenchRecord {
    /// `parse`, `raster`, `metrics` or `serve-floor`.
    var bench: String
    /// Which implementation was measured (`inkling`, `json-c-dom`, …).
    var impl: String
    /// The guidance encoding, for raster measurements.
    var encoding: String?
    /// Input file name (without its folder).
    var file: String
    /// Input size in bytes.
    var bytes: Int
    /// Control points in the input.
    var points: Int
    /// Output size, for raster measurements.
    var size: String?
    /// The timings.
    var measurement: Measurement
    /// The value computed, for metric measurements (so sides can be checked to agree).
    var value: Double? = nil

    /// Input megabytes (10⁶ bytes) per second at the median time.
    var megabytesPerSecond: Double { Double(bytes) / measurement.median / 1e6 }
    /// Control points per second at the median time.
    var pointsPerSecond: Double { Double(points) / measurement.median }

    /// A compact JSON object on one line.
    var jsonLine: String {
        var fields: [(String, String)] = [("bench", quoted(bench)), ("impl", quoted(impl))]
        if let encoding { fields.append(("encoding", quoted(encoding))) }
        fields.append(("file", quoted(file)))
        if let size { fields.append(("size", quoted(size))) }
        fields += [
            ("bytes", "\(bytes)"), ("points", "\(points)"), ("repeat", "\(measurement.samples.count)"),
            ("median_s", number(measurement.median)), ("min_s", number(measurement.minimum)),
            ("points_per_s", number(pointsPerSecond)),
        ]
        if bench == "parse" { fields.append(("mb_per_s", number(megabytesPerSecond))) }
        if let value { fields.append(("value", String(format: "%.17g", value))) }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// An aligned line for a terminal.
    var humanLine: String {
        let what = encoding.map { "\(impl) \($0)" } ?? impl
        var line = "\(bench) \(pad(file, 26)) \(pad(what, 26)) median \(ms(measurement.median))  min \(ms(measurement.minimum))"
        line += "  \(String(format: "%7.2f", pointsPerSecond / 1e6)) M points/s"
        if bench == "parse" { line += "  \(String(format: "%7.1f", megabytesPerSecond)) MB/s" }
        if let value { line += "  value \(String(format: "%.10g", value))" }
        return line
    }

    private func quoted(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private func number(_ v: Double) -> String { v.isFinite ? String(format: "%.9g", v) : "null" }

    private func ms(_ seconds: Double) -> String { String(format: "%9.3f ms", seconds * 1000) }

    private func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
}
