import InklingImageIO
import InklingJobs

/// `GET /v1/images/{id}?format=jpeg&width=W`: a small JPEG of a finished image, made without
/// using up its one download.
///
/// The stored PNG is read (never taken), scaled down — never up — to at most `W` pixels wide
/// with its aspect kept (area averaging, ``RasterImage/resampled(width:height:)``), composited
/// over white when it has alpha, and encoded through libjpeg-turbo at quality 82
/// (``JPEGCodec/encode(_:quality:background:)``). Without `width` the JPEG keeps the image's
/// size. `format=png` (or no query) is the download itself.
struct ImagePreview: Sendable {
    /// What the query asks for.
    enum Requested: Equatable {
        /// The PNG itself: the one download (`HEAD`: a look that does not use it up).
        case png
        /// A JPEG at most this many pixels wide (`nil`: the image's own width).
        case jpeg(maxWidth: Int?)
    }

    /// The query parameters the image route reads.
    static let queryFields: Set<String> = ["format", "width"]
    /// The widths a preview may ask for.
    static let widths = 16...4096
    /// libjpeg quality of a preview: about a tenth of the PNG's bytes, no visible blocking at the
    /// sizes a page shows.
    static let quality = 82
    /// The largest stored image (pixels) a preview is made of: 4096 × 4096. Decoding and scaling
    /// take about 20 bytes a pixel, so a preview holds at most about 320 MB while it is made.
    static let maxSourcePixels = 4096 * 4096

    /// What `query` asks for, or a 400 `invalid_request` naming the parameter.
    static func requested(by query: [String: String]) throws(APIError) -> Requested {
        func bad(_ name: String, _ message: String) -> APIError { APIError(400, "invalid_request", "query \(name): \(message)") }
        if let unknown = query.keys.sorted().first(where: { !queryFields.contains($0) }) {
            throw bad(String(unknown.prefix(40)), "unknown parameter; expected format (png or jpeg) and, for jpeg, width")
        }
        let format = query["format"] ?? "png"
        switch format {
        case "png":
            if query["width"] != nil { throw bad("width", "only a JPEG preview is scaled; add format=jpeg, or leave width out to download the PNG") }
            return .png
        case "jpeg":
            guard let text = query["width"] else { return .jpeg(maxWidth: nil) }
            guard let width = Int(text), widths.contains(width) else {
                throw bad("width", "expected a whole number of pixels \(widths.lowerBound)…\(widths.upperBound), got '\(text.prefix(20))'")
            }
            return .jpeg(maxWidth: width)
        default:
            throw bad("format", "expected png or jpeg, got '\(format.prefix(20))'")
        }
    }

    /// The JPEG preview of the stored `png`, at most `maxWidth` pixels wide.
    static func jpeg(of png: [UInt8], maxWidth: Int?) throws(APIError) -> [UInt8] {
        let image: RasterImage
        do {
            image = try PNGCodec.decode(png, maxPixels: maxSourcePixels).image
        } catch {
            if case .tooLarge(let width, let height) = error {
                throw APIError(422, "not_supported", "the image is \(width)×\(height), too large to preview (at most \(maxSourcePixels) pixels); download the PNG")
            }
            throw APIError(500, "encoding_failed", "cannot read the stored image for its preview: \(error.description)")
        }
        let width = min(maxWidth ?? image.width, image.width)
        let height = max(1, Int((Double(image.height) * Double(width) / Double(image.width)).rounded()))
        do {
            return try JPEGCodec.encode(image.resampled(width: width, height: height), quality: quality)
        } catch {
            throw APIError(500, "encoding_failed", "cannot encode the preview as JPEG: \(error.description)")
        }
    }
}
