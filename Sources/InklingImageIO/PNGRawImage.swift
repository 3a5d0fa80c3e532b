/// Any image layout PNG allows, with rows in PNG's own sample layout; what the encoder writes.
///
/// ``PNGCodec`` builds one from a ``RasterImage`` (8-bit, no palette). Tests build others to
/// produce 16-bit, palette, low-bit-depth, colour-keyed and interlaced files for the reader.
struct PNGRawImage: Sendable, Hashable {
    /// PNG colour types, with PNG's numeric values.
    enum ColorType: Int32, Sendable, Hashable {
        /// Luminance.
        case gray = 0
        /// Red, green, blue.
        case rgb = 2
        /// Palette indices.
        case palette = 3
        /// Luminance and alpha.
        case grayAlpha = 4
        /// Red, green, blue and alpha.
        case rgba = 6

        /// Samples per pixel as stored.
        var channels: Int {
            switch self {
            case .gray, .palette: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }

        /// The colour type that stores `format` at 8 bits.
        init(_ format: PixelFormat) {
            switch format {
            case .gray: self = .gray
            case .grayAlpha: self = .grayAlpha
            case .rgb: self = .rgb
            case .rgba: self = .rgba
            }
        }
    }

    /// Pixels per row.
    var width: Int
    /// Number of rows.
    var height: Int
    /// Bits per sample: 1, 2, 4, 8 or 16, as the colour type allows.
    var bitDepth: Int
    /// How samples are interpreted.
    var colorType: ColorType
    /// Whether to write Adam7-interlaced.
    var interlaced: Bool = false
    /// `height` rows of ``rowBytes`` bytes: big-endian 16-bit samples, sub-byte samples packed MSB first.
    var rows: [UInt8]
    /// RGB triples (palette colour type only).
    var palette: [UInt8] = []
    /// Alpha per palette entry (a palette tRNS chunk); may be shorter than the palette.
    var paletteAlpha: [UInt8] = []
    /// Colour key for gray (1 value) or RGB (3 values) images, in the image's bit depth.
    var transparentColor: [UInt16]? = nil
    /// Text chunks, written before the image data.
    var text: [PNGTextChunk] = []

    /// Bytes per packed row.
    var rowBytes: Int { (width * colorType.channels * bitDepth + 7) / 8 }
}
