/// One PNG text chunk: a keyword and its text, e.g. `prompt` → `a red fox in snow`.
///
/// Keywords are 1–79 printable Latin-1 characters (space allowed, but not leading, trailing or
/// doubled), as the PNG specification requires; ``PNGCodec/encode(_:compressionLevel:)`` rejects
/// others with ``PNGError/invalidKeyword(_:)``. Text may be any Unicode without NUL characters:
/// pure ASCII text is written as a `tEXt` chunk, anything else as an uncompressed UTF-8 `iTXt`;
/// text of more than ``compressionThreshold`` bytes is compressed (`zTXt`, or `iTXt` with its
/// compression flag set), see ``PNGTextCompression``.
public struct PNGTextChunk: Sendable, Hashable {
    /// Longest text, in UTF-8 bytes, written uncompressed: 1 KiB. Below it deflate saves a few
    /// hundred bytes at most (zlib's header, trailer and block overhead eat into short text),
    /// and a short chunk stays readable with `strings`; above it a recipe's JSON shrinks about
    /// 7 to 1.
    public static let compressionThreshold = 1024


    /// The chunk's keyword, e.g. `Software` or `inkling.seed`.
    public var keyword: String
    /// The chunk's text.
    public var text: String

    /// Pairs a keyword with its text; validity is checked when the chunk is encoded.
    public init(keyword: String, text: String) {
        self.keyword = keyword
        self.text = text
    }

    /// Whether `keyword` is a valid PNG keyword (see the type's documentation).
    public static func isValidKeyword(_ keyword: String) -> Bool {
        latin1Bytes(ofKeyword: keyword) != nil
    }

    /// The keyword as Latin-1 bytes, or ``PNGError/invalidKeyword(_:)``.
    func keywordBytes() throws(PNGError) -> [UInt8] {
        guard let bytes = Self.latin1Bytes(ofKeyword: keyword) else { throw .invalidKeyword(keyword) }
        return bytes
    }

    /// The text's bytes and whether they are UTF-8 (`iTXt`) rather than ASCII (`tEXt`).
    func textBytes() throws(PNGError) -> (bytes: [UInt8], utf8: Bool) {
        let bytes = Array(text.utf8)
        guard !bytes.contains(0) else { throw .invalidText(keyword: keyword) }
        return (bytes, bytes.contains { $0 >= 0x80 })
    }

    /// Decodes a chunk read from a file: the keyword is Latin-1, the text Latin-1 or UTF-8.
    init(keywordLatin1: some Sequence<UInt8>, text: some Collection<UInt8>, utf8: Bool) {
        self.keyword = Self.latin1String(keywordLatin1)
        self.text = utf8 ? String(decoding: text, as: UTF8.self) : Self.latin1String(text)
    }

    /// Latin-1 bytes of a valid keyword, or `nil` if it is not valid.
    private static func latin1Bytes(ofKeyword keyword: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        for scalar in keyword.unicodeScalars {
            let value = scalar.value
            guard (0x20...0x7E).contains(value) || (0xA1...0xFF).contains(value) else { return nil }
            if value == 0x20, bytes.isEmpty || bytes.last == 0x20 { return nil }
            bytes.append(UInt8(value))
        }
        guard (1...79).contains(bytes.count), bytes.last != 0x20 else { return nil }
        return bytes
    }

    private static func latin1String(_ bytes: some Sequence<UInt8>) -> String {
        var result = String.UnicodeScalarView()
        for byte in bytes { result.append(Unicode.Scalar(byte)) }
        return String(result)
    }
}
