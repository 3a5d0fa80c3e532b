internal import CInklingJPEG

/// Decodes and encodes JPEGs in memory through libjpeg-turbo (via the `CInklingJPEG` shim).
///
/// Grayscale files become ``PixelFormat/gray``; YCbCr and RGB files become ``PixelFormat/rgb``
/// through libjpeg's accurate integer IDCT and fancy upsampling (deterministic for a given
/// libjpeg build); Adobe CMYK and YCCK files are converted to RGB naively (no ICC profile).
/// Baseline and progressive files, every chroma subsampling and restart intervals are read.
/// Data that ends early is an error, not a gray-padded image. ``encode(_:quality:background:)``
/// writes baseline JFIF files (gray, or YCbCr with 2×2 chroma subsampling), for previews.
public enum JPEGCodec {
    /// The quality ``encode(_:quality:background:)`` uses when none is given.
    public static let defaultQuality = 85

    /// Encodes `image` as a baseline JFIF JPEG's bytes.
    ///
    /// Gray images stay gray; colour ones are stored as YCbCr with libjpeg's default 2×2 chroma
    /// subsampling. An image with alpha is first composited over `background` (a JPEG has no
    /// alpha). Huffman tables are optimised per image and the accurate integer DCT is used, so
    /// the same image and quality always give the same bytes for a given libjpeg build. No
    /// metadata besides the JFIF header is written.
    ///
    /// - Parameter quality: libjpeg's quality scale, 1…100 (82–85 is a good preview).
    /// - Throws: ``JPEGError/unsupported(_:)`` for a quality outside 1…100 or a side outside
    ///   1…65500; ``JPEGError/outOfMemory``; ``JPEGError/encodingFailed(_:)`` when libjpeg fails.
    public static func encode(_ image: RasterImage, quality: Int = defaultQuality,
                              background: RGBA8 = .white) throws(JPEGError) -> [UInt8] {
        guard (1...100).contains(quality) else { throw .unsupported("JPEG quality is 1…100, not \(quality)") }
        let maxSide = Int(INKLING_JPEG_MAX_SIDE)
        guard (1...maxSide).contains(image.width), (1...maxSide).contains(image.height) else {
            throw .unsupported("a JPEG is 1…\(maxSide) pixels a side, not \(image.width)×\(image.height)")
        }
        let opaque = image.composited(over: background)
        var encoded = inkling_jpeg_encoded()
        var message = [CChar](repeating: 0, count: Int(INKLING_JPEG_ERROR_SIZE))
        let status = opaque.pixels.withUnsafeBufferPointer { input in
            message.withUnsafeMutableBufferPointer { buffer in
                inkling_jpeg_encode(input.baseAddress, input.count, UInt32(opaque.width), UInt32(opaque.height),
                                    Int32(opaque.format.channels), Int32(quality), &encoded, buffer.baseAddress, buffer.count)
            }
        }
        defer { inkling_jpeg_encoded_free(&encoded) }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case INKLING_JPEG_OK:
            return Array(UnsafeBufferPointer(start: encoded.bytes, count: encoded.size))
        case INKLING_JPEG_OUT_OF_MEMORY: throw .outOfMemory
        case INKLING_JPEG_INVALID_ARGUMENT: throw .unsupported(text)
        default: throw .encodingFailed(text.isEmpty ? "libjpeg reported an error" : text)
        }
    }


    /// Decodes a JPEG file's bytes into an 8-bit gray or RGB image.
    ///
    /// The declared size is checked against `maxPixels` right after the header is read, before
    /// any pixel or coefficient memory is allocated, so a small file declaring a huge image fails
    /// fast with ``JPEGError/tooLarge(width:height:)``.
    ///
    /// - Parameters:
    ///   - maxPixels: largest accepted `width × height`; must be positive. The default, 2²⁸,
    ///     allows 16384×16384.
    ///   - applyingOrientation: when `true` (the default), an EXIF orientation tag (APP1, tag
    ///     0x0112) is applied, so the image comes out the way a viewer shows it; when `false`
    ///     the pixels are returned as stored. The limit applies to the stored size either way.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = 1 << 28,
                              applyingOrientation: Bool = true) throws(JPEGError) -> RasterImage {
        let (image, orientation) = try decodeStored(bytes, maxPixels: maxPixels)
        guard applyingOrientation, let orientation else { return image }
        return image.oriented(orientation)
    }

    /// The EXIF orientation stored in a JPEG, or `nil` when it has none (or declares 1, "up").
    ///
    /// Decodes the whole file, so it also validates it.
    public static func orientation(of bytes: [UInt8], maxPixels: Int = 1 << 28) throws(JPEGError) -> ImageOrientation? {
        try decodeStored(bytes, maxPixels: maxPixels).orientation
    }

    /// The pixels as stored, and the EXIF orientation other than `.up`.
    private static func decodeStored(_ bytes: [UInt8],
                                     maxPixels: Int) throws(JPEGError) -> (image: RasterImage, orientation: ImageOrientation?) {
        precondition(maxPixels > 0, "maxPixels must be positive")
        guard !bytes.isEmpty else { throw .empty }
        var decoded = inkling_jpeg_decoded()
        var message = [CChar](repeating: 0, count: Int(INKLING_JPEG_ERROR_SIZE))
        let status = bytes.withUnsafeBufferPointer { input in
            message.withUnsafeMutableBufferPointer { buffer in
                inkling_jpeg_decode(input.baseAddress, input.count, UInt64(maxPixels), &decoded,
                                    buffer.baseAddress, buffer.count)
            }
        }
        defer { inkling_jpeg_decoded_free(&decoded) }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case INKLING_JPEG_OK:
            break
        case INKLING_JPEG_NOT_JPEG: throw .notJPEG
        case INKLING_JPEG_TRUNCATED: throw .truncated
        case INKLING_JPEG_TOO_LARGE: throw .tooLarge(width: Int(decoded.width), height: Int(decoded.height))
        case INKLING_JPEG_UNSUPPORTED, INKLING_JPEG_INVALID_ARGUMENT: throw .unsupported(text)
        case INKLING_JPEG_OUT_OF_MEMORY: throw .outOfMemory
        default: throw .corrupt(text.isEmpty ? "libjpeg reported an error" : text)
        }
        let format: PixelFormat = decoded.channels == 1 ? .gray : .rgb
        guard decoded.channels == Int32(format.channels),
              decoded.pixels_size == Int(decoded.width) * Int(decoded.height) * format.channels else {
            throw .unsupported("decoder produced \(decoded.channels) channels")
        }
        let pixels = Array(UnsafeBufferPointer(start: decoded.pixels, count: decoded.pixels_size))
        let image = RasterImage(width: Int(decoded.width), height: Int(decoded.height),
                                format: format, pixels: pixels)
        let orientation = ImageOrientation(rawValue: Int(decoded.orientation)).flatMap { $0 == .up ? nil : $0 }
        return (image, orientation)
    }
}
