/// A drawing reads and writes the document's top level: `format` and `version` checked on the
/// way in and always written on the way out.
extension InkDrawing: Codable {
    private enum CodingKeys: String, CodingKey { case format, version, canvas, shape, strokes }

    /// The document's `format`.
    public static let format = "inkling.drawing"
    /// The only `version` there is.
    public static let version = 1

    /// Reads a document; another `format` or `version` is an error that says which.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let format = try c.decode(String.self, forKey: .format)
        guard format == Self.format else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [CodingKeys.format], debugDescription: "expected \"\(Self.format)\", got \"\(format.prefix(40))\""))
        }
        let version = try c.decode(Double.self, forKey: .version)
        guard version == Double(Self.version) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [CodingKeys.version], debugDescription: "expected version 1 (the only version this client reads), got \(version)"))
        }
        canvas = try c.decodeIfPresent(InkCanvas.self, forKey: .canvas)
        shape = try c.decodeIfPresent(InkShape.self, forKey: .shape)
        strokes = try c.decode([InkStroke].self, forKey: .strokes)
    }

    /// Writes the document.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.format, forKey: .format)
        try c.encode(Self.version, forKey: .version)
        try c.encodeIfPresent(canvas, forKey: .canvas)
        try c.encodeIfPresent(shape, forKey: .shape)
        try c.encode(strokes, forKey: .strokes)
    }
}
