import Foundation
import InklingBase
import XCTest
@testable import InklingStrokes

final class JSONRoundTripTests: XCTestCase {
    /// A drawing that exercises every channel, transforms, masks, seeds, dates and awkward doubles.
    static let sample: Drawing = {
        let awkward: [Double] = [0, 0.1, 1.0 / 3, 1e-300, .leastNonzeroMagnitude, 123456.789, 999_999.999_999_9, 2.5e-7, 7, 1e5 + 0.5]
        var strokes: [Stroke] = []
        for (i, type) in InkType.allCases.enumerated() {
            var points: [StrokePoint] = []
            for j in 0..<12 {
                let v = awkward[(i + j) % awkward.count]
                points.append(StrokePoint(
                    location: Point2D(x: v * (j % 2 == 0 ? 1 : -1), y: Double(j) * 0.1 - 0.0),
                    timeOffset: Double(j) * 0.016 + (j > 5 ? v.truncatingRemainder(dividingBy: 0.01) : 0),
                    size: Size2D(width: j == 3 ? 4 : 2.5 + v.truncatingRemainder(dividingBy: 3), height: 4),
                    opacity: j % 3 == 0 ? 1 : 0.5, force: j == 0 ? 1 : v.truncatingRemainder(dividingBy: 5),
                    azimuth: Double(j) * 0.5, altitude: j % 4 == 0 ? .pi / 2 : 0.7,
                    secondaryScale: j == 7 ? 1.25 : 1, threshold: j == 8 ? 0.3 : 0))
            }
            points.sort { $0.timeOffset < $1.timeOffset }
            let color = RGBAColor(red: Double(i * 30) / 255, green: 1, blue: 0, alpha: Double(200 - i) / 255)
            strokes.append(Stroke(
                ink: Ink(type, color: color),
                path: StrokePath(points: points, creationDate: Date(timeIntervalSince1970: 1795852800.123 + Double(i) * 0.7)),
                transform: i % 2 == 0 ? .identity : AffineTransform2D(rotationAngle: 0.3).concatenating(.init(translationX: -12.5, y: 1e5)),
                mask: i == 3 ? StrokeMask(polygons: [[Point2D(x: 0, y: 0), Point2D(x: 10.5, y: 0), Point2D(x: 5, y: 1e-9)],
                                                     [Point2D(x: -1, y: -1), Point2D(x: 1, y: -1), Point2D(x: 1, y: 1), Point2D(x: -1, y: 1)]])
                              : (i == 5 ? StrokeMask(polygons: []) : nil),
                randomSeed: i == 4 ? UInt32.max : UInt32(i * 1000)))
        }
        return Drawing(strokes: strokes, canvas: Size2D(width: 1024, height: 768.5))
    }()

    func testRoundTripEveryLayoutAndPrettiness() throws {
        for layout in StrokeJSONEncoder.Layout.allCases {
            for pretty in [false, true] {
                let bytes = StrokeJSONEncoder(layout: layout, prettyPrinted: pretty).encode(Self.sample)
                let decoded = try StrokeJSONDecoder().decode(bytes)
                XCTAssertEqual(decoded, Self.sample, "\(layout) pretty=\(pretty)")
                // Bit-exact, not just ==.
                for (a, b) in zip(decoded.strokes.flatMap(\.path.points), Self.sample.strokes.flatMap(\.path.points)) {
                    XCTAssertEqual(a.location.x.bitPattern, b.location.x.bitPattern)
                    XCTAssertEqual(a.timeOffset.bitPattern, b.timeOffset.bitPattern)
                }
                for (a, b) in zip(decoded.strokes, Self.sample.strokes) {
                    XCTAssertEqual(a.path.creationDate.timeIntervalSinceReferenceDate.bitPattern,
                                   b.path.creationDate.timeIntervalSinceReferenceDate.bitPattern)
                }
                // Encoding is deterministic and idempotent.
                XCTAssertEqual(StrokeJSONEncoder(layout: layout, prettyPrinted: pretty).encode(decoded), bytes)
            }
        }
    }

