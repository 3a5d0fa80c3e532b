import XCTest
@testable import InklingStrokes

/// Every ``StrokeJSONError/Kind`` at least once, each with its exact path.
final class JSONDecoderErrorTests: XCTestCase {
    private typealias S = JSONTestSupport
    private let point = #"{"x":1,"y":2}"#

    func testTheDocumentedExampleMessage() {
        let points = (0..<18).map { $0 == 17 ? #"{"x":1,"y":2,"force":"high"}"# : point }.joined(separator: ",")
        let strokes = Array(repeating: #"{"points":[\#(point)]}"#, count: 3) + [#"{"points":[\#(points)]}"#]
        let error = S.failure(S.document(strokes: strokes.joined(separator: ",")))
        XCTAssertEqual(error?.description, #"strokes[3].points[17].force: expected a finite number ≥ 0, got "high""#)
        XCTAssertEqual(error?.kind, .wrongType)
    }

    func testTooLarge() {
        let limits = StrokeJSONDecoder.Limits(maxBytes: 100)
        let bytes = S.document(points: "[" + Array(repeating: point, count: 10).joined(separator: ",") + "]")
        S.assertFails(bytes, .tooLarge, at: "$", limits: limits)
        XCTAssertNoThrow(try StrokeJSONDecoder(limits: .init(maxBytes: bytes.count)).decode(bytes))
    }

    func testSyntax() {
        S.assertFails(S.bytes(#"{"format":"inkling.drawing","#), .syntax, at: "$")
        S.assertFails(S.bytes(#"{"format":"inkling.drawing",}"#), .syntax, at: "$")
        let error = S.failure(S.bytes("{\n  \"format\": 'x'\n}"))
        XCTAssertEqual(error?.message, "invalid JSON: unexpected character at byte 14 (line 2, column 13)")
    }

    func testTooDeep() {
        let nested = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        S.assertFails(S.document(strokes: "", extra: #""meta":\#(nested),"#), .tooDeep, at: "$")
        S.assertFails(S.document(points: "[\(point)]"), .tooDeep, at: "$", limits: .init(maxDepth: 4))
        XCTAssertNoThrow(try StrokeJSONDecoder(limits: .init(maxDepth: 5)).decode(S.document(points: "[\(point)]")))
    }

    func testLimitExceeded() {
        let three = "[\(point),\(point),\(point)]"
        S.assertFails(S.document(strokes: #"{"points":[\#(point)]},{"points":[\#(point)]}"#), .limitExceeded, at: "strokes",
                      limits: .init(maxStrokes: 1))
        S.assertFails(S.document(points: three), .limitExceeded, at: "strokes[0].points", limits: .init(maxPointsPerStroke: 2))
        S.assertFails(S.document(strokes: #"{"points":\#(three)},{"points":\#(three)}"#), .limitExceeded, at: "strokes[1].points",
                      limits: .init(maxTotalPoints: 5))
        S.assertFails(S.document(points: #"{"x":[1,2,3],"y":[1,2,3]}"#), .limitExceeded, at: "strokes[0].points.x",
                      limits: .init(maxPointsPerStroke: 2))
        S.assertFails(S.document(points: #"[{"x":1,"y":-1000001}]"#), .limitExceeded, at: "strokes[0].points[0].y")
        S.assertFails(S.document(points: #"{"x":[1,2e6],"y":[1,2]}"#), .limitExceeded, at: "strokes[0].points.x[1]")
        S.assertFails(S.document(points: "[\(point)]", stroke: #""transform":[1,0,0,1,0,-5e6],"#), .limitExceeded,
                      at: "strokes[0].transform[5]")
        S.assertFails(S.document(points: "[\(point)]", stroke: #""mask":[[[0,0],[1,0],[0,3e6]]],"#), .limitExceeded,
                      at: "strokes[0].mask[0][2][1]")
        S.assertFails(S.document(strokes: "", extra: #""canvas":{"width":1024,"height":20000},"#), .limitExceeded, at: "canvas.height")
        S.assertFails(S.document(points: "[\(point)]", stroke: #""mask":[[[0,0],[1,0],[0,3]]],"#), .limitExceeded,
                      at: "strokes[0].mask[0]", limits: .init(maxTotalPoints: 2))
    }

    func testWrongType() {
        S.assertFails(S.bytes("[]"), .wrongType, at: "$")
        S.assertFails(S.bytes(#"{"format":1,"version":1,"strokes":[]}"#), .wrongType, at: "format")
        S.assertFails(S.bytes(#"{"format":"inkling.drawing","version":"1","strokes":[]}"#), .wrongType, at: "version")
        S.assertFails(S.bytes(#"{"format":"inkling.drawing","version":1.5,"strokes":[]}"#), .wrongType, at: "version")
        S.assertFails(S.document(strokes: "", extra: #""canvas":[1024,768],"#), .wrongType, at: "canvas")
        S.assertFails(S.document(strokes: "", extra: #""canvas":{"width":"1024px","height":768},"#), .wrongType, at: "canvas.width")
        S.assertFails(S.bytes(#"{"format":"inkling.drawing","version":1,"strokes":{}}"#), .wrongType, at: "strokes")
        S.assertFails(S.document(strokes: "[]"), .wrongType, at: "strokes[0]")
        S.assertFails(S.document(points: "[\(point)]", stroke: #""ink":"pen","#), .wrongType, at: "strokes[0].ink")
        S.assertFails(S.document(points: "[\(point)]", stroke: #""ink":{"type":3},"#), .wrongType, at: "strokes[0].ink.type")
        S.assertFails(S.document(points: "[\(point)]", stroke: #""ink":{"type":"pen","color":0},"#), .wrongType,
                      at: "strokes[0].ink.color")
        S.assertFails(S.document(points: "[\(point)]", stroke: #""creationDate":"2026-11-28","#), .wrongType,
                      at: "strokes[0].creationDate")
        S.assertFails(S.document(points: "[\(point)]", stroke: #""randomSeed":7.5,"#), .wrongType, at: "strokes[0].randomSeed")
        S.assertFails(S.document(points: "[\(point)]", stroke: #""transform":{"a":1},"#), .wrongType, at: "strokes[0].transform")
        S.assertFails(S.document(points: "[\(point)]", stroke: #""transform":[1,0,0,1,0,"0"],"#), .wrongType,
                      at: "strokes[0].transform[5]")
        S.assertFails(S.document(points: "[\(point)]", stroke: #""mask":{},"#), .wrongType, at: "strokes[0].mask")
        S.assertFails(S.document(points: "[\(point)]", stroke: #""mask":[[0,0,1,0,0,1]],"#), .wrongType, at: "strokes[0].mask[0][0]")
        S.assertFails(S.document(points: "[\(point)]", stroke: #""mask":[{"x":0}],"#), .wrongType, at: "strokes[0].mask[0]")
        S.assertFails(S.document(points: "[\(point)]", stroke: #""mask":[[[0,0],[1,0],[0,1,2]]],"#), .wrongType,
                      at: "strokes[0].mask[0][2]")
        S.assertFails(S.document(points: #""x,y""#), .wrongType, at: "strokes[0].points")
        S.assertFails(S.document(points: #"[[1,2]]"#), .wrongType, at: "strokes[0].points[0]")
        S.assertFails(S.document(points: #"[{"x":true,"y":2}]"#), .wrongType, at: "strokes[0].points[0].x")
        S.assertFails(S.document(points: #"{"x":[1],"y":2}"#), .wrongType, at: "strokes[0].points.y")
        S.assertFails(S.document(points: #"{"x":[1],"y":[null]}"#), .wrongType, at: "strokes[0].points.y[0]")
    }

    func testOutOfRange() {
        let cases: [(String, String)] = [
            ("timeOffset", "-0.5"), ("width", "-1"), ("height", "-1e-9"), ("opacity", "2.01"), ("force", "-1"),
            ("azimuth", "6.3"), ("altitude", "1.6"), ("secondaryScale", "-2"), ("threshold", "1.5"),
        ]
        for (channel, value) in cases {
            S.assertFails(S.document(points: #"[{"x":1,"y":2},{"x":1,"y":2,"\#(channel)":\#(value)}]"#), .outOfRange,
                          at: "strokes[0].points[1].\(channel)")
            S.assertFails(S.document(points: #"{"x":[1,1],"y":[2,2],"\#(channel)":[\#(value),\#(value)]}"#), .outOfRange,
                          at: "strokes[0].points.\(channel)[0]")
        }
        S.assertFails(S.document(points: "[\(point)]", stroke: #""randomSeed":-1,"#), .outOfRange, at: "strokes[0].randomSeed")
        S.assertFails(S.document(points: "[\(point)]", stroke: #""randomSeed":4294967296,"#), .outOfRange, at: "strokes[0].randomSeed")
        S.assertFails(S.document(strokes: "", extra: #""canvas":{"width":0,"height":768},"#), .outOfRange, at: "canvas.width")
        S.assertFails(S.document(points: #"[{"x":123456789012345678901234567890,"y":2}]"#), .outOfRange, at: "strokes[0].points[0].x")
        S.assertFails(S.document(points: #"[{"x":-123456789012345678901234567890,"y":2}]"#), .outOfRange, at: "strokes[0].points[0].x")
        XCTAssertNoThrow(try StrokeJSONDecoder().decode(S.document(
            points: #"[{"x":1,"y":2,"azimuth":6.283185307179586,"altitude":1.5707963267948966,"opacity":2,"threshold":1}]"#)))
    }

    func testNotFinite() {
        for token in ["NaN", "Infinity", "-Infinity", "1e400", "-1e400"] {
            let error = S.failure(S.document(points: #"[{"x":1,"y":2,"force":\#(token)}]"#))
            XCTAssertEqual(error?.kind, .notFinite, token)
            XCTAssertEqual(error?.path, "strokes[0].points[0].force")
            XCTAssertEqual(error?.message, "expected a finite number ≥ 0, got \(token)")
        }
        S.assertFails(S.document(points: "[\(point)]", stroke: #""creationDate":1e999,"#), .notFinite, at: "strokes[0].creationDate")
        S.assertFails(S.document(points: "[\(point)]", stroke: #""transform":[NaN,0,0,1,0,0],"#), .notFinite,
                      at: "strokes[0].transform[0]")
        S.assertFails(S.document(strokes: "", extra: #""canvas":{"width":Infinity,"height":768},"#), .notFinite, at: "canvas.width")
        S.assertFails(S.document(points: #"{"x":[1,-Infinity],"y":[1,2]}"#), .notFinite, at: "strokes[0].points.x[1]")
    }

    func testMissingKey() {
        S.assertFails(S.bytes(#"{"version":1,"strokes":[]}"#), .missingKey, at: "format")
        S.assertFails(S.bytes(#"{"format":"inkling.drawing","strokes":[]}"#), .missingKey, at: "version")
        S.assertFails(S.bytes(#"{"format":"inkling.drawing","version":1}"#), .missingKey, at: "strokes")
        S.assertFails(S.document(strokes: "", extra: #""canvas":{"width":10},"#), .missingKey, at: "canvas.height")
        S.assertFails(S.document(strokes: #"{"ink":{"type":"pen"}}"#), .missingKey, at: "strokes[0].points")
        S.assertFails(S.document(points: "[\(point)]", stroke: ##""ink":{"color":"#fff"},"##), .missingKey, at: "strokes[0].ink.type")
        S.assertFails(S.document(points: #"[{"x":1,"y":2},{"y":2}]"#), .missingKey, at: "strokes[0].points[1].x")
        S.assertFails(S.document(points: #"[{"x":1}]"#), .missingKey, at: "strokes[0].points[0].y")
        S.assertFails(S.document(points: #"{"y":[1]}"#), .missingKey, at: "strokes[0].points.x")
        S.assertFails(S.document(points: #"{"x":[1],"Y":[1]}"#), .missingKey, at: "strokes[0].points.y")
    }

    func testUnsupportedFormatAndVersion() {
        S.assertFails(S.bytes(#"{"format":"inkling.drawings","version":1,"strokes":[]}"#), .unsupportedFormat, at: "format")
        S.assertFails(S.bytes(#"{"format":"inkling.drawing","version":2,"strokes":[]}"#), .unsupportedVersion, at: "version")
        S.assertFails(S.bytes(#"{"format":"inkling.drawing","version":0,"strokes":[]}"#), .unsupportedVersion, at: "version")
        XCTAssertNoThrow(try StrokeJSONDecoder().decode(S.bytes(#"{"format":"inkling.drawing","version":1.0,"strokes":[]}"#)))
    }

    func testNotMonotonic() {
        S.assertFails(S.document(points: #"[{"x":1,"y":2,"timeOffset":0.5},{"x":1,"y":2,"timeOffset":0.5},{"x":1,"y":2}]"#),
                      .notMonotonic, at: "strokes[0].points[2].timeOffset")
        S.assertFails(S.document(points: #"{"x":[1,2,3],"y":[1,2,3],"timeOffset":[0,0.2,0.1]}"#), .notMonotonic,
                      at: "strokes[0].points.timeOffset[2]")
    }

    func testLengthMismatch() {
        S.assertFails(S.document(points: #"{"x":[1,2,3],"y":[1,2],"force":[1,1,1]}"#), .lengthMismatch, at: "strokes[0].points.y")
        let error = S.failure(S.document(points: #"{"x":[1,2,3],"y":[1,2,3],"force":[1,1,1,1]}"#))
        XCTAssertEqual(error?.description, "strokes[0].points.force: expected 3 values (as many as x), got 4")
    }

    func testUnknownInkListsTheValidOnes() {
        let error = S.failure(S.document(points: "[\(point)]", stroke: #""ink":{"type":"Pen"},"#))
        XCTAssertEqual(error?.kind, .unknownInk)
        XCTAssertEqual(error?.path, "strokes[0].ink.type")
        for type in InkType.allCases { XCTAssertTrue(error?.message.contains(type.rawValue) ?? false, type.rawValue) }
    }

    func testInvalidColor() {
        for color in ["red", "#12345", "#gggggg", "123456", "#1234567890", ""] {
            S.assertFails(S.document(points: "[\(point)]", stroke: #""ink":{"type":"pen","color":"\#(color)"},"#), .invalidColor,
                          at: "strokes[0].ink.color")
        }
    }

    func testTooFewPoints() {
        S.assertFails(S.document(points: "[]"), .tooFewPoints, at: "strokes[0].points")
        S.assertFails(S.document(points: #"{"x":[],"y":[]}"#), .tooFewPoints, at: "strokes[0].points.x")
        S.assertFails(S.document(points: "[\(point)]", stroke: #""mask":[[[0,0],[1,0],[0,1]],[[0,0],[1,1]]],"#), .tooFewPoints,
                      at: "strokes[0].mask[1]")
    }

    func testEveryKindIsCoveredAbove() {
        // Keep this list in step with the tests above when a kind is added.
        let covered: Set<StrokeJSONError.Kind> = [
            .tooLarge, .syntax, .tooDeep, .limitExceeded, .wrongType, .outOfRange, .notFinite, .missingKey,
            .unsupportedFormat, .unsupportedVersion, .notMonotonic, .lengthMismatch, .unknownInk, .invalidColor, .tooFewPoints,
        ]
        XCTAssertEqual(covered, Set(StrokeJSONError.Kind.allCases))
    }

    func testDefaultsFillMissingChannelsAndUnknownKeysAreIgnored() throws {
        let drawing = try StrokeJSONDecoder().decode(S.bytes(
            #"{"format":"inkling.drawing","version":1,"app":{"name":"x"},"strokes":[{"id":"s1","points":[{"x":1,"y":2,"pressure":0.3}]}]}"#))
        XCTAssertEqual(drawing.strokes[0].path.points[0], StrokePoint(location: Point2D(x: 1, y: 2)))
        XCTAssertEqual(drawing.strokes[0].ink, Ink(.pen, color: .black))
        XCTAssertNil(drawing.canvas)
    }
}

extension JSONDecoderErrorTests {
    func testDepthCountsContainersExactly() {
        for depth in [1, 2, 8, 32] {
            let inside = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
            let json = JSONTestSupport.bytes(#"{"format":"inkling.drawing","version":1,"strokes":[],"m":\#(inside)}"#)
            // The document object is one level more.
            XCTAssertNoThrow(try StrokeJSONDecoder(limits: .init(maxDepth: depth + 1)).decode(json), "\(depth)")
            JSONTestSupport.assertFails(json, .tooDeep, at: "$", limits: .init(maxDepth: depth))
        }
    }
}
