import XCTest
@testable import InklingComparison

/// How metrics are written for people.
final class MetricFormatTests: XCTestCase {
    func testSSIMNeverRoundsUpToPerfect() {
        XCTAssertEqual(MetricFormat.ssim(1), "1.00000")
        XCTAssertEqual(MetricFormat.ssim(0.93103), "0.93103")
        XCTAssertEqual(MetricFormat.ssim(0.9999996), "0.9999996")
        XCTAssertEqual(MetricFormat.ssim(0.9999994), "0.999999")
        XCTAssertEqual(MetricFormat.ssim(0.999996), "0.999996")
    }

    func testNumbersAndPercentages() {
        XCTAssertEqual(MetricFormat.number(2.0), "2")
        XCTAssertEqual(MetricFormat.number(0.126, digits: 2), "0.13")
        XCTAssertEqual(MetricFormat.number(.infinity), "inf")
        XCTAssertEqual(MetricFormat.percent(1.0 / 262_144), "0.0004%")
        XCTAssertEqual(MetricFormat.percent(1), "100%")
    }
}
