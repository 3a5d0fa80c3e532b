import Foundation

/// Reads image files of any supported format (PNG, JPEG), recognising the format by the
/// file's signature rather than its name.
public enum ImageFile {
    /// An image format ``ImageFile`` recognises.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// PNG: starts with 89 50 4E 47 0D 0A 1A 0A.
        case png
        /// JPEG: starts with FF D8 FF.
        case jpeg
    }

    /// The format `bytes` start with, or `nil` when they are neither PNG nor JPEG.
    public static func format(of bytes: [UInt8]) -> Format? {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if bytes.starts(with: png) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }

    /// Reads and decodes the image at `url` (a file URL), whatever its extension.
    ///
    /// PNG text chunks are dropped (use ``PNGFile`` to keep them); a JPEG's EXIF orientation
    /// is applied. Gray, gray+alpha, RGB or RGBA comes back as stored.
    ///
    /// - Parameters:
    ///   - maxPixels: largest accepted `width × height`, checked against the size the file
    ///     declares before pixel memory is allocated; must be positive. `nil`: the budget of a
    ///     file of its size (``pixelBudget(fileBytes:)``), so a small file declaring a huge
    ///     image is refused before it costs memory.
    ///   - maxBytes: largest accepted file, checked before reading (see ``FileContents``).
    /// - Throws: ``ImageFileError``, naming the file.
    public static func read(from url: URL, maxPixels: Int? = nil,
                            maxBytes: Int = FileContents.defaultImageBytes) throws(ImageFileError) -> RasterImage {
        let path = url.isFileURL ? url.path : url.absoluteString
        guard url.isFileURL else { throw .unreadable(path: path, reason: "not a file URL") }
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path: path, maxBytes: maxBytes)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        return try decode(bytes, name: path, maxPixels: maxPixels ?? pixelBudget(fileBytes: bytes.count))
    }

    /// The pixels a decoded image of a file of `fileBytes` may have when the caller sets no
    /// limit: what fits 64 MiB plus 16 bytes per byte of the file at 4 bytes a pixel (a 1 MB
    /// photo: 20 million pixels; a 196 KB PNG declaring 67 million: refused). Real images
    /// compress far less than 16 to 1 as pixels; one that does needs an explicit limit.
    public static func pixelBudget(fileBytes: Int) -> Int {
        ((64 << 20) + 16 * max(0, fileBytes)) / 4
    }

    /// Decodes an image file's bytes, sniffing the format from its signature.
    ///
    /// - Parameters:
    ///   - name: how errors refer to the data (a path, say).
    ///   - maxPixels: largest accepted `width × height`; must be positive.
    /// - Throws: ``ImageFileError``.
    public static func decode(_ bytes: [UInt8], name: String = "image data",
                              maxPixels: Int = 1 << 28) throws(ImageFileError) -> RasterImage {
        guard !bytes.isEmpty else { throw .empty(path: name) }
        switch format(of: bytes) {
        case .png:
            do {
                return try PNGCodec.decode(bytes, maxPixels: maxPixels).image
            } catch {
                throw .png(path: name, error)
            }
        case .jpeg:
            do {
                return try JPEGCodec.decode(bytes, maxPixels: maxPixels)
            } catch {
                throw .jpeg(path: name, error)
            }
        case nil:
            throw .unsupportedFormat(path: name)
        }
    }
}
