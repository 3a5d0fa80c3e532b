/// How a line is shaped from its points (stroke JSON's `shape`, `docs/stroke-json.md#stroke-shape`):
/// every field optional, a field left out keeps the ink's own.
public struct InkShape: Sendable, Hashable, Codable {
    /// `ink` (the ink's own outline) or `freehand` (perfect-freehand's `getStroke`).
    public enum Preset: String, Sendable, Hashable, Codable, CaseIterable {
        case ink, freehand
    }

    /// The outline model and its defaults.
    public var preset: Preset?
    /// Line width at average pressure, drawing units (0.001…100000).
    public var size: Double?
    /// How much pressure changes the width (−1…1).
    public var thinning: Double?
    /// How much width changes are smoothed, in widths (0…4).
    public var smoothing: Double?
    /// How much the line smooths the pen's path (0…1).
    public var streamline: Double?
    /// Start taper length, in widths (0…10000).
    public var taperStart: Double?
    /// End taper length, in widths (0…10000).
    public var taperEnd: Double?
    /// Whether pressure is made up from speed when the points carry none.
    public var simulatePressure: Bool?
    /// The curve from pressure to width.
    public var easing: InkEasing?
    /// `freehand` only: whether the last point is the line's end.
    public var last: Bool?

    /// Creates a shape; fields left out keep the ink's own.
    public init(
        preset: Preset? = nil, size: Double? = nil, thinning: Double? = nil, smoothing: Double? = nil,
        streamline: Double? = nil, taperStart: Double? = nil, taperEnd: Double? = nil,
        simulatePressure: Bool? = nil, easing: InkEasing? = nil, last: Bool? = nil
    ) {
        self.preset = preset; self.size = size; self.thinning = thinning; self.smoothing = smoothing
        self.streamline = streamline; self.taperStart = taperStart; self.taperEnd = taperEnd
        self.simulatePressure = simulatePressure; self.easing = easing; self.last = last
    }

    /// The numeric fields in the order the canonical writer writes them.
    static var numberFields: [(key: String, path: WritableKeyPath<InkShape, Double?>)] {
        [
        ("size", \.size), ("thinning", \.thinning), ("smoothing", \.smoothing),
        ("streamline", \.streamline), ("taperStart", \.taperStart), ("taperEnd", \.taperEnd),
        ]
    }

    /// Every key a shape may hold; any other is an error, as the server says.
    static let keys = Set(["preset", "simulatePressure", "easing", "last"] + numberFields.map(\.key))

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads a shape object, refusing keys it does not know (a misspelt field is an error, as on the server).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = container.allKeys.first(where: { !Self.keys.contains($0.stringValue) }) {
            throw DecodingError.dataCorrupted(.init(
                codingPath: container.codingPath + [unknown],
                debugDescription: "unknown shape field \"\(unknown.stringValue.prefix(40))\"; a shape takes \(Self.keys.sorted().joined(separator: ", "))"))
        }
        self.init()
        preset = try container.decodeIfPresent(Preset.self, forKey: AnyKey(stringValue: "preset"))
        for field in Self.numberFields {
            self[keyPath: field.path] = try container.decodeIfPresent(Double.self, forKey: AnyKey(stringValue: field.key))
        }
        simulatePressure = try container.decodeIfPresent(Bool.self, forKey: AnyKey(stringValue: "simulatePressure"))
        easing = try container.decodeIfPresent(InkEasing.self, forKey: AnyKey(stringValue: "easing"))
        last = try container.decodeIfPresent(Bool.self, forKey: AnyKey(stringValue: "last"))
    }

    /// Writes the fields that are set, in the canonical order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encodeIfPresent(preset, forKey: AnyKey(stringValue: "preset"))
        for field in Self.numberFields {
            try container.encodeIfPresent(self[keyPath: field.path], forKey: AnyKey(stringValue: field.key))
        }
        try container.encodeIfPresent(simulatePressure, forKey: AnyKey(stringValue: "simulatePressure"))
        try container.encodeIfPresent(easing, forKey: AnyKey(stringValue: "easing"))
        try container.encodeIfPresent(last, forKey: AnyKey(stringValue: "last"))
    }
}
