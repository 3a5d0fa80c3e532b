import XCTest
@testable import InklingGuidance

/// The soft encoding's blur: Gaussian-like widths, black borders, and results that do not depend
/// on how many threads share the work.
final class BoxBlurTests: XCTestCase {
    /// A deterministic test image: a few bright bars and dots on black.
    private func bars(width: Int, height: Int) -> [UInt8] {
        (0..<width * height).map { i in
            let x = i % width, y = i / width
            return (x % 37 < 3 || (y % 23 == 0 && x % 5 == 0)) ? 255 : 0
        }
    }

    func testThreeBoxWidthsMatchTheRequestedVariance() {
        // Odd integer widths cannot hit every sigma: within 20% at sigma 1, 12% from 2.5 up.
        for (sigma, tolerance) in [(1.0, 0.2), (2.5, 0.12), (7.68, 0.12), (20, 0.12)] {
            let widths = BoxBlur.boxWidths(sigma: sigma)
            XCTAssertEqual(widths.count, 3)
            XCTAssertTrue(widths.allSatisfy { $0 % 2 == 1 })
            let variance = widths.reduce(0.0) { $0 + (Double($1 * $1) - 1) / 12 }
            XCTAssertEqual(variance.squareRoot(), sigma, accuracy: sigma * tolerance, "sigma \(sigma)")
        }
    }

    func testResultDoesNotDependOnTheNumberOfWorkers() {
        let (w, h) = (203, 131)
        var one = bars(width: w, height: h)
        BoxBlur.blur(&one, width: w, height: h, sigma: 3.3, workers: 1)
        for workers in [2, 3, 8] {
            var many = bars(width: w, height: h)
            BoxBlur.blur(&many, width: w, height: h, sigma: 3.3, workers: workers)
            XCTAssertEqual(many, one, "\(workers) workers")
        }
    }

    func testBlurSpreadsAndKeepsInkInsideTheImage() {
        let (w, h) = (64, 64)
        var image = [UInt8](repeating: 0, count: w * h)
        image[32 * w + 32] = 255
        BoxBlur.blur(&image, width: w, height: h, sigma: 2, workers: 2)
        XCTAssertLessThan(image[32 * w + 32], 255)
        XCTAssertGreaterThan(image[32 * w + 34], 0)
        XCTAssertEqual(image[32 * w + 34], image[34 * w + 32], "horizontal and vertical spread alike")
        XCTAssertEqual(image[0], 0)
    }

    func testBrightenLinesTakesTheMedianUnderTheLinesToThePeak() {
        // Line core (scribble ≥ half its peak): blurred 100, 120, 100 → median 100 → gain 2.
        var image: [UInt8] = [10, 100, 120, 100, 10]
        BoxBlur.brightenLines(&image, scribble: [0, 200, 200, 200, 0])
        XCTAssertEqual(image, [20, 200, 240, 200, 20])
        // A crossing twice as bright as the line saturates instead of setting the gain.
        var crossing: [UInt8] = [50, 50, 100, 50, 50]
        BoxBlur.brightenLines(&crossing, scribble: [255, 255, 255, 255, 255])
        XCTAssertEqual(crossing, [255, 255, 255, 255, 255])
        var faint: [UInt8] = [0, 1, 2]
        BoxBlur.brightenLines(&faint, scribble: [0, 255, 255])
        XCTAssertEqual(faint, [0, 16, 32], "gain is capped at 16×")
        var bright: [UInt8] = [0, 200, 255]
        BoxBlur.brightenLines(&bright, scribble: [0, 200, 200])
        XCTAssertEqual(bright, [0, 200, 255], "lines already at the peak are left as they are")
    }
}
