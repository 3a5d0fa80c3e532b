import Foundation
import InklingImageIO
import XCTest
@testable import InklingComparison

/// PSNR: exact MSE, infinity for identical images, per-channel values.
final class PeakSignalToNoiseRatioTests: XCTestCase {
    func testIdenticalImagesAreInfinite() throws {
        let image = MetricFixtures.scene(width: 20, height: 10)
        let psnr = try PeakSignalToNoiseRatio.measure(image, image)
        XCTAssertEqual(psnr.decibels, .infinity)
        XCTAssertEqual(psnr.meanSquaredError, 0)
        XCTAssertEqual(psnr.channels, [.infinity, .infinity, .infinity])
    }

    func testKnownError() throws {
        // Every red sample off by 10, the rest equal: MSE = 100 / 3 overall, 100 in red.
        let a = RasterImage(width: 7, height: 5, format: .rgb, filledWith: 100)
        var b = a
        for i in stride(from: 0, to: b.pixels.count, by: 3) { b.pixels[i] = 110 }
        let psnr = try PeakSignalToNoiseRatio.measure(a, b)
        XCTAssertEqual(psnr.meanSquaredError, 100.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(psnr.decibels, 10 * log10(255 * 255 / (100.0 / 3)), accuracy: 1e-12)
        XCTAssertEqual(psnr.channels[0], 10 * log10(255 * 255 / 100.0), accuracy: 1e-12)
        XCTAssertEqual(psnr.channels[1], .infinity)
    }

    func testLargeImagesDoNotOverflowTheBlockSums() throws {
        // 255² per sample over a gray image larger than one 32,768-sample block.
        let a = RasterImage(width: 300, height: 300, format: .gray, filledWith: 0)
        let b = RasterImage(width: 300, height: 300, format: .gray, filledWith: 255)
        XCTAssertEqual(try PeakSignalToNoiseRatio.measure(a, b).meanSquaredError, 65_025)
        XCTAssertEqual(try PeakSignalToNoiseRatio.measure(a, b).decibels, 0, accuracy: 1e-12)
    }

    func testEveryChannelCountMatchesADirectSum() throws {
        // Odd sizes leave a remainder after the 16-pixel blocks; the RGBA image has more than
        // 32,768 blocks, so the 32-bit lanes are emptied on the way.
        for (format, width, height) in [(PixelFormat.gray, 37, 29), (.grayAlpha, 41, 3), (.rgb, 101, 7), (.rgba, 1030, 520)] {
            let a = MetricFixtures.noisy(RasterImage(width: width, height: height, format: format, filledWith: 128), amplitude: 127, seed: 3)
            let b = MetricFixtures.noisy(a, amplitude: 90, seed: 4)
            var sums = [Int](repeating: 0, count: format.channels)
            for i in a.pixels.indices {
                let d = Int(a.pixels[i]) - Int(b.pixels[i])
                sums[i % format.channels] += d * d
            }
            let psnr = try PeakSignalToNoiseRatio.measure(a, b)
            let pixels = Double(width * height)
            XCTAssertEqual(psnr.meanSquaredError, Double(sums.reduce(0, +)) / (pixels * Double(format.channels)), "\(format)")
            for c in 0..<format.channels {
                XCTAssertEqual(psnr.channels[c], PeakSignalToNoiseRatio.decibels(Double(sums[c]) / pixels), "\(format) channel \(c)")
            }
        }
    }

    func testRejectsSizeMismatch() {
        XCTAssertThrowsError(try PeakSignalToNoiseRatio.measure(RasterImage(width: 4, height: 4, format: .rgb),
                                                                RasterImage(width: 4, height: 5, format: .rgb)))
    }
}
