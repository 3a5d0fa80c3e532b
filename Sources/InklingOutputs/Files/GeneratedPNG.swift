import Foundation
import InklingImageIO

/// One generated image in memory: its PNG bytes (the recipe in text chunks), the recipe and the
/// pixels. Nothing is on disk until ``write(to:replacing:protecting:)`` (or
/// ``OutputSession/write(_:name:)``) puts it there.
public struct GeneratedPNG: Sendable, Hashable {
    /// The PNG file's bytes, recipe included.
    public let png: [UInt8]
    /// How the image was made.
    public let recipe: Recipe
    /// The pixels (RGBA or RGB, 8 bits per sample).
    public let image: RasterImage

    /// Encodes `image` with `recipe` in its text chunks (`textChunks` when the caller made them
    /// already, see ``Recipe/textChunks(sourceChunk:)``), with `encoding` (a replay passes the
    /// original file's, see ``OutputEncoding/of(png:)``).
    ///
    /// `enginePNG` is the PNG an engine returned and `image` was decoded from: when it qualifies
    /// (8-bit RGB or RGBA of `image`'s size and format, see
    /// ``PNGCodec/replacingText(in:with:width:height:format:)``) its compressed pixels are kept
    /// and only its text is replaced by the recipe's (every chunk the engine added is dropped);
    /// otherwise `image` is encoded.
    ///
    /// - Throws: ``OutputError/encodingFailed(_:)``.
    public init(image: RasterImage, recipe: Recipe, textChunks: [PNGTextChunk]? = nil, enginePNG: [UInt8]? = nil,
                encoding: OutputEncoding = .current) throws(OutputError) {
        let text = textChunks ?? recipe.textChunks()
        do {
            if let enginePNG, let kept = try PNGCodec.replacingText(in: enginePNG, with: text, width: image.width,
                                                                    height: image.height, format: image.format,
                                                                    textCompression: encoding.textCompression) {
                png = kept
            } else {
                png = try encoding.encode(PNGDocument(image: image, text: text))
            }
        } catch {
            throw .encodingFailed(error.description)
        }
        self.recipe = recipe
        self.image = image
    }

    /// A result for a caller that uses only its pixels (an emoji image set is made of smaller
    /// images): no PNG is encoded, ``png`` is empty and ``isEncoded`` is `false`, and writing it
    /// is refused.
    public init(pixels image: RasterImage, recipe: Recipe) {
        png = []
        self.recipe = recipe
        self.image = image
    }

    /// Whether ``png`` holds the encoded file (`false` for ``init(pixels:recipe:)``).
    public var isEncoded: Bool { !png.isEmpty }

    /// Writes the PNG to `destination` atomically and returns `destination`. Without
    /// `replacing`, an existing destination is an error and is left untouched; never one of
    /// `inputs` is replaced (see ``AtomicFile``).
    ///
    /// - Throws: ``OutputError/destinationExists(_:)``, ``OutputError/destinationRefused(path:reason:)``
    ///   or ``OutputError/writeFailed(path:reason:)``.
    @discardableResult
    public func write(to destination: URL, replacing: Bool = false, protecting inputs: Set<FileIdentity> = []) throws(OutputError) -> URL {
        guard isEncoded else { throw .encodingFailed("the image was made for its pixels only; there is no PNG to write") }
        do {
            try AtomicFile.write(png, to: destination, overwrite: replacing, protecting: inputs)
        } catch {
            switch error.kind {
            case .destinationExists: throw .destinationExists(destination.path)
            case .failed: throw .writeFailed(path: destination.path, reason: error.reason)
            default: throw .destinationRefused(path: destination.path, reason: error.reason)
            }
        }
        return destination
    }
}
