import Foundation
import InklingBase

/// How a stroke's line is shaped from its points: the perfect-freehand family of settings
/// (size, thinning, smoothing, streamline, tapers, simulated pressure, easing, last), each
/// optional.
///
/// A field left `nil` keeps the ink's own value, so an empty shape changes nothing and every
/// ink keeps its look unless told otherwise. Lengths other than `size` are in multiples of the
/// line's width, so a drawing scaled up keeps its look. The `freehand` preset draws the line
/// the way perfect-freehand's `getStroke` does, with its defaults for every field not set.
///
/// The same fields, with the same names and ranges, are read from stroke JSON (`"shape"`),
/// the command line (`--shape freehand,size=8`) and the HTTP API; ``set(_:to:)`` is the one
/// place that checks them.
public struct StrokeShape: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A family of defaults and the outline model that goes with them.
    public enum Preset: String, Sendable, Hashable, Codable, CaseIterable {
        /// The ink's own shape and Inkling's outline (the default).
        case ink
        /// perfect-freehand's `getStroke` outline and defaults: thinning 0.5, smoothing 0.5,
        /// streamline 0.5, simulated pressure, no tapers.
        case freehand
    }

    /// The numeric fields, with their JSON and command-line names and accepted ranges.
    public enum Field: String, Sendable, CaseIterable {
        case size, thinning, smoothing, streamline, taperStart, taperEnd

        /// The range a value must lie in.
        public var range: ClosedRange<Double> {
            switch self {
            case .size: return 0.001...100_000
            case .thinning: return -1...1
            case .smoothing: return 0...4
            case .streamline: return 0...1
            case .taperStart, .taperEnd: return 0...10_000
            }
        }

        /// What the field does, in a few words (for help and errors).
        public var summary: String {
            switch self {
            case .size: return "line width at average pressure, drawing units"
            case .thinning: return "how much pressure changes the width"
            case .smoothing: return "how much width changes are smoothed, in widths"
            case .streamline: return "how much the line smooths the pen's path"
            case .taperStart: return "start taper length, in widths"
            case .taperEnd: return "end taper length, in widths"
            }
        }

        var keyPath: WritableKeyPath<StrokeShape, Double?> {
            switch self {
            case .size: return \.size
            case .thinning: return \.thinning
            case .smoothing: return \.smoothing
            case .streamline: return \.streamline
            case .taperStart: return \.taperStart
            case .taperEnd: return \.taperEnd
            }
        }
    }

    /// One value given for a field, as read from JSON or text.
    public enum Value: Sendable, Hashable {
        case number(Double)
        case bool(Bool)
        case string(String)
    }

    /// The preset, or `nil` for the ink's own (``Preset/ink``).
    public var preset: Preset?
    /// Line width at average pressure, in drawing units; `nil`: each point's nib width.
    public var size: Double?
    /// How much pressure changes the width, −1…1: width = `size × (1 − thinning × (1 − 2·pressure))`.
    public var thinning: Double?
    /// How much width changes are smoothed, in widths (0…4).
    public var smoothing: Double?
    /// How much the line smooths (and, for `freehand`, lags) the input path, 0…1.
    public var streamline: Double?
    /// Start taper length, in widths (0: none).
    public var taperStart: Double?
    /// End taper length, in widths (0: none).
    public var taperEnd: Double?
    /// Whether pressure is made up from drawing speed when the input has none.
    public var simulatePressure: Bool?
    /// The curve from pressure to width (perfect-freehand's `easing`); `nil`: ``StrokeEasing/linear``.
    public var easing: StrokeEasing?
    /// Whether the last point is the line's end, reached exactly (perfect-freehand's `last`,
    /// for a finished stroke) rather than approached as streamline lags; `freehand` only.
    public var last: Bool?

    /// Creates a shape; every field left out keeps the ink's own value.
    public init(
        preset: Preset? = nil, size: Double? = nil, thinning: Double? = nil, smoothing: Double? = nil,
        streamline: Double? = nil, taperStart: Double? = nil, taperEnd: Double? = nil, simulatePressure: Bool? = nil,
        easing: StrokeEasing? = nil, last: Bool? = nil
    ) {
        self.preset = preset; self.size = size; self.thinning = thinning; self.smoothing = smoothing
        self.streamline = streamline; self.taperStart = taperStart; self.taperEnd = taperEnd
        self.simulatePressure = simulatePressure; self.easing = easing; self.last = last
    }

    /// perfect-freehand's `getStroke` defaults, the width taken from the points.
    public static let freehand = StrokeShape(preset: .freehand)

    /// The longest text ``init(parsing:)`` reads, in bytes.
    static let maxTextLength = 400

    /// The JSON and command-line names, in the order they are written.
    public static let keys = ["preset"] + Field.allCases.map(\.rawValue) + ["simulatePressure", "easing", "last"]

    /// Whether no field is set.
    public var isEmpty: Bool { self == StrokeShape() }

    /// This shape with every field `other` sets taking `other`'s value.
    public func overridden(by other: StrokeShape?) -> StrokeShape {
        guard let other else { return self }
        var merged = self
        if let preset = other.preset { merged.preset = preset }
        for field in Field.allCases where other[keyPath: field.keyPath] != nil {
            merged[keyPath: field.keyPath] = other[keyPath: field.keyPath]
        }
        if let simulate = other.simulatePressure { merged.simulatePressure = simulate }
        if let easing = other.easing { merged.easing = easing }
        if let last = other.last { merged.last = last }
        return merged
    }

    /// Sets the field named `key` (one of ``keys``) from `value`, or returns why it cannot:
    /// an unknown key, a value of the wrong kind, or a number outside the field's range. The
    /// message is one line and does not repeat the key.
    public mutating func set(_ key: String, to value: Value) -> String? {
        switch key {
        case "preset":
            guard case .string(let name) = value, let preset = Preset(rawValue: name) else {
                return "expected one of \(Preset.allCases.map(\.rawValue).joined(separator: ", "))"
            }
            self.preset = preset
        case "simulatePressure":
            guard case .bool(let flag) = value else { return "expected true or false" }
            simulatePressure = flag
        case "easing":
            guard case .string(let name) = value, let easing = StrokeEasing(rawValue: name) else {
                return "expected one of \(StrokeEasing.names) (the curve from pressure to width)"
            }
            self.easing = easing
        case "last":
            guard case .bool(let flag) = value else { return "expected true or false (whether the last point is the line's end)" }
            last = flag
        default:
            guard let field = Field(rawValue: key) else {
                return "unknown shape field; expected one of \(Self.keys.joined(separator: ", "))"
            }
            let range = field.range
            guard case .number(let number) = value, number.isFinite, range.contains(number) else {
                return "expected a number \(NumberText.compact(range.lowerBound))…\(NumberText.compact(range.upperBound)) (\(field.summary))"
            }
            self[keyPath: field.keyPath] = number
        }
        return nil
    }

    /// Reads the text form: a preset name and/or `key=value` items separated by commas, such as
    /// `freehand`, `size=8,thinning=0.3` or `freehand,taperEnd=2,simulatePressure=false,easing=easeOutSine`.
    /// Kebab-case keys (`taper-start`) are accepted too. The error is one line.
    public init(parsing text: String) throws(StrokeShapeError) {
        self.init()
        guard text.utf8.count <= Self.maxTextLength else {
            throw StrokeShapeError(field: "", message: "\(text.utf8.count) bytes, longer than the \(Self.maxTextLength) a shape can need")
        }
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !text.isEmpty, !items.contains(where: \.isEmpty) else {
            throw StrokeShapeError(field: "", message: "expected a preset (\(Preset.allCases.map(\.rawValue).joined(separator: ", "))) and/or key=value items separated by commas")
        }
        for item in items {
            guard let equals = item.firstIndex(of: "=") else {
                if let problem = set("preset", to: .string(item)) {
                    throw StrokeShapeError(field: "preset", message: "'\(item.prefix(40))': \(problem), or key=value")
                }
                continue
            }
            let key = Self.camelCase(String(item[..<equals]))
            let raw = String(item[item.index(after: equals)...])
            let value: Value
            switch raw {
            case "true", "yes", "on": value = .bool(true)
            case "false", "no", "off": value = .bool(false)
            default: value = Double(raw).map(Value.number) ?? .string(raw)
            }
            if let problem = set(key, to: value) {
                throw StrokeShapeError(field: String(key.prefix(40)), message: "'\(raw.prefix(40))': \(problem)")
            }
        }
    }

    /// The text form ``init(parsing:)`` reads back, or `ink` for an empty shape.
    public var description: String {
        var items: [String] = []
        if let preset { items.append(preset.rawValue) }
        for field in Field.allCases {
            if let v = self[keyPath: field.keyPath] { items.append("\(field.rawValue)=\(NumberText.compact(v))") }
        }
        if let simulatePressure { items.append("simulatePressure=\(simulatePressure)") }
        if let easing { items.append("easing=\(easing.rawValue)") }
        if let last { items.append("last=\(last)") }
        return items.isEmpty ? "ink" : items.joined(separator: ",")
    }

    private static func camelCase(_ key: String) -> String {
        let parts = key.split(separator: "-")
        guard let first = parts.first else { return key }
        return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

}

/// Why a stroke shape was refused: the field (empty for the whole text) and a one-line message.
public struct StrokeShapeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field the problem is in, or empty.
    public var field: String
    /// What is wrong, one line.
    public var message: String

    /// Creates an error; line breaks in either part (a quoted input may hold them) become spaces.
    public init(field: String, message: String) {
        self.field = String(field.map { $0.isNewline ? " " : $0 })
        self.message = String(message.map { $0.isNewline ? " " : $0 })
    }

    public var description: String { field.isEmpty ? message : "\(field): \(message)" }
}
