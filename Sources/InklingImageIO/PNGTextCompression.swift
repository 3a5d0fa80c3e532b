/// Which text chunks a PNG writer compresses.
///
/// With ``longText`` (what Inkling writes) text of more than ``PNGTextChunk/compressionThreshold``
/// bytes is deflated at zlib level 6: ASCII text as `zTXt`, other text as `iTXt` with the
/// compression flag set (method 0); shorter text is `tEXt` or uncompressed `iTXt`. A recipe
/// holds the whole drawing as JSON, which deflates about 7 to 1, so a 100,000-point drawing's
/// PNG is a quarter of what it was with the text uncompressed. ``never`` writes every chunk
/// uncompressed, as Inkling did until 2026-12-05; a replay of such a file uses it
/// (``PNGCodec/textCompression(of:)``).
public enum PNGTextCompression: Sendable, Hashable {
    /// Every text chunk uncompressed: `tEXt`, or `iTXt` for non-ASCII text.
    case never
    /// Text longer than ``PNGTextChunk/compressionThreshold`` bytes compressed: `zTXt`, or
    /// compressed `iTXt` for non-ASCII text.
    case longText

    /// Whether text of `byteCount` bytes is written compressed.
    func compresses(byteCount: Int) -> Bool {
        self == .longText && byteCount > PNGTextChunk.compressionThreshold
    }
}
