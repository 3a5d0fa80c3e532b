import Foundation
@testable import InklingImageIO

/// Byte-level helpers for building and damaging PNGs in tests, independent of libpng.
enum PNGBytes {
    /// The 8-byte PNG signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// One chunk as found in a file: `offset` is where its length field starts.
    struct Chunk: Equatable {
        var type: String
        var offset: Int
        var length: Int
        /// Offset of the chunk's data.
        var dataOffset: Int { offset + 8 }
        /// Offset of the chunk's CRC.
        var crcOffset: Int { offset + 8 + length }
        /// Offset just past the chunk.
        var end: Int { offset + 12 + length }
    }

    /// The chunks of a well-formed PNG, in order.
    static func chunks(_ png: [UInt8]) -> [Chunk] {
        var result: [Chunk] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = Int(readBE32(png, offset))
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            result.append(Chunk(type: type, offset: offset, length: length))
            offset += 12 + length
        }
        return result
    }

    /// The first chunk of `type`.
    static func chunk(_ type: String, in png: [UInt8]) -> Chunk? {
        chunks(png).first { $0.type == type }
    }

    /// Chunk types in order, e.g. `["IHDR", "tEXt", "IDAT", "IEND"]`.
    static func chunkTypes(_ png: [UInt8]) -> [String] { chunks(png).map(\.type) }

    /// A complete chunk (length, type, data, CRC).
    static func makeChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return be32(UInt32(data.count)) + typeAndData + be32(crc32(typeAndData))
    }

    /// An IHDR chunk.
    static func ihdr(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 2,
                     interlace: UInt8 = 0) -> [UInt8] {
        makeChunk("IHDR", be32(width) + be32(height) + [bitDepth, colorType, 0, 0, interlace])
    }

    /// A PNG built by hand: signature, IHDR, the given middle chunks, IEND.
    static func png(ihdr header: [UInt8], _ middle: [[UInt8]]) -> [UInt8] {
        signature + header + middle.flatMap { $0 } + makeChunk("IEND", [])
    }

    /// `png` with the chunk's data replaced and its CRC recomputed.
    static func replacingData(of chunk: Chunk, in png: [UInt8], with data: [UInt8]) -> [UInt8] {
        Array(png[..<chunk.offset]) + makeChunk(chunk.type, data) + Array(png[chunk.end...])
    }

    /// `png` with `chunkBytes` inserted before the first chunk of `type`.
    static func inserting(_ chunkBytes: [UInt8], before type: String, in png: [UInt8]) -> [UInt8] {
        let target = chunk(type, in: png)!
        return Array(png[..<target.offset]) + chunkBytes + Array(png[target.offset...])
    }

    /// A zlib stream holding `data` in stored (uncompressed) deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, data.count - start)
            let final: UInt8 = start + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8),
                    UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[start..<start + count]
            start += count
        } while start < data.count
        return out + be32(adler32(data))
    }

    /// CRC-32 as PNG uses it.
    /// A zlib stream of about `zeros` zero bytes (1 + 258 × ⌊(zeros − 1) / 258⌋) in one
    /// dynamic-Huffman block whose length code 285 and distance code 0 take one bit each: a
    /// literal zero, then a 258-byte copy of it every two bits, deflate's best ratio (1032 to 1;
    /// 256 MiB in 254 KiB). Valid to the end, Adler-32 included.
    static func zlibBomb(zeros: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // last block
        bits.write(2, count: 2)  // dynamic Huffman codes
        bits.write(29, count: 5)  // 286 literal/length codes
        bits.write(0, count: 5)  // 1 distance code
        bits.write(14, count: 4)  // 18 code length codes
        // Code length code lengths, in deflate's order: 18 → 1 bit, 1 and 2 → 2 bits.
        for symbol in [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1] {
            bits.write([18: 1, 2: 2, 1: 2][symbol] ?? 0, count: 3)
        }
        // Their canonical codes: 18 → 0, 1 → 10, 2 → 11; 18 repeats a zero length 11…138 times.
        func length(_ symbol: Int, repeating: Int = 0) {
            switch symbol {
            case 18: bits.code(0, count: 1); bits.write(repeating - 11, count: 7)
            case 1: bits.code(0b10, count: 2)
            default: bits.code(0b11, count: 2)
            }
        }
        // Literal 0 → 2 bits, 1…255 unused, end of block (256) → 2 bits, 257…284 unused, 285 → 1 bit;
        // then the one distance code (distance 1) → 1 bit.
        length(2); length(18, repeating: 138); length(18, repeating: 117); length(2); length(18, repeating: 28); length(1)
        length(1)
        let copies = max(0, zeros - 1) / 258
        bits.code(0b10, count: 2)  // literal 0
        bits.skip(2 * copies)  // code 285 (0) and distance code 0 (0): 258 more zeros each
        bits.code(0b11, count: 2)  // end of block
        let inflated = UInt32((1 + 258 * copies) % 65521)
        return [0x78, 0x01] + bits.bytes + be32(inflated << 16 | 1)
    }

    /// Deflate's bit order: fields least significant bit first, Huffman codes most significant first.
    struct BitWriter {
        var bytes: [UInt8] = []
        var count = 0

        mutating func write(_ value: Int, count bits: Int) {
            for i in 0..<bits {
                if count % 8 == 0 { bytes.append(0) }
                if (value >> i) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(1 << (count % 8)) }
                count += 1
            }
        }

        mutating func code(_ value: Int, count bits: Int) {
            for i in (0..<bits).reversed() { write((value >> i) & 1, count: 1) }
        }

        /// `bits` zero bits.
        mutating func skip(_ bits: Int) {
            count += bits
            bytes += [UInt8](repeating: 0, count: (count + 7) / 8 - bytes.count)
        }
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func readBE32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}

/// Deterministic test images and scratch directories.
enum TestImages {
    /// A `width × height` image whose samples vary with position and channel.
    static func pattern(width: Int, height: Int, format: PixelFormat, seed: Int = 0) -> RasterImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * format.channels)
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<format.channels {
                    pixels.append(UInt8(truncatingIfNeeded: x &* 7 &+ y &* 13 &+ c &* 61 &+ seed &+ (x ^ y)))
                }
            }
        }
        return RasterImage(width: width, height: height, format: format, pixels: pixels)
    }

    /// Runs `body` with a fresh empty directory that is removed afterwards.
    static func withTemporaryDirectory<R>(_ body: (URL) throws -> R) throws -> R {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("inkling-png-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url)
    }

    /// Names in `directory`, sorted.
    static func contents(of directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }
}
