import InklingBase
import XCTest

/// The one JSON reader: budgets before parsing, paths in errors, strict typed fields.
final class JSONReaderTests: XCTestCase {
    private func parse(_ text: String, limits: JSONLimits = .default) throws -> JSONDocument {
        try JSONDocument.parse(Array(text.utf8), limits: limits)
    }

    func testErrorsNameThePathOfTheValue() throws {
        let document = try parse(#"{"strokes": [{"points": [{"x": 1}, {"x": "2"}]}]}"#)
        let point = document.root["strokes"]!.elements[0]["points"]!.elements[1]["x"]!
        XCTAssertEqual(point.path.description, "strokes[0].points[1].x")
        XCTAssertThrowsError(try point.requireNumber()) { error in
            XCTAssertEqual((error as? JSONError)?.description, #"strokes[0].points[1].x: expected a finite number, got "2""#)
            XCTAssertEqual((error as? JSONError)?.kind, .wrongType)
        }
    }

    func testBudgetsRefuseBeforeParsing() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        XCTAssertEqual(catchKind { _ = try self.parse(deep) }, .tooDeep)
        let many = "[" + Array(repeating: "1", count: 2_000).joined(separator: ",") + "]"
        XCTAssertEqual(catchKind { _ = try self.parse(many, limits: JSONLimits(maxValues: 100)) }, .limitExceeded)
        XCTAssertEqual(catchKind { _ = try self.parse(many, limits: JSONLimits(maxArrayCount: 1_000)) }, .limitExceeded)
        XCTAssertEqual(catchKind { _ = try self.parse(many, limits: JSONLimits(maxBytes: 100)) }, .tooLarge)
        XCTAssertEqual(catchKind { _ = try self.parse("{\"a\": 1,}") }, .syntax)
        XCTAssertEqual(catchKind { _ = try self.parse("\u{FEFF}{}") }, .syntax)
        XCTAssertEqual(catchKind { _ = try self.parse(#"{"a": "\u0000"}"#) }, .syntax)
        XCTAssertEqual(catchKind { _ = try self.parse("") }, .syntax)
    }

    func testObjectReaderIsStrict() throws {
        let document = try parse(#"{"prompt": "a house", "limit": 2, "seed": 18446744073709551614, "strenght": 1, "flag": 1}"#)
        XCTAssertThrowsError(try document.root.fields(allowed: ["prompt", "limit", "seed", "strength", "flag"])) { error in
            XCTAssertEqual((error as? JSONError)?.kind, .unknownKey)
            XCTAssertTrue("\(error)".hasPrefix(#"strenght: unknown key; did you mean "strength"?"#), "\(error)")
        }
        let fields = try document.root.fields(allowed: ["prompt", "limit", "seed", "strenght", "flag"])
        XCTAssertEqual(try fields.string("prompt"), "a house")
        XCTAssertEqual(try fields.integer("limit", in: 1...4), 2)
        XCTAssertEqual(try fields.unsigned("seed", in: 0...UInt64.max), 18_446_744_073_709_551_614)
        XCTAssertThrowsError(try fields.integer("limit", in: 3...4))
        XCTAssertThrowsError(try fields.bool("flag"))  // 1 is a number, not a boolean
        XCTAssertNil(try fields.string("absent"))
    }

    func testHugeAndNonFiniteNumbersAreNotNumbers() throws {
        let document = try parse("[1e400, 9007199254740993, -0.5, 7.0]")
        let values = document.root.elements
        XCTAssertNil(values[0].number)
        XCTAssertNil(values[1].number)
        XCTAssertEqual(values[2].number, -0.5)
        XCTAssertEqual(values[3].integer, 7)
        XCTAssertEqual(catchKind { _ = try values[0].requireNumber() }, .notFinite)
    }

    func testWriterRoundTripsThroughTheReader() throws {
        var writer = JSONWriter()
        writer.openObject()
        writer.key("text"); writer.string("quote \" back \\ tab \t nul \u{0} é")
        writer.key("numbers"); writer.openArray()
        for v in [3, -0.0, 0.1, 1e15, 1e300, .nan] { writer.number(v) }
        writer.closeArray()
        writer.key("seed"); writer.unsigned(UInt64.max)
        writer.closeObject()
        XCTAssertEqual(writer.text, #"{"text":"quote \" back \\ tab \t nul \u0000 é","numbers":[3,-0.0,0.1,1000000000000000.0,1e+300,null],"seed":18446744073709551615}"#)
        let value = try JSONValue.parse(Array(#"{"b": [1, 2.5, "x", null, true], "a": {}}"#.utf8))
        XCTAssertEqual(value.text, #"{"a":{},"b":[1,2.5,"x",null,true]}"#)
        XCTAssertEqual(try JSONValue.parse(value.serialized()), value)
    }

    func testSizeTextHasOneRule() {
        XCTAssertEqual(SizeText.parse("1024x768")?.width, 1024)
        XCTAssertEqual(SizeText.parse("1024X768")?.height, 768)
        for bad in ["1024", "x768", "1024x", "1024x768x2", " 1024x768", "+1x1", "1.5x2", "99999999999x1", "1024×768"] {
            XCTAssertNil(SizeText.parse(bad), bad)
        }
        XCTAssertNil(SizeText.parse("8x8", sides: 16...8192))
        XCTAssertEqual(SizeText.expectation(sides: 16...8192), "WxH with sides 16…8192, such as 1024x768")
    }

    private func catchKind(_ body: () throws -> Void) -> JSONError.Kind? {
        do { try body() } catch let error as JSONError { return error.kind } catch { return nil }
        return nil
    }
}
