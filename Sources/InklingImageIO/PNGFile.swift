import Foundation

/// Reads and writes PNG files; writes are atomic (see ``AtomicFile``).
public enum PNGFile {
    /// Reads and decodes the PNG at `url` (a file URL).
    ///
    /// - Parameters:
    ///   - maxPixels: largest accepted `width × height`, see ``PNGCodec/decode(_:maxPixels:)``.
    ///   - maxBytes: largest accepted file, checked before reading (see ``FileContents``).
    /// - Throws: ``PNGError/io(path:reason:)`` if the file cannot be read (missing, not a regular
    ///   file, over `maxBytes`); otherwise the decoder's errors.
    public static func read(from url: URL, maxPixels: Int = 1 << 28,
                            maxBytes: Int = FileContents.defaultImageBytes) throws(PNGError) -> PNGDocument {
        try PNGCodec.decode(try bytes(at: url, maxBytes: maxBytes), maxPixels: maxPixels)
    }

    /// Reads the text chunks before the image data of the PNG at `url`, decoding no pixels
    /// (see ``PNGCodec/decodeText(_:maxPixels:)``).
    ///
    /// - Throws: ``PNGError/io(path:reason:)`` if the file cannot be read (missing, not a regular
    ///   file, over `maxBytes`); otherwise the decoder's errors.
    public static func readText(from url: URL, maxPixels: Int = 1 << 28,
                                maxBytes: Int = FileContents.defaultImageBytes) throws(PNGError) -> [PNGTextChunk] {
        try PNGCodec.decodeText(try bytes(at: url, maxBytes: maxBytes), maxPixels: maxPixels)
    }

    /// The bytes of the regular file at `url`, at most `maxBytes` (for a caller that reads the
    /// file's text and also looks at the bytes themselves).
    ///
    /// - Throws: ``PNGError/io(path:reason:)`` if the file cannot be read (missing, not a regular
    ///   file, over `maxBytes`).
    public static func bytes(at url: URL, maxBytes: Int = FileContents.defaultImageBytes) throws(PNGError) -> [UInt8] {
        guard url.isFileURL else { throw .io(path: url.absoluteString, reason: "not a file URL") }
        do {
            return try FileContents.read(path: url.path, maxBytes: maxBytes)
        } catch {
            throw .io(path: error.path, reason: error.reason)
        }
    }

    /// Encodes `document` and writes it to `url` atomically: readers see the old file or the
    /// complete new one, never a partial file, and a failed write leaves the old file untouched.
    ///
    /// - Parameter compressionLevel: zlib level, 0…9 (default 6).
    /// - Parameter filter: the row filter (default: libpng's adaptive choice).
    /// - Throws: the encoder's errors, or ``PNGError/io(path:reason:)`` if the file cannot be written.
    public static func write(_ document: PNGDocument, to url: URL,
                             compressionLevel: Int = PNGCodec.defaultCompressionLevel, filter: PNGRowFilter = .adaptive) throws(PNGError) {
        let bytes = try PNGCodec.encode(document, compressionLevel: compressionLevel, filter: filter)
        do {
            try AtomicFile.write(bytes, to: url)
        } catch {
            throw .io(path: error.path, reason: error.reason)
        }
    }
}
