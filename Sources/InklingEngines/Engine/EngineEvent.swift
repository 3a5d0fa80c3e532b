import InklingImageIO

/// One thing an engine reports while it works on an ``EngineRequest``, in the order it happens.
public enum EngineEvent: Sendable {
    /// Sampling of variation `variation` reached step `step` of `steps`.
    case progress(variation: Int, step: Int, steps: Int)
    /// An intermediate picture of variation `variation` (PNG or JPEG bytes, as the engine sent them).
    case preview(variation: Int, bytes: [UInt8])
    /// Something the engine will not honour or had to change, one line a person can read.
    case notice(String)
    /// Variation `variation` is done.
    case image(variation: Int, image: RasterImage)
    /// Variation `variation` is done, as the PNG the engine returned (`png`) and the pixels decoded
    /// from it (`image`), so that the result can keep the engine's compressed pixels instead of
    /// encoding them again. A consumer that wants only pixels treats it as ``image(variation:image:)``.
    case encodedImage(variation: Int, image: RasterImage, png: [UInt8])
    /// Stopped work that had started on the engine, and what became of it there (the message of
    /// ``EngineFailure/cancelled(service:summary:)``); reported before the stream ends.
    case cancelled(summary: String)
}
