/// Re-labelling a PNG another program wrote, without decoding or re-compressing its pixels.
extension PNGCodec {
    /// Largest PNG ``replacingText(in:with:width:height:format:)`` looks at: 1 GiB.
    static let maximumRewrittenBytes = 1 << 30

    /// The PNG `bytes` with its pixels untouched and `text` as its only text: the critical
    /// chunks (IHDR, PLTE, IDAT…, IEND) copied as they are, `text` written right after IHDR
    /// (so that ``decodeText(_:maxPixels:)`` finds it before the image data), and every
    /// ancillary chunk of `bytes` dropped (its text, times, colour profiles, …). The text
    /// chunks are the bytes ``encode(_:compressionLevel:filter:textCompression:)`` writes for
    /// `text` and `textCompression`, long text compressed as libpng compresses it.
    ///
    /// Only a PNG whose pixels decode to exactly what it would hold re-encoded qualifies: 8 bits
    /// per sample, colour type RGB or RGBA matching `format`, `width`×`height`, not interlaced,
    /// no transparency chunk (tRNS would turn RGB into RGBA on reading), the standard signature,
    /// chunk lengths within the data, CRCs that match, no unknown critical chunk, IDAT present
    /// and contiguous, nothing after IEND. Otherwise the answer is `nil` and the caller encodes the
    /// pixels itself. `bytes` is untrusted: nothing is allocated beyond its size plus `text`'s.
    ///
    /// - Throws: ``PNGError/invalidKeyword(_:)`` / ``PNGError/invalidText(keyword:)`` for bad
    ///   text chunks, as ``encode(_:compressionLevel:filter:textCompression:)`` does;
    ///   ``PNGError/outOfMemory`` when there is no memory to compress the text.
    public static func replacingText(in bytes: [UInt8], with text: [PNGTextChunk],
                                     width: Int, height: Int, format: PixelFormat,
                                     textCompression: PNGTextCompression = .longText) throws(PNGError) -> [UInt8]? {
        guard format == .rgb || format == .rgba, bytes.count <= maximumRewrittenBytes,
              let critical = criticalChunks(of: bytes, width: width, height: height, colorType: format == .rgb ? 2 : 6)
        else {
            // Bad text is refused even when the caller would encode the pixels instead.
            for chunk in text { _ = try chunk.keywordBytes(); _ = try chunk.textBytes() }
            return nil
        }
        var encodedText: [UInt8] = []
        for chunk in text {
            let (type, data) = try textChunk(chunk, textCompression: textCompression)
            appendChunk(type, data, to: &encodedText)
        }
        var output: [UInt8] = []
        output.reserveCapacity(signature.count + encodedText.count + critical.reduce(0) { $0 + $1.count })
        output += signature
        output += bytes[critical[0]]
        output += encodedText
        for range in critical.dropFirst() { output += bytes[range] }
        return output
    }

