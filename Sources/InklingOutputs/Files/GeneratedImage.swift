import Foundation
import InklingImageIO

/// One generated image: a temporary PNG (with its recipe in text chunks), the recipe and the pixels.
///
/// The file lives in its ``OutputSession``'s directory until moved; call ``move(to:replacing:)``
/// to keep it. There is no deinitializer: dropping a `GeneratedImage` leaves the file for the
/// session to clean up.
public struct GeneratedImage: Sendable, Hashable {
    /// The temporary PNG file.
    public let url: URL
    /// How the image was made.
    public let recipe: Recipe
    /// The pixels (RGBA or RGB, 8 bits per sample).
    public let image: RasterImage

    /// Wraps a written result.
    public init(url: URL, recipe: Recipe, image: RasterImage) {
        self.url = url
        self.recipe = recipe
        self.image = image
    }

    /// The PNG file's bytes as written.
    public func pngBytes() throws(OutputError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw .temporaryFileGone(url.path) }
        return [UInt8](data)
    }

    /// Moves the temporary file to `destination` atomically and returns `destination`.
    ///
    /// Without `replacing`, an existing destination is an error and is left untouched (the check
    /// and the move are one atomic step on the same file system). Across file systems the
    /// bytes are copied with an atomic write, then the temporary file is removed.
    ///
    /// Only a regular file is ever replaced, and never one of `inputs` (see ``AtomicFile``).
    ///
    /// - Throws: ``OutputError/destinationExists(_:)``, ``OutputError/destinationRefused(path:reason:)``,
    ///   ``OutputError/temporaryFileGone(_:)`` or ``OutputError/moveFailed(path:reason:)``.
    @discardableResult
    public func move(to destination: URL, replacing: Bool = false, protecting inputs: Set<FileIdentity> = []) throws(OutputError) -> URL {
        let from = url.path, to = destination.path
        guard access(from, F_OK) == 0 else { throw .temporaryFileGone(from) }
        do {
            try AtomicFile.checkDestination(destination, overwrite: replacing, protecting: inputs)
        } catch {
            if error.kind == .destinationExists { throw .destinationExists(to) }
            throw .destinationRefused(path: to, reason: error.reason)
        }
        if replacing {
            if rename(from, to) == 0 { return destination }
        } else {
            if link(from, to) == 0 { unlink(from); return destination }
            if errno == EEXIST { throw .destinationExists(to) }
        }
        let code = errno
        guard code == EXDEV || code == EPERM || code == ENOTSUP else {
            throw .moveFailed(path: to, reason: String(cString: strerror(code)))
        }
        if !replacing && access(to, F_OK) == 0 { throw .destinationExists(to) }
        let bytes = try pngBytes()
        do {
            try AtomicFile.write(bytes, to: destination)
        } catch {
            throw .moveFailed(path: to, reason: error.reason)
        }
        unlink(from)
        return destination
    }
}
