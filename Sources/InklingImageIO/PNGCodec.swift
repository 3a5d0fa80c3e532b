internal import CInklingPNG
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Encodes and decodes PNGs in memory through libpng (via the `CInklingPNG` shim).
///
/// Reading accepts every PNG layout and converts it to 8 bits per sample: 16-bit samples are
/// scaled (rounded `v × 255 / 65535`), palettes expanded to RGB, a tRNS chunk becomes alpha, gray
/// below 8 bits is stretched to 0…255, and Adam7 interlacing is undone. No gamma or colour-space
/// conversion is applied. Writing produces 8-bit gray, gray+alpha, RGB or RGBA, deterministically:
/// the same document and level always give the same bytes (no tIME chunk, no timestamps).
public enum PNGCodec {
    /// zlib level used when none is given: 6, zlib's own default balance of size and speed.
    public static let defaultCompressionLevel = 6

    /// Encodes `document` as a PNG file's bytes.
    ///
    /// - Parameter compressionLevel: zlib level, 0 (store) … 9 (smallest).
    /// - Throws: ``PNGError/unsupported(_:)`` for an image with zero width or height or a level
    ///   outside 0…9; ``PNGError/invalidKeyword(_:)`` / ``PNGError/invalidText(keyword:)`` for bad
    ///   text chunks.
    /// - Parameter filter: the row filter; ``PNGRowFilter/adaptive`` (libpng's per-row choice) by
    ///   default. A fixed filter encodes faster, which pays for images with large flat areas.
    /// - Parameter textCompression: which text chunks are compressed; by default those of more
    ///   than ``PNGTextChunk/compressionThreshold`` bytes (zlib level 6, whatever
    ///   `compressionLevel` is).
    public static func encode(_ document: PNGDocument,
                              compressionLevel: Int = defaultCompressionLevel,
                              filter: PNGRowFilter = .adaptive,
                              textCompression: PNGTextCompression = .longText) throws(PNGError) -> [UInt8] {
        let image = document.image
        guard image.width >= 1, image.height >= 1 else {
            throw .unsupported("a PNG needs at least 1×1 pixels, this image is \(image.width)×\(image.height)")
        }
        let raw = PNGRawImage(width: image.width, height: image.height, bitDepth: 8,
                              colorType: .init(image.format), rows: image.pixels, text: document.text)
        return try encode(raw, compressionLevel: compressionLevel, filter: filter, textCompression: textCompression)
    }

