import Foundation
@testable import InklingImageIO

/// The committed JPEG fixtures (Fixtures/, made with Pillow 13 from the formulas below) and
/// helpers to compare decoded pixels with the images they were encoded from.
enum JPEGFixtures {
    /// The Fixtures directory next to this file.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// The bytes of fixture `name`.
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// Every fixture's file name.
    static let all = ["baseline-444-32x24.jpg", "baseline-420-33x17.jpg", "progressive-420-33x17.jpg",
                      "gray-31x9.jpg", "cmyk-adobe-16x8.jpg", "exif-orientation6-8x4.jpg"]

    /// The source of the RGB gradient fixtures: R = x·255/(w−1), G = y·255/(h−1), B = 96, rounded.
    static func gradient(width: Int, height: Int) -> RasterImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8((Double(x) * 255 / Double(width - 1)).rounded()),
                           UInt8((Double(y) * 255 / Double(height - 1)).rounded()), 96]
            }
        }
        return RasterImage(width: width, height: height, format: .rgb, pixels: pixels)
    }

    /// The source of the gray fixture: L = x·255/(w−1), rounded.
    static func grayRamp(width: Int, height: Int) -> RasterImage {
        var pixels: [UInt8] = []
        for _ in 0..<height {
            for x in 0..<width { pixels.append(UInt8((Double(x) * 255 / Double(width - 1)).rounded())) }
        }
        return RasterImage(width: width, height: height, format: .gray, pixels: pixels)
    }

    /// Largest and mean absolute sample difference between two images of the same layout.
    static func difference(_ lhs: RasterImage, _ rhs: RasterImage) -> (max: Int, mean: Double) {
        precondition(lhs.pixels.count == rhs.pixels.count)
        var largest = 0
        var sum = 0
        for (a, b) in zip(lhs.pixels, rhs.pixels) {
            let d = abs(Int(a) - Int(b))
            largest = max(largest, d)
            sum += d
        }
        return (largest, Double(sum) / Double(max(lhs.pixels.count, 1)))
    }
}
