/// The answer to a generation: its images and what the engine would not honour.
public struct GenerationResult: Sendable, Hashable, Decodable {
    /// The style used.
    public var style: String?
    /// The images, each to download once.
    public var images: [GeneratedImage]
    /// One line each: what the engine will not honour of the request.
    public var notices: [String]?
}