    func testEmptyDrawingAndNoCanvas() throws {
        for layout in StrokeJSONEncoder.Layout.allCases {
            let empty = Drawing()
            let bytes = StrokeJSONEncoder(layout: layout).encode(empty)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), #"{"format":"inkling.drawing","version":1,"strokes":[]}"#)
            XCTAssertEqual(try StrokeJSONDecoder().decode(bytes), empty)
        }
    }

    func testObjectsLayoutOmitsDefaultsAndColumnarOmitsDefaultChannels() {
        let drawing = Drawing(strokes: [Stroke(ink: Ink(.pen), path: StrokePath(points: [
            StrokePoint(location: Point2D(x: 1, y: 2)),
            StrokePoint(location: Point2D(x: 3.5, y: -0.0), force: 0.5),
        ]))])
        let objects = String(decoding: StrokeJSONEncoder().encode(drawing), as: UTF8.self)
        XCTAssertTrue(objects.contains(#""points":[{"x":1,"y":2},{"x":3.5,"y":-0.0,"force":0.5}]"#), objects)
        let columnar = String(decoding: StrokeJSONEncoder(layout: .columnar).encode(drawing), as: UTF8.self)
        XCTAssertTrue(columnar.contains(#""points":{"x":[1,3.5],"y":[2,-0.0],"force":[1,0.5]}"#), columnar)
        XCTAssertEqual((try? StrokeJSONDecoder().decode(Array(columnar.utf8)))?.strokes[0].path.points[1].location.y.sign, .minus)
    }

    func testNonFiniteValuesAreWrittenAsNullNeverInfOrNaN() {
        let drawing = Drawing(strokes: [Stroke(ink: Ink(.pen), path: StrokePath(points: [
            StrokePoint(location: Point2D(x: .nan, y: .infinity), force: -.infinity),
        ]))], canvas: Size2D(width: .nan, height: 3))
        for layout in StrokeJSONEncoder.Layout.allCases {
            let text = String(decoding: StrokeJSONEncoder(layout: layout).encode(drawing), as: UTF8.self)
            XCTAssertFalse(text.lowercased().contains("inf") || text.lowercased().contains("nan"), text)
            XCTAssertTrue(text.contains("null"), text)
            // Still valid JSON: the decoder rejects it for its content, not its syntax.
            XCTAssertEqual(JSONTestSupport.failure(Array(text.utf8))?.kind, .wrongType)
        }
    }

    func testIntegralDoublesAreValidJSON() throws {
        let values: [Double] = [3, -3, 0, 1e15 - 1, 1e15, 1e16, 9_007_199_254_740_994, 1e300, -1e-300, 0.5]
        var writer = JSONWriter(pretty: false)
        writer.openArray()
        for v in values { writer.number(v) }
        writer.closeArray()
        let text = String(decoding: writer.bytes, as: UTF8.self)
        let parsed = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [Double]
        XCTAssertEqual(parsed?.count, values.count, text)
    }

    func testPrettyOutputIsIndentedAndEndsWithNewline() {
        let text = String(decoding: StrokeJSONEncoder(prettyPrinted: true).encode(Self.sample), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("{\n  \"format\": \"inkling.drawing\",\n  \"version\": 1,\n"), text)
        XCTAssertTrue(text.hasSuffix("}\n"))
        XCTAssertTrue(text.contains("\n        {\"x\": "), "points stay on one line each")
    }

    func testCreationDatesRoundTripExactly() throws {
        let seconds: [Double] = [0.1, 1795852800.123456, -1e9, 978307200.0000001, 1e-7, 4e12]
        for s in seconds {
            let date = Date(timeIntervalSince1970: s)
            let drawing = Drawing(strokes: [Stroke(ink: Ink(.pen), path: StrokePath(
                points: [StrokePoint(location: .zero)], creationDate: date))])
            let decoded = try StrokeJSONDecoder().decode(StrokeJSONEncoder().encode(drawing))
            XCTAssertEqual(decoded.strokes[0].path.creationDate, date, "\(s)")
        }
    }

    func testExampleDrawingsDecodeAndRoundTrip() throws {
        let folder = JSONTestSupport.repoRoot.appendingPathComponent("Strokes")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
        var decoded: [String: Drawing] = [:]
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let drawing = try StrokeJSONDecoder().decode(data)
            XCTAssertGreaterThan(drawing.pointCount, 0, name)
            decoded[name] = drawing
            for layout in StrokeJSONEncoder.Layout.allCases {
                XCTAssertEqual(try StrokeJSONDecoder().decode(StrokeJSONEncoder(layout: layout).encode(drawing)), drawing, name)
            }
        }
        for (name, drawing) in decoded where name.hasSuffix(".columnar.json") {
            let twin = name.replacingOccurrences(of: ".columnar.json", with: ".json")
            if let other = decoded[twin] { XCTAssertEqual(drawing, other, "\(name) vs \(twin)") }
        }
    }

    func testDataAndByteArrayEntryPointsAgree() throws {
        let bytes = StrokeJSONEncoder(layout: .columnar).encode(Self.sample)
        XCTAssertEqual(try StrokeJSONDecoder().decode(Data(bytes)), try StrokeJSONDecoder().decode(bytes))
    }

    func testSchemaNamesEveryInkAndChannel() throws {
        let url = JSONTestSupport.repoRoot.appendingPathComponent("docs/inkling-drawing.schema.json")
        let schema = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        XCTAssertEqual(schema["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema")
        let defs = try XCTUnwrap(schema["$defs"] as? [String: Any])
        let ink = try XCTUnwrap((defs["ink"] as? [String: Any])?["properties"] as? [String: Any])
        XCTAssertEqual((ink["type"] as? [String: Any])?["enum"] as? [String], InkType.allCases.map(\.rawValue))
        for channel in PointChannel.allCases {
            XCTAssertNotNil(defs["channel.\(channel.name)"], channel.name)
        }
    }
}

/// A drawing inside a larger document that was parsed already is decoded from its node, with the
/// drawing's own paths in errors.
final class JSONSubtreeDecodingTests: XCTestCase {
    func testADrawingInsideADocumentDecodesLikeTheDrawingAlone() throws {
        let drawing = ##"{"format": "inkling.drawing", "version": 1, "strokes": [{"ink": {"type": "pen", "color": "#000000"}, "points": [{"x": 1, "y": 2}, {"x": 3, "y": 4}]}]}"##
        let document = try JSONDocument.parse(Array(##"{"prompt": "x", "drawing": \##(drawing)}"##.utf8), limits: .default)
        let node = try XCTUnwrap(document.root["drawing"])
        XCTAssertEqual(try StrokeJSONDecoder().decode(node), try StrokeJSONDecoder().decode(Array(drawing.utf8)))

        let broken = try JSONDocument.parse(Array(##"{"drawing": {"format": "inkling.drawing", "version": 1, "strokes": [{"ink": {"type": "pen", "color": "#000000"}, "points": [{"x": "1", "y": 2}]}]}}"##.utf8), limits: .default)
        XCTAssertThrowsError(try StrokeJSONDecoder().decode(try XCTUnwrap(broken.root["drawing"]))) { error in
            XCTAssertEqual((error as? StrokeJSONError)?.path, "strokes[0].points[0].x")
            XCTAssertEqual((error as? StrokeJSONError)?.kind, .wrongType)
        }
    }
}
