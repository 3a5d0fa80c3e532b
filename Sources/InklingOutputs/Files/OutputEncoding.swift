import InklingImageIO

/// How a result is compressed into its PNG: the zlib level and the row filter of its pixels, and
/// which of its text chunks are compressed.
///
/// Results are written with ``current``: zlib level 1 and the Sub filter on every row. Until
/// 2026-12-03 they were written with ``level2Adaptive``, zlib level 2 with libpng's per-row
/// choice among the five filters; that choice tries every filter on every row and took about
/// 40% of the encode. ``current`` writes a 1024×1024 painting in 0.55–0.6× the time, for files
/// between 1% smaller (sketch) and 4–7% larger (illustration, animation); on the API's first
/// image of four that was 0.53–0.82× the time (`InklingBench render`, see `Benchmarks/README.md`).
///
/// Until 2026-12-05 every text chunk was written uncompressed (`tEXt`, or `iTXt` for non-ASCII
/// text); since then text of more than 1 KiB, the recipe among it, is compressed (`zTXt` or
/// compressed `iTXt`, see ``PNGTextCompression``).
///
/// A replay writes with the encoding of the file it replays (``of(png:)``), so that a file
/// written before either change still comes back byte for byte.
public struct OutputEncoding: Sendable, Hashable {
    /// zlib level, 0…9.
    public let compressionLevel: Int
    /// The row filter.
    public let filter: PNGRowFilter
    /// Which text chunks are compressed.
    public let textCompression: PNGTextCompression

    /// What results are written with: zlib level 1, Sub on every row, long text compressed.
    public static let current = OutputEncoding(compressionLevel: 1, filter: .sub, textCompression: .longText)
    /// What results were written with until 2026-12-03: zlib level 2, libpng's adaptive filters,
    /// text uncompressed.
    public static let level2Adaptive = OutputEncoding(compressionLevel: 2, filter: .adaptive, textCompression: .never)
    /// What results were written with from 2026-12-03 to 2026-12-05: zlib level 1, Sub on every
    /// row, text uncompressed.
    public static let level1SubPlainText = OutputEncoding(compressionLevel: 1, filter: .sub, textCompression: .never)

    /// The encoding an Inkling result was written with, told by its zlib header
    /// (``PNGCodec/zlibLevelClass(of:)``) and its text chunks (``PNGCodec/textCompression(of:)``):
    /// level class 0 (zlib's levels 0 and 1; Inkling writes only 1) is level 1 with the Sub
    /// filter; any other class, or bytes that say nothing, level 2 with adaptive filters (a file
    /// from another program replays with it too; only its pixels can match then, not its
    /// bytes). Text is compressed unless the file holds long text uncompressed.
    public static func of(png bytes: [UInt8]) -> OutputEncoding {
        let pixels: OutputEncoding = PNGCodec.zlibLevelClass(of: bytes) == 0 ? .current : .level2Adaptive
        return OutputEncoding(compressionLevel: pixels.compressionLevel, filter: pixels.filter,
                              textCompression: PNGCodec.textCompression(of: bytes))
    }

    /// `document` encoded as a PNG this way.
    public func encode(_ document: PNGDocument) throws(PNGError) -> [UInt8] {
        try PNGCodec.encode(document, compressionLevel: compressionLevel, filter: filter, textCompression: textCompression)
    }
}
