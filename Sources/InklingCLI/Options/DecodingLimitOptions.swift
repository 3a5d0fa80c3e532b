import InklingBase
import InklingStrokes

/// The `--max-*` options shared by every command that reads a drawing.
struct DecodingLimitOptions: Sendable {
    /// The limits to decode with.
    var limits: StrokeJSONDecoder.Limits

    /// The options this group adds to a command.
    static let spec: ArgumentSpec = {
        let d = StrokeJSONDecoder.Limits.default
        return ArgumentSpec(options: [
            .init("max-bytes", value: "n", help: "Reject documents larger than this.", default: "\(d.maxBytes)"),
            .init("max-strokes", value: "n", help: "Reject drawings with more strokes.", default: "\(d.maxStrokes)"),
            .init("max-points-per-stroke", value: "n", help: "Reject strokes with more points.", default: "\(d.maxPointsPerStroke)"),
            .init("max-total-points", value: "n", help: "Reject drawings with more points in all.", default: "\(d.maxTotalPoints)"),
            .init("max-depth", value: "n", help: "Reject JSON nested deeper than this.", default: "\(d.maxDepth)"),
            .init("max-coordinate", value: "x", help: "Reject coordinates beyond ±x.", default: NumberText.compact(d.maxCoordinate)),
        ])
    }()

    /// Reads and validates the group's options.
    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        var limits = StrokeJSONDecoder.Limits.default
        func positive(_ name: String) throws(CommandFailure) -> Int? {
            guard let v = try arguments.value(name, as: Int.self) else { return nil }
            guard v > 0 else { throw .usage("--\(name) must be at least 1, got \(v)") }
            return v
        }
        if let v = try positive("max-bytes") { limits.maxBytes = v }
        if let v = try positive("max-strokes") { limits.maxStrokes = v }
        if let v = try positive("max-points-per-stroke") { limits.maxPointsPerStroke = v }
        if let v = try positive("max-total-points") { limits.maxTotalPoints = v }
        if let v = try positive("max-depth") { limits.maxDepth = v }
        if let v = try arguments.value("max-coordinate", as: Double.self) {
            let ceiling = StrokeJSONDecoder.Limits.coordinateCeiling
            guard v > 0, v <= ceiling else {
                throw .usage("--max-coordinate must be in (0, \(NumberText.compact(ceiling))], got \(NumberText.compact(v))")
            }
            limits.maxCoordinate = v
        }
        self.limits = limits
    }
}
