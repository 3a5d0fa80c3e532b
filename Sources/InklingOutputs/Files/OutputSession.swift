import Foundation
import InklingImageIO

/// A private temporary directory where results are written until their caller moves them.
///
/// The directory (`$TMPDIR/inkling-<pid>-<uuid>/`) is created on the first write, after the
/// directories of sessions whose process died are swept away (``StaleSessionSweep``). Files stay until
/// they are moved (``GeneratedImage/move(to:replacing:)``), removed with ``remove(_:)`` (a
/// cancelled request removes its own), or the whole directory is removed with ``removeAll()``.
/// Nothing is removed behind the caller's back: results carry no deinitializer, so a
/// ``GeneratedImage`` stays valid as long as the session's directory is left alone.
public final class OutputSession: @unchecked Sendable {
    /// The session's directory.
    public let directory: URL
    private let parent: URL
    private let lock = NSLock()
    private var created = false

    /// Creates a session in `parent` (the system's temporary directory by default).
    public init(parent: URL = FileManager.default.temporaryDirectory) {
        self.parent = parent
        directory = parent.appendingPathComponent(StaleSessionSweep.directoryName(), isDirectory: true)
    }

    /// Writes `image` with `recipe` in its text chunks to a new file named `name` (a PNG file
    /// name) in the session directory, atomically, with ``OutputEncoding/current``.
    ///
    /// - Throws: ``OutputError/writeFailed(path:reason:)``.
    public func write(_ image: RasterImage, recipe: Recipe, name: String) throws(OutputError) -> GeneratedImage {
        let url = directory.appendingPathComponent(name, isDirectory: false)
        try ensureDirectory()
        do {
            let encoding = OutputEncoding.current
            try PNGFile.write(PNGDocument(image: image, text: recipe.textChunks()), to: url,
                              compressionLevel: encoding.compressionLevel, filter: encoding.filter)
        } catch {
            throw .writeFailed(path: url.path, reason: error.description)
        }
        return GeneratedImage(url: url, recipe: recipe, image: image)
    }

    /// Writes an encoded result to a new file named `name` in the session directory, atomically.
    ///
    /// - Throws: ``OutputError/writeFailed(path:reason:)``.
    public func write(_ result: GeneratedPNG, name: String) throws(OutputError) -> GeneratedImage {
        let url = directory.appendingPathComponent(name, isDirectory: false)
        guard result.isEncoded else { throw .encodingFailed("the image was made for its pixels only; there is no PNG to write") }
        try ensureDirectory()
        do {
            try AtomicFile.write(result.png, to: url)
        } catch {
            throw .writeFailed(path: url.path, reason: error.reason)
        }
        return GeneratedImage(url: url, recipe: result.recipe, image: result.image)
    }

    /// Removes these files if they are still in the session directory (moved ones are gone already).
    public func remove(_ urls: [URL]) {
        for url in urls where url.deletingLastPathComponent().standardizedFileURL.path == directory.standardizedFileURL.path {
            unlink(url.path)
        }
    }

    /// Removes the session directory and every result still in it.
    public func removeAll() {
        lock.withLock {
            try? FileManager.default.removeItem(at: directory)
            created = false
        }
    }

    private func ensureDirectory() throws(OutputError) {
        let failure: String? = lock.withLock {
            if created { return nil }
            StaleSessionSweep.sweepOnce(parent: parent)
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
                created = true
                return nil
            } catch {
                return error.localizedDescription
            }
        }
        if let failure { throw .writeFailed(path: directory.path, reason: failure) }
    }
}