    /// Decodes a PNG file's bytes into an 8-bit image and its text chunks.
    ///
    /// The declared size is checked against `maxPixels` (and each side against
    /// `min(maxPixels, 2³¹ − 1)`) before any pixel memory is allocated, so a small file that
    /// declares a huge image (a decompression bomb) fails fast with ``PNGError/tooLarge(width:height:)``.
    /// A compressed text chunk (or other compressed ancillary chunk) may inflate to at most
    /// ``maximumInflatedChunkBytes(fileBytes:)``; one that would inflate further is dropped,
    /// inflation stopping there without allocating it (a `zTXt` bomb costs time, not memory).
    ///
    /// - Parameter maxPixels: largest accepted `width × height`; must be positive. The default,
    ///   2²⁸, allows 16384×16384.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = 1 << 28) throws(PNGError) -> PNGDocument {
        try reading(bytes, maxPixels: maxPixels, with: inkling_png_decode) { decoded throws(PNGError) in
            try document(from: decoded)
        }
    }

    /// The document libpng decoded into `decoded`.
    private static func document(from decoded: inkling_png_decoded) throws(PNGError) -> PNGDocument {
        guard let format = PixelFormat.allCases.first(where: { $0.channels == Int(decoded.channels) }) else {
            throw .unsupported("decoder produced \(decoded.channels) channels")
        }
        let pixels = Array(UnsafeBufferPointer(start: decoded.pixels, count: decoded.pixels_size))
        let image = RasterImage(width: Int(decoded.width), height: Int(decoded.height),
                                format: format, pixels: pixels)
        return PNGDocument(image: image, text: texts(of: decoded))
    }

    /// Reads the text chunks that come before a PNG's image data, without decompressing any
    /// pixels: what a recipe needs (``decode(_:maxPixels:)`` reads those after it too).
    ///
    /// The header, every chunk's length and CRC up to the image data, and the declared size
    /// against `maxPixels` are checked as ``decode(_:maxPixels:)`` checks them, so a file that
    /// decode refuses early is refused here with the same error.
    public static func decodeText(_ bytes: [UInt8], maxPixels: Int = 1 << 28) throws(PNGError) -> [PNGTextChunk] {
        try reading(bytes, maxPixels: maxPixels, with: inkling_png_read_text) { decoded throws(PNGError) in
            texts(of: decoded)
        }
    }

    /// The most bytes one compressed ancillary chunk of a PNG of `fileBytes` bytes may inflate
    /// to when read: 64 MiB plus 16 bytes per byte of the file, the budget every Inkling input
    /// is held to (``ImageFile/pixelBudget(fileBytes:)``). Every recipe up to 64 MiB of JSON
    /// reads back, and a larger one when the file is at least a sixteenth of it (recipes
    /// deflate about 7 to 1, their PNG holding the pixels too); a small `zTXt` that would
    /// inflate to hundreds of megabytes is dropped after at most the budget.
    public static func maximumInflatedChunkBytes(fileBytes: Int) -> Int {
        let (scaled, overflow) = max(0, fileBytes).multipliedReportingOverflow(by: 16)
        return overflow || scaled > Int.max - (64 << 20) ? Int.max : (64 << 20) + scaled
    }

    /// Runs one of the shim's readers (`inkling_png_decode`, `inkling_png_read_text`) on `bytes`
    /// under `maxPixels`, hands what it read to `body`, and frees it.
    private static func reading<T>(
        _ bytes: [UInt8], maxPixels: Int,
        with reader: (UnsafePointer<UInt8>?, Int, UnsafePointer<inkling_png_limits>?, UnsafeMutablePointer<inkling_png_decoded>?,
                      UnsafeMutablePointer<CChar>?, Int) -> inkling_png_status,
        _ body: (inkling_png_decoded) throws(PNGError) -> T
    ) throws(PNGError) -> T {
        precondition(maxPixels > 0, "maxPixels must be positive")
        guard !bytes.isEmpty else { throw .empty }
        let side = UInt32(min(maxPixels, Int(Int32.max)))
        var limits = inkling_png_limits(max_width: side, max_height: side, max_pixels: UInt64(maxPixels),
                                        max_chunk_bytes: maximumInflatedChunkBytes(fileBytes: bytes.count))
        var decoded = inkling_png_decoded()
        var message = [CChar](repeating: 0, count: Int(INKLING_PNG_ERROR_SIZE))
        let status = bytes.withUnsafeBufferPointer { input in
            message.withUnsafeMutableBufferPointer { buffer in
                reader(input.baseAddress, input.count, &limits, &decoded, buffer.baseAddress, buffer.count)
            }
        }
        defer { inkling_png_decoded_free(&decoded) }
        guard status == INKLING_PNG_OK else {
            throw error(for: status, message: message, size: (Int(decoded.width), Int(decoded.height)))
        }
        return try body(decoded)
    }

    /// The text chunks the shim handed back, copied into Swift.
    private static func texts(of decoded: inkling_png_decoded) -> [PNGTextChunk] {
        let chunks = UnsafeBufferPointer(start: decoded.texts, count: decoded.text_count)
        return chunks.map { chunk in
            let keyword = UnsafeRawBufferPointer(start: chunk.keyword, count: strlen(chunk.keyword))
            let body = UnsafeRawBufferPointer(start: chunk.text, count: chunk.text_length)
            return PNGTextChunk(keywordLatin1: keyword, text: body, utf8: chunk.utf8 != 0)
        }
    }

    /// Encodes any PNG layout; ``encode(_:compressionLevel:filter:)`` and tests go through here.
    static func encode(_ raw: PNGRawImage,
                       compressionLevel: Int = defaultCompressionLevel,
                       filter: PNGRowFilter = .adaptive,
                       textCompression: PNGTextCompression = .longText) throws(PNGError) -> [UInt8] {
        guard (0...9).contains(compressionLevel) else {
            throw .unsupported("compression level \(compressionLevel) is outside 0…9")
        }
        guard raw.width >= 1, raw.height >= 1, raw.width <= Int(Int32.max), raw.height <= Int(Int32.max) else {
            throw .unsupported("PNG sides must be 1…2147483647 pixels, this image is \(raw.width)×\(raw.height)")
        }
        guard raw.rows.count >= raw.rowBytes * raw.height else {
            throw .unsupported("\(raw.rows.count) bytes of rows, \(raw.rowBytes * raw.height) needed")
        }
        // All keywords and texts, each NUL-terminated, in one buffer; offsets into it per chunk.
        var strings: [CChar] = []
        var offsets: [(keyword: Int, text: Int, length: Int, utf8: Bool, compressed: Bool)] = []
        for chunk in raw.text {
            let keyword = try chunk.keywordBytes()
            let (body, utf8) = try chunk.textBytes()
            let keywordOffset = strings.count
            strings += keyword.map { CChar(bitPattern: $0) } + [0]
            offsets.append((keywordOffset, strings.count, body.count, utf8, textCompression.compresses(byteCount: body.count)))
            strings += body.map { CChar(bitPattern: $0) } + [0]
        }
        var transparent = raw.transparentColor ?? []
        transparent += [UInt16](repeating: 0, count: max(0, 3 - transparent.count))

        var output: UnsafeMutablePointer<UInt8>? = nil
        var outputSize = 0
        var message = [CChar](repeating: 0, count: Int(INKLING_PNG_ERROR_SIZE))
        defer { inkling_png_free(output) }
        let status = strings.withUnsafeBufferPointer { stringBase in
            let texts = offsets.map { entry in
                inkling_png_text(keyword: stringBase.baseAddress! + entry.keyword,
                                 text: stringBase.baseAddress! + entry.text,
                                 text_length: entry.length, utf8: entry.utf8 ? 1 : 0, compressed: entry.compressed ? 1 : 0)
            }
            return texts.withUnsafeBufferPointer { textBuffer in
                raw.rows.withUnsafeBufferPointer { rows in
                    raw.palette.withUnsafeBufferPointer { palette in
                        raw.paletteAlpha.withUnsafeBufferPointer { alpha in
                            var spec = inkling_png_image_spec()
                            spec.width = UInt32(raw.width)
                            spec.height = UInt32(raw.height)
                            spec.bit_depth = Int32(raw.bitDepth)
                            spec.color_type = raw.colorType.rawValue
                            spec.interlaced = raw.interlaced ? 1 : 0
                            spec.rows = rows.baseAddress
                            spec.row_stride = raw.rowBytes
                            spec.palette = palette.baseAddress
                            spec.palette_count = raw.palette.count / 3
                            spec.palette_alpha = alpha.baseAddress
                            spec.palette_alpha_count = alpha.count
                            spec.has_transparent_color = raw.transparentColor == nil ? 0 : 1
                            spec.transparent_gray = transparent[0]
                            spec.transparent_rgb = (transparent[0], transparent[1], transparent[2])
                            spec.texts = textBuffer.baseAddress
                            spec.text_count = textBuffer.count
                            spec.compression_level = Int32(compressionLevel)
                            spec.filters = filter.rawValue
                            return message.withUnsafeMutableBufferPointer { buffer in
                                inkling_png_encode(&spec, &output, &outputSize, buffer.baseAddress, buffer.count)
                            }
                        }
                    }
                }
            }
        }
        guard status == INKLING_PNG_OK, let output else {
            throw error(for: status, message: message, size: (raw.width, raw.height))
        }
        return Array(UnsafeBufferPointer(start: output, count: outputSize))
    }

    /// Maps a shim status and its message to a ``PNGError``.
    private static func error(for status: inkling_png_status, message: [CChar],
                              size: (width: Int, height: Int)) -> PNGError {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case INKLING_PNG_NOT_PNG: return .notPNG
        case INKLING_PNG_TRUNCATED: return .truncated
        case INKLING_PNG_TOO_LARGE: return .tooLarge(width: size.width, height: size.height)
        case INKLING_PNG_UNSUPPORTED, INKLING_PNG_INVALID_ARGUMENT: return .unsupported(text)
        case INKLING_PNG_OUT_OF_MEMORY: return .outOfMemory
        default: return .corrupt(text.isEmpty ? "libpng reported an error" : text)
        }
    }
}
