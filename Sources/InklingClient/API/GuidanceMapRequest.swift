/// How to render a guidance map (`POST /v1/guidance`'s query); each `nil` takes the server's default.
public struct GuidanceMapRequest: Sendable, Hashable {
    /// Pixels, 1…2048 (512 by default).
    public var width: Int?, height: Int?
    /// `scribble`, `soft`, `distance` or `confidence`.
    public var encoding: String?
    /// `fit`, `fill` or `stretch`.
    public var fit: String?
    /// Margin, fraction of the shorter side, 0…0.45.
    public var padding: Double?
    /// Minimum line width in output pixels.
    public var lineWidth: Double?

    /// Creates a request.
    public init(width: Int? = nil, height: Int? = nil, encoding: String? = nil, fit: String? = nil, padding: Double? = nil, lineWidth: Double? = nil) {
        self.width = width; self.height = height; self.encoding = encoding; self.fit = fit; self.padding = padding; self.lineWidth = lineWidth
    }

    /// The query items.
    var queryItems: [(String, String)] {
        var items: [(String, String)] = []
        if let width { items.append(("width", String(width))) }
        if let height { items.append(("height", String(height))) }
        if let encoding { items.append(("encoding", encoding)) }
        if let fit { items.append(("fit", fit)) }
        if let padding { items.append(("padding", CanonicalJSONWriter.text(padding))) }
        if let lineWidth { items.append(("lineWidth", CanonicalJSONWriter.text(lineWidth))) }
        return items
    }
}
