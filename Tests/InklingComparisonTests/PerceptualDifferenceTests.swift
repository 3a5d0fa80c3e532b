import Foundation
import InklingImageIO
import XCTest
@testable import InklingComparison

/// CIEDE2000, the per-pixel map, the snapshot-style pass rule and the difference image.
final class PerceptualDifferenceTests: XCTestCase {
    func testCIEDE2000MatchesSharmasTestData() {
        // Pairs 1, 7, 17, 25 and 34 of Sharma, Wu & Dalal (2005), Table 1.
        let cases: [((Double, Double, Double), (Double, Double, Double), Double)] = [
            ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
            ((50, 0, 0), (50, -1, 2), 2.3669),
            ((50, 2.5, 0), (73, 25, -18), 27.1492),
            ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
            ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
        ]
        for (x, y, expected) in cases {
            let d = ColorDifference.ciede2000(CIELab(l: x.0, a: x.1, b: x.2), CIELab(l: y.0, a: y.1, b: y.2))
            XCTAssertEqual(d, expected, accuracy: 5e-5, "\(x) vs \(y)")
            let back = ColorDifference.ciede2000(CIELab(l: y.0, a: y.1, b: y.2), CIELab(l: x.0, a: x.1, b: x.2))
            XCTAssertEqual(d, back, accuracy: 1e-12, "symmetric")
        }
    }

    func testLabOfWhiteAndBlack() {
        let white = CIELab(red: 255, green: 255, blue: 255), black = CIELab(red: 0, green: 0, blue: 0)
        XCTAssertEqual(white.l, 100, accuracy: 1e-3)
        XCTAssertEqual(white.a, 0, accuracy: 1e-2)
        XCTAssertEqual(black.l, 0, accuracy: 1e-9)
        XCTAssertEqual(ColorDifference.ciede2000(white, black), 100, accuracy: 1e-2)
    }

    func testOneChangedPixelAgainstThePrecisionRule() throws {
        let a = MetricFixtures.scene(width: 100, height: 100)
        var b = a
        b.pixels[3 * (50 * 100 + 50)] &+= 1  // the smallest possible change
        let exact = try ImageComparison(reference: a, candidate: b)
        XCTAssertFalse(exact.passed)
        XCTAssertEqual(exact.perceptual.pixelsOver, 1)
        XCTAssertEqual(exact.perceptual.fractionOver, 1e-4, accuracy: 1e-15)
        XCTAssertTrue(exact.failures[0].contains("0.01% of pixels differ by more than ΔE 0"), exact.failures[0])
        let lenient = try ImageComparison(reference: a, candidate: b, tolerance: ComparisonTolerance(precision: 0.9999))
        XCTAssertTrue(lenient.passed)
        let perceptual = try ImageComparison(reference: a, candidate: b, tolerance: ComparisonTolerance(perceptualPrecision: 0.98))
        XCTAssertTrue(perceptual.passed, "a 1-level change is far below ΔE 2")
        XCTAssertEqual(perceptual.perceptual.pixelsChanged, 1)
    }

    func testAlphaChangesCountButHiddenColourDoesNot() throws {
        var a = RasterImage(width: 16, height: 16, format: .rgba, filledWith: 0)
        for i in 0..<(16 * 16) { a.pixels[4 * i + 3] = 255 }
        var b = a
        b.pixels[3] = 128  // pixel 0 half transparent: visible over white
        let alpha = try ColorDifferenceMap(a, b)
        XCTAssertGreaterThan(alpha.values[0], 10)
        var hidden = RasterImage(width: 16, height: 16, format: .rgba, filledWith: 0)
        var other = hidden
        other.pixels[0] = 255  // red under full transparency
        hidden.pixels[4] = 1; other.pixels[4] = 1
        XCTAssertEqual(try ColorDifferenceMap(hidden, other).values[0], 0)
    }

    func testInvalidTolerancesAreRejected() {
        let image = RasterImage(width: 12, height: 12, format: .gray)
        for tolerance in [ComparisonTolerance(precision: 1.5), ComparisonTolerance(perceptualPrecision: -0.1),
                          ComparisonTolerance(precision: .nan), ComparisonTolerance(minimumSSIM: 2)] {
            XCTAssertThrowsError(try ImageComparison(reference: image, candidate: image, tolerance: tolerance)) { error in
                guard case .invalidTolerance = error as? ComparisonError else { return XCTFail("\(error)") }
            }
        }
    }

    func testFloorsOnSSIMAndPSNR() throws {
        let a = MetricFixtures.scene(width: 48, height: 48)
        let b = MetricFixtures.noisy(a, amplitude: 20)
        let loose = ComparisonTolerance(precision: 0, perceptualPrecision: 0)
        XCTAssertTrue(try ImageComparison(reference: a, candidate: b, tolerance: loose).passed)
        var floors = loose
        floors.minimumSSIM = 0.999
        floors.minimumPSNR = 60
        let failed = try ImageComparison(reference: a, candidate: b, tolerance: floors)
        XCTAssertEqual(failed.failures.count, 2, "\(failed.failures)")
        XCTAssertTrue(failed.failures[0].hasPrefix("SSIM"))
        XCTAssertTrue(failed.failures[1].hasPrefix("PSNR"))
    }

    func testDifferenceImageMarksChangesAndRingsThem() throws {
        let a = RasterImage(width: 40, height: 40, format: .rgb, filledWith: 200)
        var b = a
        b.pixels[3 * (20 * 40 + 20)] = 0
        let image = try ImageComparison(reference: a, candidate: b).differenceImage()
        XCTAssertEqual([image.width, image.height], [40, 40])
        XCTAssertEqual(image.format, .rgb)
        let changed = Array(image[20, 20]), halo = Array(image[22, 20]), calm = Array(image[0, 0])
        XCTAssertGreaterThan(Int(changed[0]), Int(changed[2]) + 50, "heat colour: warm")
        XCTAssertEqual(halo[0], 255, "halo is pink")
        XCTAssertLessThan(halo[1], 200)
        XCTAssertEqual(calm[0], calm[1], "unchanged pixels are gray")
        XCTAssertEqual(calm[1], calm[2])
    }
}
