import Foundation
import XCTest
@testable import InklingStrokes

/// Malformed and adversarial input: nothing may crash, hang or allocate without bound, and
/// every failure is one line with a JSON path.
final class JSONHostileInputTests: XCTestCase {
    private typealias S = JSONTestSupport

    /// Every file in `Strokes/hostile/` with the error it must produce.
    static let corpus: [String: (StrokeJSONError.Kind, String)] = [
        "altitude-degrees.json": (.outOfRange, "strokes[0].points[0].altitude"),
        "bad-color.json": (.invalidColor, "strokes[0].ink.color"),
        "bom.json": (.syntax, "$"),
        "canvas-huge.json": (.limitExceeded, "canvas.width"),
        "canvas-subnormal.json": (.outOfRange, "canvas.width"),
        "columnar-length-mismatch.json": (.lengthMismatch, "strokes[0].points.force"),
        "columnar-opacity.json": (.outOfRange, "strokes[0].points.opacity[4]"),
        "coordinate-huge.json": (.limitExceeded, "strokes[0].points[1].x"),
        "deep-nesting.json": (.tooDeep, "$"),
        "duplicate-key-last-wins.json": (.outOfRange, "strokes[0].points[1].force"),
        "empty-points.json": (.tooFewPoints, "strokes[0].points"),
        "empty.json": (.syntax, "$"),
        "force-string.json": (.wrongType, "strokes[3].points[17].force"),
        "huge-integer-seed.json": (.outOfRange, "strokes[0].randomSeed"),
        "infinity-x.json": (.notFinite, "strokes[1].points[0].x"),
        "invalid-utf8.json": (.syntax, "$"),
        "mask-two-vertices.json": (.tooFewPoints, "strokes[0].mask[0]"),
        "missing-points.json": (.missingKey, "strokes[1].points"),
        "nan-force.json": (.notFinite, "strokes[0].points[2].force"),
        "negative-width.json": (.outOfRange, "strokes[0].points[1].width"),
        "nib-1e17.json": (.limitExceeded, "strokes[0].points[0].width"),
        "nul-escape.json": (.syntax, "$"),
        "null-point.json": (.wrongType, "strokes[0].points[1]"),
        "secondary-scale-1e300.json": (.limitExceeded, "strokes[0].points.secondaryScale[1]"),
        "overflow-1e400.json": (.notFinite, "strokes[0].points[1].timeOffset"),
        "shape-preset-number.json": (.wrongType, "strokes[1].ink.shape.preset"),
        "shape-size-infinite.json": (.notFinite, "shape.size"),
        "shape-thinning-2.json": (.outOfRange, "strokes[0].ink.shape.thinning"),
        "shape-unknown-field.json": (.wrongType, "shape.wobble"),
        "single-quotes.json": (.syntax, "$"),
        "time-backwards.json": (.notMonotonic, "strokes[0].points[3].timeOffset"),
        "top-level-array.json": (.wrongType, "$"),
        "trailing-comma.json": (.syntax, "$"),
        "trailing-garbage.json": (.syntax, "$"),
        "transform-five.json": (.wrongType, "strokes[0].transform"),
        "transform-leaves-extent.json": (.limitExceeded, "strokes[0].transform"),
        "transform-scale-1e17.json": (.limitExceeded, "strokes[0].transform"),
        "truncated.json": (.syntax, "$"),
        "unknown-ink.json": (.unknownInk, "strokes[0].ink.type"),
        "version-2.json": (.unsupportedVersion, "version"),
        "wrong-format.json": (.unsupportedFormat, "format"),
    ]

