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
    /// already, see ``Recipe/textChunks(sourceChunk:)``), at ``OutputSession/compressionLevel``.
    ///
    /// - Throws: ``OutputError/encodingFailed(_:)``.
    public init(image: RasterImage, recipe: Recipe, textChunks: [PNGTextChunk]? = nil) throws(OutputError) {
        do {
            png = try PNGCodec.encode(PNGDocument(image: image, text: textChunks ?? recipe.textChunks()),
                                      compressionLevel: OutputSession.compressionLevel)
        } catch {
            throw .encodingFailed(error.description)
        }
        self.recipe = recipe
        self.image = image
    }

    /// Writes the PNG to `destination` atomically and returns `destination`. Without
    /// `replacing`, an existing destination is an error and is left untouched; never one of
    /// `inputs` is replaced (see ``AtomicFile``).
    ///
    /// - Throws: ``OutputError/destinationExists(_:)``, ``OutputError/destinationRefused(path:reason:)``
    ///   or ``OutputError/writeFailed(path:reason:)``.
    @discardableResult
    public func write(to destination: URL, replacing: Bool = false, protecting inputs: Set<FileIdentity> = []) throws(OutputError) -> URL {
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
