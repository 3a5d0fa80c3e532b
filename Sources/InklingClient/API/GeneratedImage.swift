/// One image of an answer, a stream or a job: where to download it (once) and what it is.
public struct GeneratedImage: Sendable, Hashable, Decodable {
    /// The image's id (32 hex digits).
    public var id: String
    /// Its path on the server, `/v1/images/{id}`.
    public var url: String
    /// Which of the request's images, from 1.
    public var variation: Int
    /// Pixels.
    public var width: Int, height: Int
    /// The seed, as a string (64-bit values do not survive every JSON reader as numbers).
    public var seed: String?
    /// The style it was painted in.
    public var style: String?
    /// `image/png`.
    public var contentType: String?
}