    func testEveryHostileFileFailsWithTheExpectedPath() throws {
        let folder = S.repoRoot.appendingPathComponent("Strokes/hostile")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertEqual(Set(names), Set(Self.corpus.keys), "the table and the folder must list the same files")
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            guard let error = S.failure(Array(data)), let expected = Self.corpus[name] else { continue }
            XCTAssertEqual(error.kind, expected.0, "\(name): \(error)")
            XCTAssertEqual(error.path, expected.1, "\(name): \(error)")
            XCTAssertFalse(error.message.isEmpty, name)
        }
    }

    func testHundredMegabyteStringIsRejectedBeforeParsing() {
        // Invalid JSON from the first byte: a size check that ran after parsing would report `syntax`.
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 100 << 20)
        bytes.replaceSubrange(0..<12, with: Array(#"}{"format":""#.utf8))
        let start = Date()
        let error = S.failure(bytes)
        // The kind below shows the order (size first); the time only rules out a pass over the
        // 100 MB that grows faster than the input: generous, so that a slow machine passes.
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertEqual(error?.kind, .tooLarge)
        XCTAssertEqual(error?.path, "$")
        XCTAssertEqual(error?.message, "expected a document of at most 67108864 bytes (maxBytes), got 104857600 bytes")
        // The same through Data.
        XCTAssertThrowsError(try StrokeJSONDecoder().decode(Data(bytes))) { XCTAssertEqual(($0 as? StrokeJSONError)?.kind, .tooLarge) }
    }

    func testValidHundredMegabyteDocumentIsStillTooLarge() {
        let prefix = Array(#"{"format":""#.utf8), suffix = Array(#"","version":1,"strokes":[]}"#.utf8)
        let bytes = prefix + [UInt8](repeating: UInt8(ascii: "a"), count: 100 << 20) + suffix
        XCTAssertEqual(S.failure(bytes)?.kind, .tooLarge)
        XCTAssertEqual(S.failure(bytes, limits: .init(maxBytes: .max))?.kind, .unsupportedFormat)
    }

    func testTenThousandDeepNesting() {
        for (open, close) in [("[", "]"), (#"{"a":"#, "}")] {
            let deep = String(repeating: open, count: 10_000) + String(repeating: close, count: 10_000)
            S.assertFails(S.bytes(deep), .tooDeep, at: "$")
            S.assertFails(S.document(strokes: "", extra: #""meta":\#(deep),"#), .tooDeep, at: "$")
            // Even a generous limit stays bounded (clamped to 1000) and fails cleanly.
            S.assertFails(S.bytes(deep), .tooDeep, at: "$", limits: .init(maxDepth: .max))
        }
        let unclosed = String(repeating: "[", count: 10_000)
        S.assertFails(S.bytes(unclosed), .tooDeep, at: "$")
        S.assertFails(S.bytes(unclosed), .tooDeep, at: "$", limits: .init(maxDepth: 100_000))
        S.assertFails(S.bytes(String(repeating: "[", count: 500)), .syntax, at: "$", limits: .init(maxDepth: 1000))
    }

    func testEveryPrefixOfAValidDocumentFailsCleanly() throws {
        let bytes = StrokeJSONEncoder(prettyPrinted: true).encode(JSONRoundTripTests.sample)
        XCTAssertNoThrow(try StrokeJSONDecoder().decode(bytes))
        for length in stride(from: 0, to: bytes.count - 1, by: 7) {
            let error = S.failure(Array(bytes[..<length]))
            XCTAssertEqual(error?.kind, .syntax, "prefix \(length)")
        }
    }

    func testEmptyAndWhitespaceInput() {
        S.assertFails([], .syntax, at: "$")
        S.assertFails(S.bytes(" \n\t "), .syntax, at: "$")
        XCTAssertThrowsError(try StrokeJSONDecoder().decode(Data())) { XCTAssertEqual(($0 as? StrokeJSONError)?.kind, .syntax) }
    }

    func testTopLevelValuesThatAreNotObjects() {
        for text in ["[]", "null", "1", "\"inkling.drawing\"", "true", #"[{"format":"inkling.drawing"}]"#] {
            S.assertFails(S.bytes(text), .wrongType, at: "$")
        }
    }

    func testNaNAndInfinityTokensEverywhere() {
        for token in ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "1E+999"] {
            S.assertFails(S.document(points: #"[{"x":\#(token),"y":1}]"#), .notFinite, at: "strokes[0].points[0].x")
            S.assertFails(S.document(points: #"{"x":[1],"y":[\#(token)]}"#), .notFinite, at: "strokes[0].points.y[0]")
            S.assertFails(S.bytes(#"{"format":"inkling.drawing","version":\#(token),"strokes":[]}"#), .notFinite, at: "version")
        }
        // Underflow is not an error: it is a tiny number, read as zero.
        XCTAssertEqual(try StrokeJSONDecoder().decode(S.document(points: #"[{"x":1e-400,"y":1}]"#)).strokes[0].path.points[0].location.x, 0)
    }

    func testHugeIntegersNeverBecomeSaturatedValues() {
        for literal in ["123456789012345678901234567890", "-123456789012345678901234567890", "18446744073709551615",
                        "9223372036854775807", "9007199254740993"] {
            let error = S.failure(S.document(points: "[{\"x\":1,\"y\":1}]", stroke: #""creationDate":\#(literal),"#))
            XCTAssertEqual(error?.kind, .outOfRange, literal)
            XCTAssertEqual(error?.path, "strokes[0].creationDate")
        }
        XCTAssertNoThrow(try StrokeJSONDecoder().decode(S.document(points: #"[{"x":1,"y":1}]"#, stroke: #""creationDate":9007199254740992,"#)))
    }

    func testWrongTypesAtEveryLevel() {
        let values = ["null", "true", "\"s\"", "1", "[]", "{}"]
        let slots: [(String, (String) -> [UInt8], String)] = [
            ("$", { S.bytes($0) }, "object"),
            ("strokes", { S.bytes(#"{"format":"inkling.drawing","version":1,"strokes":\#($0)}"#) }, "array"),
            ("strokes[0]", { S.document(strokes: $0) }, "object"),
            ("strokes[0].points", { S.document(points: $0) }, "both"),
            ("strokes[0].points[0]", { S.document(points: "[\($0)]") }, "object"),
            ("strokes[0].points[0].x", { S.document(points: #"[{"x":\#($0),"y":1}]"#) }, "number"),
            ("strokes[0].points.x", { S.document(points: #"{"x":\#($0),"y":[1]}"#) }, "array"),
            ("strokes[0].ink", { S.document(points: #"[{"x":1,"y":1}]"#, stroke: #""ink":\#($0),"#) }, "object"),
        ]
        for (path, make, accepts) in slots {
            for value in values {
                let fits = (accepts == "object" && value == "{}") || (accepts == "array" && value == "[]")
                    || (accepts == "both" && (value == "{}" || value == "[]")) || (accepts == "number" && value == "1")
                guard !fits else { continue }
                S.assertFails(make(value), .wrongType, at: path)
            }
        }
    }

    func testDuplicateKeysTakeTheLastValue() throws {
        let drawing = try StrokeJSONDecoder().decode(S.document(points: #"[{"x":1,"y":2,"x":5,"force":"high","force":0.25}]"#))
        XCTAssertEqual(drawing.strokes[0].path.points[0].location.x, 5)
        XCTAssertEqual(drawing.strokes[0].path.points[0].force, 0.25)
        S.assertFails(S.bytes(#"{"format":"inkling.drawing","format":"svg","version":1,"strokes":[]}"#), .unsupportedFormat, at: "format")
    }

    func testNonUTF8Bytes() {
        let cases: [[UInt8]] = [
            [0xFF], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC3], [0x80],
        ]
        for bad in cases {
            let bytes = Array(#"{"format":"inkling.drawing","version":1,"strokes":[],"note":""#.utf8) + bad + Array("\"}".utf8)
            S.assertFails(bytes, .syntax, at: "$")
        }
        // Well-formed multi-byte text in ignored keys is fine.
        XCTAssertNoThrow(try StrokeJSONDecoder().decode(S.document(strokes: "", extra: #""title":"Café ☕️ 𝄞 日本","#)))
    }

    func testEmbeddedNULBytes() {
        let valid = S.document(points: #"[{"x":1,"y":2}]"#)
        for position in [0, 1, 10, valid.count / 2, valid.count - 1, valid.count] {
            var bytes = valid
            bytes.insert(0, at: position)
            S.assertFails(bytes, .syntax, at: "$")
        }
        // An escaped NUL would truncate a key inside json-c: rejected, even in a value.
        S.assertFails(S.document(points: #"[{"x\u0000junk":1,"x":1,"y":2}]"#), .syntax, at: "$")
        S.assertFails(S.document(strokes: "", extra: #""note":"a\u0000b","#), .syntax, at: "$")
        // An escaped backslash followed by "u0000" is plain text.
        XCTAssertNoThrow(try StrokeJSONDecoder().decode(S.document(strokes: "", extra: #""note":"C:\\u0000","#)))
    }

    func testErrorExcerptsAreShortAndSingleLine() {
        let long = String(repeating: "x", count: 10_000)
        let error = S.failure(S.document(points: "[{\"x\":\"line1\\nline2\(long)\",\"y\":1}]"))
        XCTAssertEqual(error?.kind, .wrongType)
        XCTAssertLessThan(error?.description.count ?? .max, 160)
        XCTAssertTrue(error?.message.contains(#""line1\nline2xx"#) ?? false, error?.message ?? "")
        let big = "[" + Array(repeating: "123456", count: 100_000).joined(separator: ",") + "]"
        let arrayError = S.failure(S.document(points: #"[{"x":\#(big),"y":1}]"#))
        XCTAssertTrue(arrayError?.message.hasSuffix("…") ?? false)
        XCTAssertEqual(StrokeJSONError(kind: .syntax, path: "a\nb", message: "c\r\nd\u{2028}e").description, "a b: c d e")
    }

    func testSmallCustomLimitsAreEnforcedEverywhere() {
        let limits = StrokeJSONDecoder.Limits(
            maxBytes: 4096, maxStrokes: 2, maxPointsPerStroke: 3, maxTotalPoints: 4, maxDepth: 6, maxCoordinate: 10, maxCanvasSide: 100)
        let p = #"{"x":1,"y":1}"#
        S.assertFails(S.document(strokes: #"{"points":[\#(p),\#(p)]},{"points":[\#(p),\#(p),\#(p)]}"#), .limitExceeded,
                      at: "strokes[1].points", limits: limits)
        S.assertFails(S.document(points: #"[{"x":10.5,"y":1}]"#), .limitExceeded, at: "strokes[0].points[0].x", limits: limits)
        S.assertFails(S.document(strokes: "", extra: #""canvas":{"width":101,"height":1},"#), .limitExceeded, at: "canvas.width",
                      limits: limits)
        S.assertFails(S.document(points: "[\(p)]", stroke: #""mask":[[[0,0],[1,0],[0,1],[1,1]]],"#), .limitExceeded,
                      at: "strokes[0].mask[0]", limits: limits)
        XCTAssertNoThrow(try StrokeJSONDecoder(limits: limits).decode(S.document(points: "[\(p),\(p),\(p)]")))
    }

    func testStrangeButValidLimitsNeverCrash() {
        let doc = S.document(points: #"[{"x":1,"y":1}]"#)
        for limits in [StrokeJSONDecoder.Limits(maxBytes: 0), .init(maxBytes: -1), .init(maxStrokes: -5), .init(maxTotalPoints: .min),
                       .init(maxDepth: 0), .init(maxDepth: .min), .init(maxCoordinate: .nan)] {
            XCTAssertThrowsError(try StrokeJSONDecoder(limits: limits).decode(doc)) { error in
                XCTAssertFalse(String(describing: error).contains("\n"))
            }
        }
        let canvas = S.document(strokes: "", extra: #""canvas":{"width":1,"height":1},"#)
        XCTAssertThrowsError(try StrokeJSONDecoder(limits: .init(maxCanvasSide: -.infinity)).decode(canvas))
    }
}
