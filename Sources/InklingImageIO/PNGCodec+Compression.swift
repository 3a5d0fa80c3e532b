/// What a PNG says of how its pixels and text were compressed, read without decompressing them.
extension PNGCodec {
    /// The compression level class in the zlib header of `bytes`' first IDAT chunk (its `FLEVEL`
    /// bits: 0 for zlib's levels 0 and 1, 1 for levels 2…5, 2 for level 6, 3 for levels 7…9), or
    /// `nil` when `bytes` is not a PNG with a first IDAT of at least two bytes.
    ///
    /// `bytes` is untrusted: the chunks are walked by their lengths, within `bytes`, allocating
    /// nothing; CRCs are not checked (the answer is a hint about how the file was written).
    public static func zlibLevelClass(of bytes: [UInt8]) -> Int? {
        guard bytes.count >= signature.count, bytes.prefix(signature.count).elementsEqual(signature) else { return nil }
        var offset = signature.count
        let idat: [UInt8] = Array("IDAT".utf8)
        while offset <= bytes.count - 12 {
            let length = Int(bigEndian(bytes, at: offset))
            let data = offset + 8
            guard length <= bytes.count - 12 - offset else { return nil }
            if bytes[(offset + 4)..<data].elementsEqual(idat) {
                return length >= 2 ? Int(bytes[data + 1] >> 6) : nil
            }
            offset = data + length + 4
        }
        return nil
    }

    /// How the text chunks of `bytes` were written: ``PNGTextCompression/never`` when a `tEXt`
    /// or uncompressed `iTXt` chunk holds more than ``PNGTextChunk/compressionThreshold`` bytes
    /// of text (a writer that compresses long text would have compressed it), otherwise
    /// ``PNGTextCompression/longText`` (compressed text, only short text, no text, or bytes
    /// that are not a PNG: both ways write those alike, or nothing says otherwise).
    ///
    /// `bytes` is untrusted: the chunks are walked by their lengths, within `bytes`, allocating
    /// nothing; CRCs are not checked.
    public static func textCompression(of bytes: [UInt8]) -> PNGTextCompression {
        guard bytes.count >= signature.count, bytes.prefix(signature.count).elementsEqual(signature) else { return .longText }
        var offset = signature.count
        let tEXt: [UInt8] = Array("tEXt".utf8), iTXt: [UInt8] = Array("iTXt".utf8)
        while offset <= bytes.count - 12 {
            let length = Int(bigEndian(bytes, at: offset))
            let data = offset + 8
            guard length <= bytes.count - 12 - offset else { break }
            let type = bytes[(offset + 4)..<data], end = data + length
            if let nul = bytes[data..<end].firstIndex(of: 0) {
                if type.elementsEqual(tEXt), end - nul - 1 > PNGTextChunk.compressionThreshold { return .never }
                // iTXt: keyword NUL, flag, method, language NUL, translated keyword NUL, text.
                if type.elementsEqual(iTXt), nul + 2 < end, bytes[nul + 1] == 0,
                   let language = bytes[(nul + 3)..<end].firstIndex(of: 0),
                   let translated = bytes[(language + 1)..<end].firstIndex(of: 0),
                   end - translated - 1 > PNGTextChunk.compressionThreshold {
                    return .never
                }
            }
            offset = end + 4
        }
        return .longText
    }
}
