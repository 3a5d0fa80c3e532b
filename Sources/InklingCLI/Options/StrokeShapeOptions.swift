import InklingBase
import InklingStrokes

/// `--shape`: how every stroke's line is shaped (size, thinning, smoothing, streamline,
/// tapers, simulated pressure, easing, last, or the `freehand` preset), replacing what the drawing and its
/// importer chose; shared by `guide`, `render` and `convert`.
struct StrokeShapeOptions: Sendable {
    /// The shape to apply, or `nil` to keep the drawing's.
    var shape: StrokeShape?

    /// The options this group adds to a command.
    static let spec = ArgumentSpec(options: [
        .init("shape", value: "spec", help: """
            Stroke shape for every stroke: a preset (ink, freehand) and/or key=value items, comma-separated, \
            e.g. freehand,size=8 or thinning=0.2,taper-end=3. Keys: \
            \(StrokeShape.Field.allCases.map { "\($0.rawValue) (\($0.summary), \(Self.range($0)))" }.joined(separator: "; ")); \
            simulatePressure (true or false); easing (the curve from pressure to width: linear, easeOutSine, … \
            \(StrokeEasing.allCases.count) in all); last (true or false: the freehand line ends on the last point). \
            See docs/stroke-json.md.
            """),
    ])

    /// Reads and validates `--shape`.
    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        guard let text = try arguments.value("shape", as: String.self) else {
            shape = nil
            return
        }
        do {
            shape = try StrokeShape(parsing: text)
        } catch {
            throw .usage("invalid value for --shape: \(error.description)")
        }
    }

    private static func range(_ field: StrokeShape.Field) -> String {
        "\(NumberText.compact(field.range.lowerBound))…\(NumberText.compact(field.range.upperBound))"
    }
}
