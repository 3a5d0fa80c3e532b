import Foundation
import InklingStrokes
import XCTest
@testable import InklingGuidance

/// Rendering in horizontal bands (one per core) gives the same pixels as one canvas, so a
/// map does not depend on the machine it was made on.
final class BandingTests: XCTestCase {
    func testBandCountDoesNotChangeThePixels() throws {
        let strokes = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Strokes")
        let names = try FileManager.default.contentsOfDirectory(atPath: strokes.path)
            .filter { $0.hasSuffix(".json") && !$0.contains("schema") && !$0.contains("columnar") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 6)
        for name in names {
            let drawing = try StrokeJSONDecoder().decode([UInt8](Data(contentsOf: strokes.appendingPathComponent(name))))
            for (width, height) in [(301, 227), (160, 480)] {
                for encoding in GuidanceEncoding.allCases {
                    let renderer = GuidanceRenderer(options: GuidanceOptions(width: width, height: height, encoding: encoding))
                    let whole = try renderer.render(drawing, bandCount: 1).image
                    for bands in [2, 3, 7] {
                        let banded = try renderer.render(drawing, bandCount: bands).image
                        let differing = zip(whole.pixels, banded.pixels).filter { $0 != $1 }.count
                        XCTAssertEqual(differing, 0, "\(name) \(width)×\(height) \(encoding) in \(bands) bands")
                    }
                }
            }
        }
    }
}
