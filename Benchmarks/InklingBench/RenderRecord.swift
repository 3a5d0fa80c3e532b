import Foundation

/// One render measurement as printed: a JSON line for `run.sh` / `report.py`, or a line for people.
struct RenderRecord {
    /// What was timed: `image` (one `generate` call), `first-of-4` (the first image of a
    /// limit-4 request) or `all-of-4` (all four of its images).
    var what: String
    /// The style.
    var style: String
    /// How it was driven: `engine` (BuiltInEngine directly) or `api` (the Inkling creator).
    var via: String
    /// Input file name (without its folder).
    var file: String
    /// Output size, `WxH`.
    var size: String
    /// The timings.
    var measurement: Measurement

    /// A compact JSON object on one line.
    var jsonLine: String {
        let fields = [
            ("bench", "\"render\""), ("impl", "\"builtin\""), ("what", "\"\(what)\""), ("style", "\"\(style)\""),
            ("via", "\"\(via)\""), ("file", "\"\(file)\""), ("size", "\"\(size)\""),
            ("repeat", "\(measurement.samples.count)"),
            ("median_s", String(format: "%.9g", measurement.median)), ("min_s", String(format: "%.9g", measurement.minimum)),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// An aligned line for a terminal.
    var humanLine: String {
        let label = "\(what) \(style) (\(via))".padding(toLength: 34, withPad: " ", startingAt: 0)
        return "render \(file) \(size) \(label) median \(String(format: "%9.3f ms", measurement.median * 1000))"
            + "  min \(String(format: "%9.3f ms", measurement.minimum * 1000))"
    }
}
