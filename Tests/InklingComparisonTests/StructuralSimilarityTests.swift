import Foundation
import InklingImageIO
import XCTest
@testable import InklingComparison

/// SSIM with the Gaussian window: exact values, edge cases and errors.
final class StructuralSimilarityTests: XCTestCase {
    func testIdenticalImagesScoreOne() throws {
        let image = MetricFixtures.scene(width: 64, height: 48)
        let ssim = try StructuralSimilarity.measure(image, image)
        XCTAssertEqual(ssim.mean, 1, accuracy: 1e-12)
        XCTAssertEqual(ssim.channels.count, 3)
    }

    func testConstantImagesFollowTheLuminanceTerm() throws {
        // No variance anywhere: SSIM = (2 μx μy + C1) / (μx² + μy² + C1).
        let a = RasterImage(width: 32, height: 32, format: .gray, filledWith: 90)
        let b = RasterImage(width: 32, height: 32, format: .gray, filledWith: 140)
        let c1: Double = (0.01 * 255) * (0.01 * 255)
        let expected: Double = (2 * 90 * 140 + c1) / (90 * 90 + 140 * 140 + c1)
        XCTAssertEqual(try StructuralSimilarity.measure(a, b).mean, expected, accuracy: 1e-12)
    }

    func testMatchesADirectWindowSumAcrossBands() throws {
        // 120 rows → two parallel bands; the direct 11 × 11 sum knows nothing of bands or rings.
        let a = MetricFixtures.scene(width: 40, height: 120, format: .gray)
        let b = MetricFixtures.noisy(a, amplitude: 25)
        let fast = try StructuralSimilarity.measure(a, b).mean
        XCTAssertEqual(fast, Self.directSSIM(a, b), accuracy: 1e-12)
        XCTAssertLessThan(fast, 0.95)
    }

    func testFlatBrightRegionsKeepFullPrecision() throws {
        // Blank paper against slightly darker paper: variances cancel almost entirely, where
        // single precision would be off by 3e-5. Luminance term only, as above.
        let a = RasterImage(width: 40, height: 40, format: .gray, filledWith: 255)
        let b = RasterImage(width: 40, height: 40, format: .gray, filledWith: 254)
        let c1: Double = (0.01 * 255) * (0.01 * 255)
        let expected: Double = (2 * 255 * 254 + c1) / (255 * 255 + 254 * 254 + c1)
        XCTAssertEqual(try StructuralSimilarity.measure(a, b).mean, expected, accuracy: 1e-12)
    }

    func testWorseDistortionScoresLower() throws {
        let a = MetricFixtures.scene(width: 64, height: 64)
        let mild = try StructuralSimilarity.measure(a, MetricFixtures.noisy(a, amplitude: 3)).mean
        let strong = try StructuralSimilarity.measure(a, MetricFixtures.noisy(a, amplitude: 30)).mean
        XCTAssertGreaterThan(mild, strong)
        XCTAssertLessThan(mild, 1)
    }

    func testRepeatsExactly() throws {
        let a = MetricFixtures.scene(width: 300, height: 400)
        let b = MetricFixtures.noisy(a, amplitude: 9)
        XCTAssertEqual(try StructuralSimilarity.measure(a, b), try StructuralSimilarity.measure(a, b))
    }

    func testRejectsImagesSmallerThanTheWindow() {
        let small = RasterImage(width: 10, height: 40, format: .rgb)
        XCTAssertThrowsError(try StructuralSimilarity.measure(small, small)) { error in
            XCTAssertEqual(error as? ComparisonError, .tooSmallForSSIM(width: 10, height: 40, window: 11))
        }
        let fits = RasterImage(width: 11, height: 11, format: .rgb)
        XCTAssertNoThrow(try StructuralSimilarity.measure(fits, fits))
    }

    func testRejectsSizeMismatchAndEmptyImages() {
        XCTAssertThrowsError(try StructuralSimilarity.measure(RasterImage(width: 20, height: 20, format: .gray),
                                                              RasterImage(width: 21, height: 20, format: .gray))) { error in
            XCTAssertEqual(error as? ComparisonError, .sizeMismatch(width: 20, height: 20, otherWidth: 21, otherHeight: 20))
            XCTAssertTrue(String(describing: error).contains("20x20 and 21x20"))
        }
        let empty = RasterImage(width: 0, height: 0, format: .gray)
        XCTAssertThrowsError(try StructuralSimilarity.measure(empty, empty)) { error in
            XCTAssertEqual(error as? ComparisonError, .emptyImage)
        }
    }

    func testMixedFormatsAreUnified() throws {
        // A gray image and its RGB copy are the same picture.
        let gray = MetricFixtures.scene(width: 32, height: 32, format: .gray)
        let rgb = gray.converted(to: .rgb)
        let ssim = try StructuralSimilarity.measure(gray, rgb)
        XCTAssertEqual(ssim.channels.count, 3)
        XCTAssertEqual(ssim.mean, 1, accuracy: 1e-12)
    }

    /// SSIM by the definition: a full 2-D Gaussian window at every interior pixel.
    static func directSSIM(_ a: RasterImage, _ b: RasterImage) -> Double {
        let k = StructuralSimilarity.kernel, r = StructuralSimilarity.radius, w = a.width, h = a.height
        let c1: Double = (0.01 * 255) * (0.01 * 255), c2: Double = (0.03 * 255) * (0.03 * 255)
        var total = 0.0
        for y in r..<(h - r) {
            for x in r..<(w - r) {
                var mx = 0.0, my = 0.0, xx = 0.0, yy = 0.0, xy = 0.0
                for j in -r...r {
                    for i in -r...r {
                        let weight = k[j + r] * k[i + r]
                        let p = Double(a.pixels[(y + j) * w + x + i]), q = Double(b.pixels[(y + j) * w + x + i])
                        mx += weight * p; my += weight * q
                        xx += weight * p * p; yy += weight * q * q; xy += weight * p * q
                    }
                }
                let vx = xx - mx * mx, vy = yy - my * my, vxy = xy - mx * my
                total += (2 * mx * my + c1) * (2 * vxy + c2) / ((mx * mx + my * my + c1) * (vx + vy + c2))
            }
        }
        return total / Double((w - 2 * r) * (h - 2 * r))
    }
}
