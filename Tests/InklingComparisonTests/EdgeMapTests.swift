@testable import InklingComparison
import InklingImageIO
import XCTest

final class EdgeMapTests: XCTestCase {
    func testStepGivesOneThinStraightEdge() {
        var pixels = [UInt8](repeating: 255, count: 64 * 64)
        for y in 0..<64 { for x in 0..<32 { pixels[y * 64 + x] = 0 } }
        let edges = EdgeMap(image: RasterImage(width: 64, height: 64, format: .gray, pixels: pixels))
        for y in 2..<62 {
            let row = (0..<64).filter { edges[$0, y] }
            XCTAssertEqual(row.count, 1, "row \(y): \(row)")
            XCTAssertTrue(row.allSatisfy { (31...32).contains($0) }, "row \(y): \(row)")
        }
    }

    func testFlatAndFaintImagesHaveNoEdges() {
        XCTAssertEqual(EdgeMap(image: RasterImage(width: 40, height: 30, format: .rgba, filledWith: 200)).edgeCount, 0)
        // A 3-level ramp of noise is below the minimum contrast.
        var pixels = [UInt8](repeating: 128, count: 40 * 40)
        for i in pixels.indices { pixels[i] = 128 + UInt8(i % 3) }
        XCTAssertEqual(EdgeMap(image: RasterImage(width: 40, height: 40, format: .gray, pixels: pixels)).edgeCount, 0)
    }

    func testTinyImagesHaveNoEdges() {
        let edges = EdgeMap(image: RasterImage(width: 2, height: 1, format: .gray, pixels: [0, 255]))
        XCTAssertEqual(edges.edges, [false, false])
    }

    func testDefaultSigmaScalesWithSize() {
        XCTAssertEqual(EdgeMap.defaultSigma(width: 384, height: 384), 1)
        XCTAssertEqual(EdgeMap.defaultSigma(width: 2048, height: 1024), 2)
    }

    func testDistanceTransformIsExact() {
        var state: UInt64 = 7
        let w = 37, h = 23
        var mask = [Bool](repeating: false, count: w * h)
        for i in mask.indices {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            mask[i] = state >> 60 == 0
        }
        let fast = EuclideanDistance.squared(mask: mask, width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                var best = Double.infinity
                for j in mask.indices where mask[j] {
                    let dx = Double(j % w - x), dy = Double(j / w - y)
                    best = min(best, dx * dx + dy * dy)
                }
                XCTAssertEqual(fast[y * w + x], best, "(\(x), \(y))")
            }
        }
        XCTAssertTrue(EuclideanDistance.squared(mask: [Bool](repeating: false, count: 6), width: 3, height: 2).allSatisfy(\.isInfinite))
    }
}
