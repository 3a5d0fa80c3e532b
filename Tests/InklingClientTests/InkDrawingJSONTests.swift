import Foundation
import InklingClient
import InklingStrokes
import XCTest

/// The client's stroke JSON on edge values and hostile documents.
final class InkDrawingJSONTests: XCTestCase {
    /// Values JSON text can lose: negative zero, subnormals, the largest doubles, integral values
    /// around 10¹⁵, thirds. The server's reader gets each back bit for bit.
    func testEdgeValuesSurviveTheServersReaderBitForBit() throws {
        let values: [Double] = [-0.0, 5e-324, 2.2250738585072014e-308, 1e15, 999_999_999_999_999, 1e15 + 1, 1.0 / 3, 0.1 + 0.2, 123_456.789e-3]
        for value in values {
            let point = InkPoint(x: value < 1e6 ? value : 1, y: 0, timeOffset: 0, width: value < 1e6 ? value : 4, force: value)
            let drawing = InkDrawing(strokes: [InkStroke(points: [point], creationDate: value)])
            for layout in InkPointLayout.allCases {
                let back = try StrokeJSONDecoder().decode(drawing.jsonData(layout: layout))
                let p = back.strokes[0].path.points[0]
                                XCTAssertEqual(p.force.bitPattern, value.bitPattern, "\(value) \(layout)")
                if value < 1e6 {
                    XCTAssertEqual(p.location.x.bitPattern, value.bitPattern, "\(value) \(layout)")
                    XCTAssertEqual(p.size.width.bitPattern, value.bitPattern, "\(value) \(layout)")
                }
                let reread = try InkDrawing(jsonData: drawing.jsonData(layout: layout))
                XCTAssertEqual(reread.strokes[0].points[0].force.bitPattern, value.bitPattern)
                XCTAssertEqual(reread.strokes[0].creationDate.bitPattern, value.bitPattern)
            }
        }
        // -0.0 is written as such (JSONEncoder would write "-0", which json-c reads as +0).
        let text = String(decoding: InkDrawing(strokes: [InkStroke(points: [InkPoint(x: -0.0, y: 1)])]).jsonData(), as: UTF8.self)
        XCTAssertTrue(text.contains(#""x":-0.0,"y":1"#), text)
    }

    /// Non-finite numbers are written as `null`, which the server then refuses at their path.
    func testANonFiniteNumberIsWrittenAsNullAndTheServerRefusesIt() {
        let drawing = InkDrawing(strokes: [InkStroke(points: [InkPoint(x: 0, y: 0, force: .nan)])])
        let text = String(decoding: drawing.jsonData(), as: UTF8.self)
        XCTAssertTrue(text.contains(#""force":null"#), text)
        XCTAssertThrowsError(try StrokeJSONDecoder().decode(drawing.jsonData())) { error in
            XCTAssertTrue("\(error)".contains("strokes[0].points[0].force"), "\(error)")
        }
    }

    /// Documents the client refuses, each with what was wrong.
    func testHostileDocumentsAreRefusedWithWhatWasWrong() {
        let cases: [(String, String)] = [
            (#"{"format":"excalidraw","version":1,"strokes":[]}"#, #"expected "inkling.drawing""#),
            (#"{"format":"inkling.drawing","version":2,"strokes":[]}"#, "expected version 1"),
            (#"{"format":"inkling.drawing","version":1}"#, "strokes"),
            (#"{"format":"inkling.drawing","version":1,"strokes":[{"points":{"x":[1,2],"y":[1,2],"force":[1]}}]}"#, "expected 2 values (as many as x), got 1"),
            (#"{"format":"inkling.drawing","version":1,"strokes":[{"points":[]}]}"#, "expected at least one point"),
            (#"{"format":"inkling.drawing","version":1,"strokes":[{"points":[{"x":1}]}]}"#, "y"),
            (#"{"format":"inkling.drawing","version":1,"strokes":[{"ink":{"type":"brush"},"points":[{"x":1,"y":1}]}]}"#, "brush"),
            (#"{"format":"inkling.drawing","version":1,"strokes":[{"ink":{"type":"pen","color":"red"},"points":[{"x":1,"y":1}]}]}"#, "expected a color"),
            (#"{"format":"inkling.drawing","version":1,"shape":{"sise":3},"strokes":[]}"#, #"unknown shape field "sise""#),
            (#"{"format":"inkling.drawing","version":1,"strokes":[{"transform":[1,0,0,1,0],"points":[{"x":1,"y":1}]}]}"#, "array of 6 numbers"),
            (#"{"format":"inkling.drawing","version":1,"strokes":[{"mask":[[[0,0],[1,1]]],"points":[{"x":1,"y":1}]}]}"#, "at least 3 vertices"),
            (#"{"format":"inkling.drawing","version":1,"strokes":[{"randomSeed":4294967296,"points":[{"x":1,"y":1}]}]}"#, "strokes[0].randomSeed: expected an integer 0…4294967295"),
            (#"{"format":"inkling.drawing","version":1,"strokes":[{"points":[{"x":1e400,"y":1}]}]}"#, "not valid JSON"),
        ]
        for (json, expected) in cases {
            XCTAssertThrowsError(try InkDrawing(jsonData: Data(json.utf8)), json) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(json): \(error)")
            }
        }
    }

    /// `#RGB`, `#RRGGBB` and `#RRGGBBAA` read alike; the canonical form is written back.
    func testColoursReadEveryFormAndWriteTheCanonicalOne() throws {
        XCTAssertEqual(InkColor(hex: "#f0a"), InkColor(red: 0xFF as UInt8, green: 0x00, blue: 0xAA, alpha: 0xFF))
        XCTAssertEqual(InkColor(hex: "#FF00AA"), InkColor(red: 0xFF as UInt8, green: 0x00, blue: 0xAA, alpha: 0xFF))
        XCTAssertEqual(InkColor(hex: "#ff00aa80")?.hex, "#ff00aa80")
        for bad in ["", "#", "ff00aa", "#ff00a", "#gg0000", "#ff00aa8", "#ff00aa800"] { XCTAssertNil(InkColor(hex: bad), bad) }
        XCTAssertEqual(InkColor(red: 2.0, green: -1, blue: .nan, alpha: 0.5).hex, "#ff000080")
    }

    /// `Codable` through `JSONEncoder` writes either layout the server reads.
    func testCodableWritesBothLayouts() throws {
        let drawing = InkDrawing(canvas: InkCanvas(width: 800, height: 600), shape: InkShape(preset: .freehand, size: 8), strokes: [
            InkStroke(ink: StrokeInk(.watercolor, color: InkColor(hex: "#1b1b1f")!), points: [
                InkPoint(x: 1, y: 2, force: 0.5, azimuth: 0.7), InkPoint(x: 3, y: 4, timeOffset: 0.016, altitude: 0.9)],
                transform: InkTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 0), mask: [[InkVertex(x: 0, y: 0), InkVertex(x: 9, y: 0), InkVertex(x: 9, y: 9)]],
                randomSeed: 7, creationDate: 1_795_852_800.25),
        ])
        for layout in InkPointLayout.allCases {
            let encoder = JSONEncoder()
            encoder.userInfo[InkPointLayout.userInfoKey] = layout
            let data = try encoder.encode(drawing)
            XCTAssertEqual(layout == .columnar, String(decoding: data, as: UTF8.self).contains(#""points":{"#))
            XCTAssertEqual(try JSONDecoder().decode(InkDrawing.self, from: data), drawing)
            let server = try StrokeJSONDecoder().decode(data)
            XCTAssertEqual(server.strokes[0].path.points[1].altitude, 0.9)
            XCTAssertEqual(server.strokes[0].ink.shape?.size, 8)
        }
    }

    /// The client repeats the server's vocabulary (it may not import it: json-c); this keeps the
    /// two from drifting apart: ink types, easing names, shape keys and every channel's default.
    func testTheClientsVocabularyIsTheServers() {
        XCTAssertEqual(InkKind.allCases.map(\.rawValue), InkType.allCases.map(\.rawValue))
        XCTAssertEqual(InkEasing.allCases.map(\.rawValue), StrokeEasing.allCases.map(\.rawValue))
        XCTAssertEqual(InkShape.Preset.allCases.map(\.rawValue), StrokeShape.Preset.allCases.map(\.rawValue))
        XCTAssertEqual(Set(["preset", "size", "thinning", "smoothing", "streamline", "taperStart", "taperEnd", "simulatePressure", "easing", "last"]), Set(StrokeShape.keys))
        let server = StrokePoint(location: Point2D(x: 1, y: 2))
        let client = InkPoint(x: 1, y: 2)
        XCTAssertEqual([client.timeOffset, client.width, client.height, client.opacity, client.force, client.azimuth, client.altitude, client.secondaryScale, client.threshold].map(\.bitPattern),
                       [server.timeOffset, server.size.width, server.size.height, server.opacity, server.force, server.azimuth, server.altitude, server.secondaryScale, server.threshold].map(\.bitPattern))
        // A shape with every field reads on the server as written.
        let shape = InkShape(preset: .freehand, size: 8, thinning: 0.5, smoothing: 0.4, streamline: 0.3, taperStart: 2, taperEnd: 3, simulatePressure: true, easing: .easeOutSine, last: true)
        let drawing = InkDrawing(shape: shape, strokes: [InkStroke(points: [InkPoint(x: 0, y: 0)])])
        XCTAssertEqual(try StrokeJSONDecoder().decode(drawing.jsonData()).strokes[0].ink.shape?.description, "freehand,size=8,thinning=0.5,smoothing=0.4,streamline=0.3,taperStart=2,taperEnd=3,simulatePressure=true,easing=easeOutSine,last=true")
    }
}
