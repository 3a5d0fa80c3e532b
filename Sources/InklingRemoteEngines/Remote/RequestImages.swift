/// The pictures of one engine request as the HTTP adapters (A1111, OpenAI-compatible,
/// `sd-server`) send them, encoded once for all of its variations: the payload builders take
/// them ready and encode nothing themselves. A field is `nil` when the request does not send it.
struct RequestImages: Sendable {
    /// Base64 of the guidance map's PNG (``RemoteImages/guidancePNG(_:)``).
    var guidanceBase64: String?
    /// Base64 of the fitted source image's PNG (``RemoteImages/sourcePNG(_:)``).
    var sourceBase64: String?
    /// The starting picture an edits request uploads, as PNG.
    var startingPicture: [UInt8]?
    /// The OpenAI edits mask (fully transparent), as PNG.
    var mask: [UInt8]?
}
