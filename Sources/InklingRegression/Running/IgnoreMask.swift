import Foundation
import InklingImageIO

/// The pixels a case's comparisons leave out: its `ignore` rectangles and its `ignoreMask` PNG
/// (light pixels, over half white, are left out). Both images of a comparison have those pixels
/// blanked the same way (colour 0, alpha opaque), so they can neither fail nor hide a failure
/// elsewhere, and the difference image shows them unchanged.
struct IgnoreMask {
    /// Why a mask does not fit an image.
    struct Mismatch: Error, CustomStringConvertible {
        var description: String
    }

    var regions: [IgnoredRegion]
    var mask: RasterImage?
    var maskPath: String?

    /// The case's mask, or `nil` when it leaves nothing out.
    ///
    /// - Throws: ``RegressionError/unreadable(path:reason:)`` for a mask file that cannot be read.
    static func load(_ c: RegressionCase) throws(RegressionError) -> IgnoreMask? {
        guard !c.ignore.isEmpty || c.ignoreMask != nil else { return nil }
        var mask: RasterImage?
        if let url = c.ignoreMask {
            do {
                // No larger than the largest output a case can ask for, checked before decoding.
                let side = CaseReader.sizeSides.upperBound
                mask = try ImageFile.read(from: url, maxPixels: side * side)
            } catch {
                throw .unreadable(path: url.path, reason: "the ignore mask: \(error.description)")
            }
        }
        return IgnoreMask(regions: c.ignore, mask: mask, maskPath: c.ignoreMask?.path)
    }

    /// Blanks the left-out pixels of `image` (called `name` in the message of a mask whose size
    /// is not the image's).
    func blank(_ image: inout RasterImage, name: String) throws(Mismatch) {
        let width = image.width, height = image.height
        let channels = image.format.channels, alpha = image.format.hasAlpha ? channels - 1 : -1
        func clear(_ x: Int, _ y: Int) {
            let base = (y * width + x) * channels
            for c in 0..<channels { image.pixels[base + c] = c == alpha ? 255 : 0 }
        }
        if let mask {
            guard mask.width == width, mask.height == height else {
                throw Mismatch(description: "the ignore mask \(maskPath.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "") is \(mask.width)×\(mask.height), \(name) is \(width)×\(height)")
            }
            let step = mask.format.channels
            let colour = mask.format.hasAlpha ? step - 1 : step
            for y in 0..<height {
                for x in 0..<width {
                    let base = (y * width + x) * step
                    var sum = 0
                    for c in 0..<colour { sum += Int(mask.pixels[base + c]) }
                    if sum * 2 > 255 * colour { clear(x, y) }
                }
            }
        }
        for r in regions {
            let x0 = min(max(r.x, 0), width), x1 = min(max(r.x + r.width, 0), width)
            let y0 = min(max(r.y, 0), height), y1 = min(max(r.y + r.height, 0), height)
            for y in y0..<y1 { for x in x0..<x1 { clear(x, y) } }
        }
    }
}
