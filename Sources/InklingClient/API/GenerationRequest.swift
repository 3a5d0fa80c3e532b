import Foundation

/// What to generate: a drawing and/or a prompt, a style, how many images, options.
public struct GenerationRequest: Sendable, Hashable {
    /// The drawing (sent as canonical stroke JSON, its doubles exact), or `nil` for a prompt alone.
    public var drawing: InkDrawing?
    /// The text concept.
    public var prompt: String?
    /// `animation`, `illustration`, `sketch` or `emoji`, within the server's allowed styles.
    public var style: String?
    /// Images, 1…4.
    public var limit: Int?
    /// Size, seed, strength and the sampling knobs.
    public var options: GenerationOptions
    /// A shape for every stroke, over the drawing's own.
    public var shape: InkShape?
    /// Source images (PNG or JPEG bytes), sent as image concepts.
    public var images: [Data]

    /// Creates a request.
    public init(
        drawing: InkDrawing? = nil, prompt: String? = nil, style: String? = nil, limit: Int? = nil,
        options: GenerationOptions = GenerationOptions(), shape: InkShape? = nil, images: [Data] = []
    ) {
        self.drawing = drawing; self.prompt = prompt; self.style = style; self.limit = limit
        self.options = options; self.shape = shape; self.images = images
    }

    /// The JSON body, with `"stream": true` or `"async": true` when asked.
    func body(stream: Bool = false, async: Bool = false, layout: InkPointLayout = .columnar) -> Data {
        var w = CanonicalJSONWriter(capacity: 256 + (drawing?.pointCount ?? 0) * 48)
        w.openObject()
        if let drawing { w.key("drawing"); w.raw(drawing.jsonData(layout: layout)) }
        if let prompt { w.key("prompt"); w.string(prompt) }
        if !images.isEmpty {
            w.key("concepts"); w.openArray()
            for image in images {
                w.openObject(); w.key("type"); w.string("image"); w.key("data"); w.string(image.base64EncodedString()); w.closeObject()
            }
            w.closeArray()
        }
        if let style { w.key("style"); w.string(style) }
        if let limit { w.key("limit"); w.number(Double(limit)) }
        if !options.isEmpty { w.key("options"); options.write(to: &w) }
        if let shape { w.key("shape"); shape.write(to: &w) }
        if stream { w.key("stream"); w.bool(true) }
        if async { w.key("async"); w.bool(true) }
        w.closeObject()
        return Data(w.bytes)
    }
}
