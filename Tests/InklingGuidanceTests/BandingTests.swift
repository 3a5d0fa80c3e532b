import Foundation
import InklingBase
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

    /// Maps of 512² or less are painted on one thread; bigger ones split over at most the
    /// allowed threads, and never into bands of fewer than 512² pixels.
    func testBandCountFollowsSizeAndThreads() {
        XCTAssertEqual(BandedRasterization.defaultBandCount(width: 512, height: 512, threads: nil), 1)
        XCTAssertEqual(BandedRasterization.defaultBandCount(width: 512, height: 512, threads: 8), 1)
        XCTAssertEqual(BandedRasterization.defaultBandCount(width: 1024, height: 1024, threads: 8), 4)
        XCTAssertEqual(BandedRasterization.defaultBandCount(width: 1024, height: 1024, threads: 1), 1)
        XCTAssertEqual(BandedRasterization.defaultBandCount(width: 4096, height: 4096, threads: 64), 16)
        XCTAssertEqual(BandedRasterization.defaultBandCount(width: 1_000_000, height: 100, threads: 8), 1, "too short to split")
        XCTAssertEqual(BandedRasterization.defaultBandCount(width: 1024, height: 1024, threads: nil),
                       min(4, ActiveCores.count))
    }

    /// A renderer limited to one thread makes the same map, blur included.
    func testOneThreadGivesTheSamePixels() throws {
        let drawing = Drawing(strokes: (0..<40).map { i in
            Stroke(ink: Ink(.pen), path: StrokePath(points: (0..<30).map { j in
                StrokePoint(location: Point2D(x: Double(j * 30), y: Double(i * 25 + j)), size: Size2D(width: 6, height: 6))
            }))
        })
        for encoding in GuidanceEncoding.allCases {
            let options = GuidanceOptions(width: 1024, height: 1024, encoding: encoding)
            let one = try GuidanceRenderer(options: options, threads: 1).render(drawing).image
            let many = try GuidanceRenderer(options: options, threads: 4).render(drawing).image
            XCTAssertEqual(one.pixels, many.pixels, "\(encoding)")
        }
    }
}
