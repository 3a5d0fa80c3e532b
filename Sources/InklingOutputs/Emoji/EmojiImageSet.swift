import InklingBase
import Foundation
import InklingImageIO
import InklingStrokes

/// An emoji-style result as a square multi-resolution image set, like an adaptive image glyph:
/// `emoji-40.png … emoji-320.png` (each with the recipe) and an `emoji.json` sidecar holding a
/// stable content identifier, a description and the sizes.
public struct EmojiImageSet: Sendable, Hashable {
    /// The sizes Inkling delivers by default, in pixels per side.
    public static let standardSizes = [40, 64, 96, 160, 320]
    /// Name of the sidecar file.
    static let sidecarName = "emoji.json"

    /// The images, square, smallest first.
    public let images: [RasterImage]
    /// How the set was made (written into every PNG).
    public let recipe: Recipe

    /// Creates a set from square images of distinct sizes.
    ///
    /// - Throws: ``OutputError/invalidImageSet(_:)`` when there are no images, one is not
    ///   square, or two share a size.
    public init(images: [RasterImage], recipe: Recipe) throws(OutputError) {
        guard !images.isEmpty else { throw .invalidImageSet("no images") }
        if let bad = images.first(where: { $0.width != $0.height || $0.width == 0 }) {
            throw .invalidImageSet("a \(bad.width)×\(bad.height) image is not square")
        }
        guard Set(images.map(\.width)).count == images.count else { throw .invalidImageSet("two images have the same size") }
        self.images = images.sorted { $0.width < $1.width }
        self.recipe = recipe
    }

    /// Pixel sizes of the images, smallest first.
    public var sizes: [Int] { images.map(\.width) }

    /// A stable identifier of the content: `inkling.emoji.` and 32 hex digits of the SHA-256 of
    /// every image's pixel fingerprint. The same recipe gives the same identifier.
    public var contentIdentifier: String {
        let joined = images.map { RecipeSource.fingerprint(of: $0) }.joined(separator: "\n")
        return "inkling.emoji." + SHA256.hex(of: Array(joined.utf8)).prefix(32)
    }

    /// What the emoji shows, from the recipe's phrases (or its text, or "a sketch").
    public var description: String {
        if !recipe.phrases.isEmpty { return recipe.phrases.map(\.text).joined(separator: ", ") }
        let text = recipe.concepts.compactMap(\.text).joined(separator: "; ")
        return text.isEmpty ? "a sketch" : text
    }

    /// File name of the image of `size` pixels.
    static func fileName(size: Int) -> String { "emoji-\(size).png" }

    /// The sidecar's JSON text.
    func sidecarJSON() -> String {
        var w = JSONWriter()
        w.openObject()
        w.key("contentIdentifier"); w.string(contentIdentifier)
        w.key("description"); w.string(description)
        w.key("sizes"); w.openArray()
        for size in sizes { w.integer(size) }
        w.closeArray()
        w.key("files"); w.openArray()
        for size in sizes { w.string(Self.fileName(size: size)) }
        w.closeArray()
        w.closeObject()
        return w.text + "\n"
    }

    /// Writes the set into `folder` (created if needed): one PNG per size, then the sidecar,
    /// each atomically. Returns the written files, sidecar last.
    ///
    /// - Throws: ``OutputError/destinationExists(_:)`` when a file is already there and
    ///   `replacing` is off (nothing is written then), ``OutputError/writeFailed(path:reason:)``.
    @discardableResult
    public func write(to folder: URL, replacing: Bool = false) throws(OutputError) -> [URL] {
        let names = sizes.map { Self.fileName(size: $0) } + [Self.sidecarName]
        let targets = names.map { folder.appendingPathComponent($0) }
        if !replacing, let existing = targets.first(where: { FileManager.default.fileExists(atPath: $0.path) }) {
            throw .destinationExists(existing.path)
        }
        // The set is made whole in a hidden folder beside its place, then moved there in one
        // rename: a reader (or a render killed midway) never sees part of a set.
        let parent = folder.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(AtomicFile.temporaryName(for: folder.lastPathComponent))
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: folder.path, reason: error.localizedDescription)
        }
        var placed = false
        defer { if !placed { try? FileManager.default.removeItem(at: staging) } }
        let chunks = recipe.textChunks()
        for (image, name) in zip(images, names) {
            do {
                try PNGFile.write(PNGDocument(image: image, text: chunks), to: staging.appendingPathComponent(name))
            } catch {
                throw .writeFailed(path: folder.appendingPathComponent(name).path, reason: error.description)
            }
        }
        do {
            try AtomicFile.write(Array(sidecarJSON().utf8), to: staging.appendingPathComponent(Self.sidecarName))
        } catch {
            throw .writeFailed(path: folder.appendingPathComponent(Self.sidecarName).path, reason: error.reason)
        }
        try Self.place(staging, at: folder, replacing: replacing, names: Set(names))
        placed = true
        return targets
    }

    /// Moves the finished `staging` folder to `folder`: a rename when nothing is there; when
    /// replacing a folder that holds only a set, the old one is renamed aside, the new one
    /// renamed into place, and the old removed.
    private static func place(_ staging: URL, at folder: URL, replacing: Bool, names: Set<String>) throws(OutputError) {
        if rename(staging.path, folder.path) == 0 { return }
        let failure = errno
        guard replacing, failure == EEXIST || failure == ENOTEMPTY else {
            throw .writeFailed(path: folder.path, reason: String(cString: strerror(failure)))
        }
        // Only a folder holding nothing but an image set is replaced as a whole.
        let present = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        if let other = present.first(where: { !names.contains($0) }) {
            throw .destinationRefused(path: folder.path, reason: "it holds \(other), which is not part of an emoji image set; move it, or choose another -o")
        }
        let old = folder.deletingLastPathComponent().appendingPathComponent(AtomicFile.temporaryName(for: folder.lastPathComponent))
        guard rename(folder.path, old.path) == 0 else { throw .writeFailed(path: folder.path, reason: String(cString: strerror(errno))) }
        guard rename(staging.path, folder.path) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = rename(old.path, folder.path)
            throw .writeFailed(path: folder.path, reason: reason)
        }
        try? FileManager.default.removeItem(at: old)
    }
}
