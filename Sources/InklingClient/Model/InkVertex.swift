/// One vertex of a mask polygon, written `[x, y]`, in the stroke's own space.
public struct InkVertex: Sendable, Hashable, Codable {
    /// Coordinates in stroke space, drawing units.
    public var x: Double, y: Double

    /// Creates a vertex.
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// Reads `[x, y]`.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.singleValueContainer().decode([Double].self)
        guard values.count == 2 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected a vertex [x, y], got \(values.count) numbers"))
        }
        self.init(x: values[0], y: values[1])
    }

    /// Writes `[x, y]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode([x, y])
    }
}
