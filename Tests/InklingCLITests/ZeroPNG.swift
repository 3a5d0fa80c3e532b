import InklingImageIO

/// A valid PNG of all-zero pixels, written without ever holding them: gray, 1 bit a pixel, its
/// zlib stream made by hand of one literal zero and copies of 258 bytes (fixed Huffman codes),
/// so a 16000×16000 image is a 200 KB file that decodes to 256 MB. For the tests that an image
/// is weighed before it is decoded.
enum ZeroPNG {
    static func make(width: Int, height: Int) -> [UInt8] {
        let rowBytes = 1 + (width + 7) / 8
        let raw = rowBytes * height  // filter byte 0 and zero pixels: every byte is 0
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ data: [UInt8]) {
            let typeBytes = Array(type.utf8)
            png += bigEndian(UInt32(data.count))
            png += typeBytes + data
            png += bigEndian(CRC32.checksum(typeBytes + data))
        }
        chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [1, 0, 0, 0, 0])
        chunk("IDAT", zlibOfZeros(raw))
        chunk("IEND", [])
        return png
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// A zlib stream of `count` zero bytes: one fixed-Huffman deflate block.
    private static func zlibOfZeros(_ count: Int) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var bits: UInt64 = 0, used = 0
        func put(_ value: UInt64, _ n: Int) {
            bits |= value << used
            used += n
            while used >= 8 { out.append(UInt8(bits & 0xFF)); bits >>= 8; used -= 8 }
        }
        /// A Huffman code goes most significant bit first.
        func code(_ value: UInt64, _ n: Int) {
            var reversed: UInt64 = 0
            for i in 0..<n where value >> i & 1 == 1 { reversed |= 1 << (n - 1 - i) }
            put(reversed, n)
        }
        put(1, 1)  // the last block
        put(1, 2)  // fixed Huffman codes
        var left = count
        if left > 0 { code(0x30, 8); left -= 1 }  // literal 0
        while left >= 258 { code(0xC5, 8); code(0, 5); left -= 258 }  // length 258 (285), distance 1 (0)
        while left > 0 { code(0x30, 8); left -= 1 }
        code(0, 7)  // end of block (256)
        if used > 0 { out.append(UInt8(bits & 0xFF)) }
        // Adler-32 of zeros: the first sum stays 1, the second adds 1 per byte.
        let adler = UInt32((count % 65521) << 16 | 1)
        return out + bigEndian(adler)
    }
}
