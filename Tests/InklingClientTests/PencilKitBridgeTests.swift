import Foundation
import InklingClient
import InklingStrokes
import XCTest

/// The PencilKit mapping, on mirror types built from PencilKit's documented values.
final class PencilKitBridgeTests: XCTestCase {
    /// Every PencilKit field reaches the server's drawing point for point.
    func testAPencilKitDrawingReachesTheServerPointForPoint() throws {
        let pk = MirrorPKDrawing.sample
        let drawing = InkDrawing(pencilKit: pk, canvas: InkCanvas(width: 1024, height: 768))
        let server = try StrokeJSONDecoder().decode(drawing.jsonData(layout: .columnar))
        XCTAssertEqual(server.canvas, Size2D(width: 1024, height: 768))
        XCTAssertEqual(server.strokes.count, PencilKitInkType.allCases.count)
        for (s, k) in zip(server.strokes, pk.pencilKitStrokes) {
            XCTAssertEqual(s.ink.type.rawValue, k.inkType.rawValue)
            XCTAssertEqual(s.path.creationDate, k.creationDate, "the server's Date is PencilKit's, exactly")
            XCTAssertEqual(s.randomSeed, k.randomSeed)
            XCTAssertEqual([s.transform.a, s.transform.b, s.transform.c, s.transform.d, s.transform.tx, s.transform.ty], k.transform.coefficients)
            XCTAssertEqual(s.mask?.polygons.map { $0.map { [$0.x, $0.y] } }, k.mask?.map { $0.map { [$0.x, $0.y] } })
            XCTAssertEqual(s.ink.color.hexString, InkColor(red: k.red, green: k.green, blue: k.blue, alpha: k.alpha).hex)
            XCTAssertEqual(s.path.points.count, k.points.count)
            for (p, q) in zip(s.path.points, k.points) {
                XCTAssertEqual([p.location.x, p.location.y, p.timeOffset, p.size.width, p.size.height, p.opacity, p.force, p.altitude, p.secondaryScale, p.threshold],
                               [q.locationX, q.locationY, q.timeOffset, q.sizeWidth, q.sizeHeight, q.opacity, q.force, q.altitude, q.secondaryScale, q.threshold])
                // The same direction, in 0…2π.
                XCTAssertTrue((0..<2 * Double.pi).contains(p.azimuth), "\(p.azimuth)")
                XCTAssertEqual(cos(p.azimuth), cos(q.azimuth), accuracy: 1e-12)
                XCTAssertEqual(sin(p.azimuth), sin(q.azimuth), accuracy: 1e-12)
                if q.azimuth >= 0 { XCTAssertEqual(p.azimuth, q.azimuth) }
            }
        }
    }

    /// PencilKit → client → PencilKit gives back the same fields, but for azimuths turned into
    /// 0…2π and colours rounded to 8 bits.
    func testTheMappingIsItsOwnInverse() throws {
        let pk = MirrorPKDrawing.sample
        let drawing = InkDrawing(pencilKit: pk)
        let back: MirrorPKDrawing = try InkDrawing(jsonData: drawing.jsonData()).pencilKit()
        for (b, k) in zip(back.pencilKitStrokes, pk.pencilKitStrokes) {
            XCTAssertEqual(b.inkType, k.inkType)
            XCTAssertEqual(b.creationDate, k.creationDate)
            XCTAssertEqual(b.transform, k.transform)
            XCTAssertEqual(b.mask, k.mask)
            XCTAssertEqual(b.randomSeed, k.randomSeed)
            XCTAssertEqual(b.red, (k.red * 255).rounded() / 255)
            XCTAssertEqual(b.alpha, (k.alpha * 255).rounded() / 255)
            for (p, q) in zip(b.points, k.points) {
                var expected = q
                if q.azimuth < 0 { expected.azimuth = q.azimuth + 2 * Double.pi }
                XCTAssertEqual(p.azimuth, expected.azimuth, accuracy: 1e-12)
                expected.azimuth = p.azimuth
                XCTAssertEqual(p, expected)
            }
        }
    }

    /// Every PencilKit ink type has a stroke JSON name, one for one, and back.
    func testEveryInkTypeMapsOneForOne() {
        XCTAssertEqual(Set(PencilKitInkType.allCases.map(\.inkKind)), Set(InkKind.allCases))
        for kind in InkKind.allCases { XCTAssertEqual(PencilKitInkType(kind).inkKind, kind) }
        XCTAssertEqual(Set(InkKind.allCases.map(\.rawValue)), Set(InkType.allCases.map(\.rawValue)), "the server's ink types")
    }
}