    /// PNG's 8-byte signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The byte ranges (length, type, data and CRC) of the critical chunks of `bytes`, IHDR first,
    /// when the PNG qualifies (see ``replacingText(in:with:width:height:format:)``), else `nil`.
    private static func criticalChunks(of bytes: [UInt8], width: Int, height: Int, colorType: UInt8) -> [Range<Int>]? {
        guard bytes.count >= signature.count, bytes[0..<signature.count].elementsEqual(signature) else { return nil }
        var ranges: [Range<Int>] = []
        var offset = signature.count
        var sawIDAT = false, idatEnded = false
        while offset < bytes.count {
            guard bytes.count - offset >= 12 else { return nil }
            let length = Int(bigEndian(bytes, at: offset))
            guard length <= Int(Int32.max), length <= bytes.count - offset - 12 else { return nil }
            let type = bytes[(offset + 4)..<(offset + 8)]
            guard type.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return nil }
            let data = (offset + 8)..<(offset + 8 + length)
            let end = data.upperBound + 4
            let name = String(decoding: type, as: UTF8.self)
            if ranges.isEmpty {
                // IHDR must come first and describe what the caller decoded.
                guard name == "IHDR", length == 13 else { return nil }
                let d = data.lowerBound
                guard Int(bigEndian(bytes, at: d)) == width, Int(bigEndian(bytes, at: d + 4)) == height,
                      bytes[d + 8] == 8, bytes[d + 9] == colorType,
                      bytes[d + 10] == 0, bytes[d + 11] == 0, bytes[d + 12] == 0 else { return nil }
            }
            let critical = type.first! & 0x20 == 0
            if name == "IDAT" {
                guard !idatEnded else { return nil }
                sawIDAT = true
            } else if sawIDAT {
                idatEnded = true
            }
            if name == "tRNS" { return nil }
            if critical {
                guard ["IHDR", "PLTE", "IDAT", "IEND"].contains(name), name != "IHDR" || ranges.isEmpty else { return nil }
                guard CRC32.checksum(bytes[(offset + 4)..<data.upperBound]) == bigEndian(bytes, at: data.upperBound) else { return nil }
                ranges.append(offset..<end)
                if name == "IEND" {
                    guard length == 0, end == bytes.count, sawIDAT else { return nil }
                    return ranges
                }
            }
            offset = end
        }
        return nil
    }

    /// The big-endian 32-bit value at `offset` (the caller checked 4 bytes are there).
    static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// Appends one chunk (length, type, data, CRC) to `output`.
    private static func appendChunk(_ type: [UInt8], _ data: [UInt8], to output: inout [UInt8]) {
        let length = UInt32(data.count)
        output += [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)]
        let start = output.count
        output += type
        output += data
        let crc = CRC32.checksum(output[start...])
        output += [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
    }

    /// The chunk type and data libpng writes for `chunk`: `tEXt` (keyword, NUL, text) or
    /// `zTXt` (keyword, NUL, method 0, zlib stream) for ASCII text, `iTXt` (keyword, NUL,
    /// compression flag 0 or 1, method 0, empty language and translated keyword, each NUL-ended,
    /// then the text or its zlib stream) for other text.
    private static func textChunk(_ chunk: PNGTextChunk, textCompression: PNGTextCompression)
        throws(PNGError) -> (type: [UInt8], data: [UInt8]) {
        let keyword = try chunk.keywordBytes()
        let (body, utf8) = try chunk.textBytes()
        let compressed = textCompression.compresses(byteCount: body.count)
        let text = compressed ? try deflatedText(body) : body
        switch (utf8, compressed) {
        case (false, false): return (Array("tEXt".utf8), keyword + [0] + text)
        case (false, true): return (Array("zTXt".utf8), keyword + [0, 0] + text)
        case (true, _): return (Array("iTXt".utf8), keyword + [0, compressed ? 1 : 0, 0, 0, 0] + text)
        }
    }

    /// `text` as the zlib stream libpng 1.6 writes for a text chunk: level 6, memory level 8, the
    /// default strategy, and for text of at most 16 KiB the smallest window that holds it with
    /// zlib's 262 bytes of lookahead, its header then naming the smallest window inflating needs
    /// (libpng's `png_deflate_claim` and `optimize_cmf`).
    static func deflatedText(_ text: [UInt8]) throws(PNGError) -> [UInt8] {
        var windowBits = 15
        if text.count <= 16384 {
            var half = 1 << (windowBits - 1)
            while text.count + 262 <= half, windowBits > 9 {
                half >>= 1
                windowBits -= 1
            }
        }
        var stream: [UInt8]
        do {
            stream = try ZlibDeflate.compress(text, level: 6, windowBits: windowBits)
        } catch {
            throw .outOfMemory
        }
        guard text.count <= 16384, stream.count >= 2 else { return stream }
        let cmf = Int(stream[0])
        guard cmf & 0x0F == 8, cmf & 0xF0 <= 0x70 else { return stream }
        var cinfo = cmf >> 4
        var half = 1 << (cinfo + 7)
        guard text.count <= half else { return stream }
        repeat {
            half >>= 1
            cinfo -= 1
        } while cinfo > 0 && text.count <= half
        let newCMF = (cmf & 0x0F) | (cinfo << 4)
        var flags = Int(stream[1]) & 0xE0
        flags += 0x1F - ((newCMF << 8) + flags) % 0x1F
        stream[0] = UInt8(newCMF)
        stream[1] = UInt8(flags)
        return stream
    }
}
