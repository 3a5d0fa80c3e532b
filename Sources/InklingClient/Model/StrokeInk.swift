/// What a stroke was drawn with (stroke JSON's `ink`, PencilKit's `PKInk`): a tool, a colour,
/// and optionally how the tool shapes the line.
public struct StrokeInk: Sendable, Hashable, Codable {
    /// The tool (`type` in JSON).
    public var kind: InkKind
    /// The colour; its alpha multiplies each point's opacity.
    public var color: InkColor
    /// Shape fields over the drawing's `shape` and the tool's own, or `nil`.
    public var shape: InkShape?

    /// Creates an ink.
    public init(_ kind: InkKind = .pen, color: InkColor = .black, shape: InkShape? = nil) {
        self.kind = kind; self.color = color; self.shape = shape
    }

    private enum CodingKeys: String, CodingKey { case type, color, shape }

    /// Reads `{"type", "color"?, "shape"?}`; the colour defaults to opaque black.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(InkKind.self, forKey: .type)
        color = try c.decodeIfPresent(InkColor.self, forKey: .color) ?? .black
        shape = try c.decodeIfPresent(InkShape.self, forKey: .shape)
    }

    /// Writes `{"type", "color", "shape"?}` as the canonical writer does.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .type)
        try c.encode(color, forKey: .color)
        try c.encodeIfPresent(shape, forKey: .shape)
    }
}
