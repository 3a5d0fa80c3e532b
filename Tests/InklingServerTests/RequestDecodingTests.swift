@testable import InklingJobs
import Foundation
import InklingBase
import InklingConditioning
@testable import InklingServer
import InklingHTTP
import InklingHTTPExchange
import InklingStrokes
import XCTest

/// `POST /v1/generations` bodies read once: the drawing decoded from its own bytes as
/// `/v1/guidance` decodes it, the rest parsed under a small budget, hostile bodies refused
/// within a bound on CPU time, answers written by InklingBase's writer.
final class RequestDecodingTests: XCTestCase {
    /// The drawing limits a server with an 8 MiB body cap uses.
    static let limits: StrokeJSONDecoder.Limits = {
        var limits = StrokeJSONDecoder.Limits.default
        limits.maxBytes = 8 << 20
        return limits
    }()

    static func request(_ body: [UInt8]) throws(APIError) -> GenerationRequest {
        try GenerationRequest(body: body, base: GenerationOptions(), limits: limits)
    }

    static func request(_ text: String) throws(APIError) -> GenerationRequest { try request(Array(text.utf8)) }

    /// The APIError a body gets, or `nil` when it is read.
    static func refusal(_ body: [UInt8]) -> APIError? {
        do {
            _ = try request(body)
            return nil
        } catch {
            return error
        }
    }

    static func refusal(_ text: String) -> APIError? { refusal(Array(text.utf8)) }

    static func drawings(in request: GenerationRequest) -> [Drawing] {
        request.concepts.compactMap { if case .drawing(let drawing) = $0 { drawing } else { nil } }
    }

    static var house: String { get throws { String(decoding: try ServerFixture.houseBytes, as: UTF8.self) } }

    static let tiny = #"{"format":"inkling.drawing","version":1,"strokes":[{"points":[{"x":1,"y":1},{"x":20,"y":9}]}]}"#

    // MARK: Decode once

    func testADrawingInsideARequestIsTheDrawingSentAlone() throws {
        let alone = try StrokeJSONDecoder(limits: Self.limits).decode(try ServerFixture.houseBytes)
        for body in [
            #"{"drawing": \#(try Self.house), "prompt": "x"}"#,
            #"  {"prompt":"x","drawing":\#(try Self.house)}  "#,
            "{\n\t\"drawing\"\r\n :\n \(try Self.house)\n,\"prompt\" : \"x\"\n}\n",
            // Keys with escapes are the keys they spell.
            #"{"dr\u0061wing": \#(try Self.house), "prompt": "x"}"#,
            #"{"\u0064\u0072\u0061\u0077\u0069\u006E\u0067": \#(try Self.house)}"#,
        ] {
            let request = try Self.request(body)
            XCTAssertEqual(Self.drawings(in: request), [alone], String(body.prefix(40)))
        }
        let nearMiss = Self.refusal(#"{"dr\u0041wing": \#(Self.tiny)}"#)
        XCTAssertEqual(nearMiss?.message.hasPrefix(#"drAwing: unknown key; did you mean "drawing"?"#), true, "\(String(describing: nearMiss))")
    }

    func testRepeatedDrawingKeysCountOnceTheLastAsInJSONC() throws {
        let alone = try StrokeJSONDecoder(limits: Self.limits).decode(try ServerFixture.houseBytes)
        let small = try StrokeJSONDecoder().decode(Array(Self.tiny.utf8))
        // The last one counts; an earlier one is parsed (and must be valid JSON) but unused.
        XCTAssertEqual(Self.drawings(in: try Self.request(#"{"drawing": \#(Self.tiny), "drawing": \#(try Self.house)}"#)), [alone])
        XCTAssertEqual(Self.drawings(in: try Self.request(#"{"drawing": {"not": "a drawing"}, "dr\u0061wing": \#(Self.tiny)}"#)), [small])
        XCTAssertEqual(Self.drawings(in: try Self.request(#"{"drawing": \#(Self.tiny), "prompt": "x", "drawing": null}"#)), [])
        XCTAssertEqual(Self.refusal(#"{"drawing": \#(Self.tiny), "drawing": 7}"#)?.code, "invalid_request")
        // An earlier drawing counts against the request's budget: a large one is refused.
        let refused = Self.refusal(#"{"drawing": \#(try Self.house), "drawing": \#(Self.tiny)}"#)
        XCTAssertEqual(refused?.code, "invalid_json", "\(String(describing: refused))")
        XCTAssertEqual(Self.refusal(#"{"drawing": {"a": [1 2]}, "drawing": \#(Self.tiny)}"#)?.code, "invalid_json", "an earlier one must be JSON")
    }

    func testADrawingAsAStringIsTheDocument() throws {
        let inkml = #"<ink xmlns="http://www.w3.org/2003/InkML"><trace>10 10, 20 20, 30 25</trace></ink>"#
        let escaped = inkml.replacingOccurrences(of: "\"", with: "\\\"")
        let drawing = try XCTUnwrap(Self.drawings(in: try Self.request(#"{"drawing": "\#(escaped)", "prompt": "x"}"#)).first)
        XCTAssertEqual(drawing.strokes.count, 1)
        let text = Self.tiny.replacingOccurrences(of: "\"", with: "\\\"")
        let canonical = try Self.request(#"{"drawing": "\#(text)", "format": "canonical"}"#)
        XCTAssertEqual(Self.drawings(in: canonical), [try StrokeJSONDecoder().decode(Array(Self.tiny.utf8))])
    }

    func testDrawingErrorsAreTheDrawingDecodersAtItsOwnPaths() throws {
        let bad = #"{"format":"inkling.drawing","version":1,"strokes":[{"points":[{"x":"left","y":1}]}]}"#
        let error = try XCTUnwrap(Self.refusal(#"{"prompt": "x", "drawing": \#(bad)}"#))
        XCTAssertEqual(error.status, 422)
        XCTAssertEqual(error.code, "invalid_drawing")
        XCTAssertTrue(error.message.hasPrefix("drawing: strokes[0].points[0].x: "), error.message)
        // Malformed inside the drawing: the drawing's reader says so, as for /v1/guidance.
        let broken = try XCTUnwrap(Self.refusal(#"{"prompt": "x", "drawing": {"format":"inkling.drawing","strokes":[1 2]}}"#))
        XCTAssertEqual(broken.code, "invalid_drawing", broken.message)
        XCTAssertTrue(broken.message.hasPrefix("drawing: "), broken.message)
    }

    func testADrawingThatIsNotADrawingIsRefused() throws {
        for value in ["42", "true", "-1.5e3"] {
            let error = try XCTUnwrap(Self.refusal(#"{"drawing": \#(value)}"#), value)
            XCTAssertEqual(error.status, 400, value)
            XCTAssertEqual(error.code, "invalid_request", value)
            XCTAssertTrue(error.message.hasPrefix("drawing: expected a drawing"), error.message)
            XCTAssertTrue(error.message.hasSuffix("got \(value)"), error.message)
        }
        XCTAssertEqual(Self.refusal(#"{"drawing": {}}"#)?.code, "invalid_drawing")
        XCTAssertEqual(Self.refusal(#"{"drawing": []}"#)?.code, "invalid_drawing")
        XCTAssertEqual(Self.refusal(#"{"drawing": ""}"#)?.code, "invalid_drawing")
    }

    func testBodiesThatAreNotOneObjectGetTheReadersError() throws {
        let cases: [(String, String)] = [
            ("[1, 2, 3]", "must be a JSON object, got an array"),
            ("42", "must be a JSON object, got a number"),
            ("\"drawing\"", "must be a JSON object, got a string"),
            ("null", "must be a JSON object, got null"),
            ("   ", "expected"),
            ("\u{FEFF}{\"prompt\": \"x\"}", "byte order mark"),
            ("{\"prompt\": \"x\"} {}", "at byte 16"),
            ("{\"prompt\": \"x\"", "truncated"),
            ("{\"drawing\": \(Self.tiny)", "truncated"),
            ("{\"drawing\": \(Self.tiny)]", "invalid JSON"),
        ]
        for (body, mention) in cases {
            let error = try XCTUnwrap(Self.refusal(body), body)
            XCTAssertEqual(error.status, 400, body)
            XCTAssertEqual(error.code, "invalid_json", "\(body): \(error.message)")
            XCTAssertTrue(error.message.contains(mention), "\(body): \(error.message)")
        }
        XCTAssertEqual(Self.refusal([])?.message, "the request body is empty; send a JSON object (see /openapi.json)")
    }

    func testErrorsAfterTheDrawingNameTheirPlaceInTheBodyAsSent() throws {
        let body = #"{"drawing": \#(try Self.house), "prompt": oops}"#
        let offset = try XCTUnwrap(body.utf8.firstIndex(of: UInt8(ascii: "o"), after: body.utf8.count - 10))
        let error = try XCTUnwrap(Self.refusal(body))
        XCTAssertEqual(error.code, "invalid_json")
        XCTAssertTrue(error.message.contains("at byte \(offset) "), "\(offset): \(error.message)")
        let fields = try XCTUnwrap(Self.refusal(#"{"drawing": \#(try Self.house), "colour": "red"}"#))
        XCTAssertEqual(fields.code, "invalid_request")
        XCTAssertTrue(fields.message.hasPrefix("colour: unknown key"), fields.message)
    }

    func testDeepNestingInsideAndOutsideTheDrawing() throws {
        let deep = 100_000
        let inside = "{\"prompt\": \"x\", \"drawing\": " + String(repeating: "[", count: deep) + String(repeating: "]", count: deep) + "}"
        let insideError = try XCTUnwrap(Self.refusal(inside))
        XCTAssertEqual(insideError.code, "invalid_drawing", insideError.message)
        XCTAssertTrue(insideError.message.contains("nesting"), insideError.message)
        let unclosed = "{\"prompt\": \"x\", \"drawing\": " + String(repeating: "[", count: deep)
        XCTAssertEqual(Self.refusal(unclosed)?.code, "invalid_json")
        let outside = "{\"prompt\": \"x\", \"options\": " + String(repeating: "{\"a\":", count: 40) + "1" + String(repeating: "}", count: 40) + "}"
        let outsideError = try XCTUnwrap(Self.refusal(outside))
        XCTAssertEqual(outsideError.code, "invalid_json")
        XCTAssertTrue(outsideError.message.contains("levels of nesting"), outsideError.message)
        // Deep but within budget outside the drawing: refused field by field.
        let shallow = "{\"prompt\": \"x\", \"options\": {\"size\": {\"width\": [[[1]]], \"height\": 512}}}"
        XCTAssertEqual(Self.refusal(shallow)?.message, "options.size.width: expected a whole number within 16…8192, got [[[1]]]")
    }

    /// The hostile generation seeds of `Fuzz/corpus/http`, each with its answer, through the
    /// fuzzing target's in-process exchange (whose generations stop at 0.5 s: a body that is
    /// read gets 200, or 504 on a busy machine).
    func testFuzzSeedsOfGenerationBodiesGetTheirAnswers() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus/http")
        let expected: [(String, Int)] = [
            ("post-generation-escaped-key", 200), ("post-generation-duplicate-drawing", 200), ("post-generation-drawing-string", 200),
            ("post-generation-size-object", 200), ("post-generation-not-object", 400), ("post-generation-deep-outside", 400),
            ("post-generation-drawing-number", 400), ("post-generation-deep-drawing", 422),
        ]
        for (name, status) in expected {
            let request = [UInt8](try Data(contentsOf: corpus.appendingPathComponent(name)))
            let response = try RawHTTP.parse(RawHTTPExchange.respond(to: request))
            let answered = status == 200 ? [200, 504] : [status]
            XCTAssertTrue(answered.contains(response.status), "\(name): \(response.status) \(response.text.prefix(300))")
        }
    }

    // MARK: Fields

    func testSeedsAreExactAndSizesFollowTheOneRule() throws {
        for (text, seed) in [("0", UInt64(0)), ("9007199254740993", 9_007_199_254_740_993), ("18446744073709551614", UInt64.max - 1)] {
            XCTAssertEqual(try Self.request(#"{"prompt": "x", "options": {"seed": \#(text)}}"#).options.seed, seed, text)
        }
        for text in ["-1", "1.5", "18446744073709551615", "1e30", "\"7\"", "true"] {
            let error = try XCTUnwrap(Self.refusal(#"{"prompt": "x", "options": {"seed": \#(text)}}"#), text)
            XCTAssertEqual(error.code, "invalid_request", text)
            XCTAssertTrue(error.message.hasPrefix("options.seed: expected a whole number"), error.message)
        }
        let sized = [#""512x768""#, #""512X768""#, #"{"width": 512, "height": 768}"#].map { text in
            (try? Self.request(#"{"prompt": "x", "options": {"size": \#(text)}}"#))?.options.size
        }
        XCTAssertEqual(sized, Array(repeating: .closest(to: PixelSize(width: 512, height: 768)), count: 3))
        for text in [#""huge""#, #""512x""#, #"" 512x768""#, #""8x8""#, #"{"width": 512}"#, #"{"width": 512, "height": 768, "depth": 3}"#, "512"] {
            let error = try XCTUnwrap(Self.refusal(#"{"prompt": "x", "options": {"size": \#(text)}}"#), text)
            XCTAssertEqual(error.code, "invalid_request", text)
            XCTAssertTrue(error.message.hasPrefix("options.size"), error.message)
        }
        XCTAssertEqual(Self.refusal(#"{"prompt": "x", "options": {"size": "huge"}}"#)?.message,
                       #"options.size: expected WxH with sides 16…8192, such as 1024x768, or {"width", "height"}, got "huge""#)
    }

    func testConceptsAreReadFromTheTree() throws {
        let request = try Self.request(#"{"concepts": [{"type": "text", "text": "a kite"}, {"type": "extracted", "text": "A long story about a red kite.", "title": "Kites"}]}"#)
        XCTAssertEqual(request.concepts.count, 2)
        XCTAssertEqual(Self.refusal(#"{"concepts": [1]}"#)?.message, #"concepts[0]: expected an object like {"type": "text", "text": "…"}, got 1"#)
        XCTAssertEqual(Self.refusal(#"{"concepts": [{"type": "text", "txt": "a"}]}"#)?.message.hasPrefix("concepts[0].txt: unknown key; did you mean \"text\"?"), true)
        XCTAssertEqual(Self.refusal(#"{"concepts": [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}]}"#)?.message,
                       "concepts: expected at most 16 entries, got 17")
    }

    // MARK: Answers

    func testAnswersAreTheBytesJSONSerializationWrote() throws {
        let message = "options.size: expected \"WxH\" / {…}, got é 😀 tab\there\nline"
        let error = APIError(400, "invalid_request", message)
        let old = try JSONSerialization.data(withJSONObject: ["error": ["code": "invalid_request", "message": message]],
                                             options: [.sortedKeys, .withoutEscapingSlashes])
        XCTAssertEqual(error.response.body, [UInt8](old))
        let line = JSONText.line(["type": "done", "count": 3, "ratio": 2.0, "half": 0.5])
        XCTAssertEqual(String(decoding: line, as: UTF8.self), "{\"count\":3,\"half\":0.5,\"ratio\":2,\"type\":\"done\"}\n")
    }

    // MARK: Work bounded by the body

    /// CPU time of the calling thread, in seconds.
    static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Hostile 4 MiB bodies, each refused within a bound on CPU time (the thread's, so other
    /// work on the machine does not count), debug build or not.
    ///
    /// Bounds are in yardsticks, the CPU time of one linear scan of a 4 MiB body measured in the
    /// same run (a prompt over its limit), so they hold on a machine ten times slower. Bodies
    /// refused by a budget, a limit or a field check cost at most 20 (a debug build measures
    /// 1–4: one scan of the body and copies). Two drawings lie within the drawing decoders'
    /// budgets (120,000 one-point strokes, 87,000 pointer events), so json-c builds their trees
    /// before the stroke limit can be checked: those cost what the same drawing costs
    /// `POST /v1/guidance` (printed beside them), 6–26 yardsticks, and are held to 150. Work
    /// that grew with the square of the body would take thousands.
    func testHostileFourMiBBodiesAreRefusedWithinABoundOnCPUTime() throws {
        let size = 4 << 20
        func fill(_ head: String, _ unit: String, _ tail: String) -> [UInt8] {
            let count = (size - head.utf8.count - tail.utf8.count) / unit.utf8.count
            var bytes = Array(head.utf8)
            bytes.reserveCapacity(size)
            let unitBytes = Array(unit.utf8)
            for _ in 0..<count { bytes += unitBytes }
            bytes.removeLast(unit.hasSuffix(",") ? 1 : 0)
            return bytes + Array(tail.utf8)
        }
        let depth = size / 2 - 40
        let point = #"{"x":1,"y":2},"#
        let canonical = "{\"drawing\":{\"format\":\"inkling.drawing\",\"version\":1,\"strokes\":["
        let cases: [(String, [UInt8], String, Double)] = [
            ("nesting, not an object", Array(repeating: UInt8(ascii: "["), count: size), "invalid_json", 20),
            ("nesting, unclosed object", Array(("{\"options\":" + String(repeating: "{\"a\":", count: size / 5 - 4)).utf8), "invalid_json", 20),
            ("nesting in the drawing", Array(("{\"drawing\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}").utf8), "invalid_drawing", 20),
            ("tiny values at the top", fill("{", "\"a\":0,", "}"), "invalid_json", 20),
            ("tiny values in a field", fill("{\"prompt\":\"x\",\"concepts\":[", "0,", "]}"), "invalid_json", 20),
            ("tiny values in the drawing", fill("{\"drawing\":[", "0,", "]}"), "invalid_drawing", 20),
            ("tiny values in a stroke", fill(canonical + "{\"points\":[", "0,", "]}]}}"), "invalid_drawing", 20),
            ("a 4 MiB prompt", fill("{\"prompt\":\"", "a", "\"}"), "invalid_request", 20),
            ("a 4 MiB string drawing", fill("{\"drawing\":\"", "a", "\"}"), "invalid_drawing", 20),
            ("a 4 MiB image", fill("{\"concepts\":[{\"type\":\"image\",\"data\":\"", "AAAA", "\"}]}"), "unsupported_input_image", 20),
            ("too many points in a stroke", fill(canonical + "{\"points\":[", point, "]}]}}"), "invalid_drawing", 20),
            ("too many strokes", fill(canonical, "{\"points\":[{\"x\":1,\"y\":2}]},", "]}}"), "invalid_drawing", 150),
            ("pointer events, too many strokes", fill("{\"drawing\":[", #"{"type":"pointerdown","pointerId":1,"x":1,"y":2},"#, "]}"), "invalid_drawing", 150),
        ]
        // The yardstick, measured in this run on this machine: one linear scan of a 4 MiB body
        // (a prompt over its length limit), the least any refusal costs. Each case is held to a
        // multiple of it, so a machine ten times slower moves the bound with it.
        let yardstickBody = fill("{\"prompt\":\"", "a", "\"}")
        let yardstick = (0..<3).map { _ in
            let start = Self.threadCPUTime()
            _ = Self.refusal(yardstickBody)
            return Self.threadCPUTime() - start
        }.sorted()[1]
        var report: [String] = [String(format: "yardstick (a 4 MiB prompt, median of 3): %.1f ms", yardstick * 1000)]
        for (name, body, code, bound) in cases {
            XCTAssertGreaterThan(body.count, size - 256, name)
            XCTAssertLessThanOrEqual(body.count, size, name)
            let start = Self.threadCPUTime()
            let error = Self.refusal(body)
            let spent = Self.threadCPUTime() - start
            var alone = ""
            if let range = JSONSetAsideDocument.containerValue(of: Array("drawing".utf8), in: body, maxMembers: 4096)?.range {
                let drawing = Array(body[range])
                let started = Self.threadCPUTime()
                _ = try? DrawingDecoding.decode(drawing, format: nil, limits: Self.limits, field: "body")
                alone = String(format: " (the drawing alone, as /v1/guidance: %.0f ms)", (Self.threadCPUTime() - started) * 1000)
            }
            report.append("\(name): \(Int(spent * 1000)) ms → \(error.map { "\($0.status) \($0.code)" } ?? "accepted")\(alone)")
            XCTAssertEqual(error?.code, code, "\(name): \(error?.message.prefix(300) ?? "accepted")")
            // `bound` is in yardsticks: a scan and copies cost a few, a drawing built as a tree tens.
            report[report.count - 1] += String(format: " [%.1f yardsticks, bound %.0f]", spent / yardstick, bound)
            XCTAssertLessThan(spent, bound * yardstick, "\(name): \(spent) s of CPU, \(spent / yardstick) yardsticks")
        }
        print("hostile 4 MiB bodies, CPU time each:\n  " + report.joined(separator: "\n  "))
    }

    /// The body's share of the usage charge is taken before the body is parsed: a 4 MiB body of
    /// garbage costs 5 tokens even though it is refused.
    func testLargeBodiesPayPerMiBBeforeTheyAreParsed() throws {
        XCTAssertEqual(Router.bodyCost(0), 1)
        XCTAssertEqual(Router.bodyCost((1 << 20) - 1), 1)
        XCTAssertEqual(Router.bodyCost(1 << 20), 2)
        XCTAssertEqual(Router.bodyCost(4 << 20), 5)
        let server = try ServerFixture.start { $0.maxBodyBytes = 8 << 20; $0.tokensPerSecond = 0.01; $0.burst = 6 }
        defer { server.stop() }
        let garbage = Array(repeating: UInt8(ascii: "["), count: 4 << 20)
        let first = try RawHTTP.request(port: server.port, "POST", "/v1/generations", body: garbage)
        XCTAssertEqual(first.status, 400, first.text)
        XCTAssertEqual(first.errorCode, "invalid_json")
        let second = try RawHTTP.request(port: server.port, "POST", "/v1/generations", body: garbage)
        XCTAssertEqual(second.status, 429, "5 of 6 tokens went on the first: \(second.text)")
        let small = try RawHTTP.post(port: server.port, "/v1/generations", json: ["prompt": 1])
        XCTAssertEqual(small.status, 400, "1 token left for a small body: \(small.text)")
    }

    /// `shape` shapes every stroke of the drawing, by the stroke JSON rules, whatever its format.
    func testShapeReachesEveryStrokeOfTheDrawing() throws {
        let freehand = #"{"drawing": [[0,0],[10,5],[20,0]], "shape": {"size": 6, "taperEnd": 2}, "prompt": "a wave"}"#
        let drawing = try XCTUnwrap(Self.drawings(in: try Self.request(freehand)).first)
        XCTAssertEqual(drawing.strokes[0].ink.shape, StrokeShape(preset: .freehand, size: 6, taperEnd: 2),
                       "the importer's preset, with the request's fields over it")
        let refusals: [(String, String)] = [
            (#"{"drawing": [[0,0],[1,1]], "shape": {"thinning": 7}}"#, "shape.thinning: expected a number -1…1"),
            (#"{"drawing": [[0,0],[1,1]], "shape": {"nib": 7}}"#, "shape.nib: unknown shape field"),
            (#"{"drawing": [[0,0],[1,1]], "shape": "freehand"}"#, "shape: expected a shape object"),
            (#"{"prompt": "a cat", "shape": {"size": 3}}"#, "no \"drawing\""),
        ]
        for (body, expected) in refusals {
            let error = try XCTUnwrap(Self.refusal(body), body)
            XCTAssertEqual(error.status, 400, body)
            XCTAssertTrue(error.message.contains(expected), "\(body): \(error.message)")
        }
    }
}

private extension String.UTF8View {
    /// The offset of the first `byte` at or after offset `start`.
    func firstIndex(of byte: UInt8, after start: Int) -> Int? {
        var offset = 0
        for b in self {
            if offset >= start && b == byte { return offset }
            offset += 1
        }
        return nil
    }

    /// An image concept that is not an image names its path once (it said
    /// `concepts[0].data: concepts[0].data: …`).
    func testABadImageConceptNamesItsPathOnce() {
        let body = Array(#"{"prompt": "a cat", "concepts": [{"type": "image", "data": "bm90IGFuIGltYWdl"}]}"#.utf8)
        XCTAssertThrowsError(try GenerationRequest(body: body, base: GenerationOptions(), limits: .default)) { error in
            let message = (error as? APIError)?.message ?? "\(error)"
            XCTAssertEqual((error as? APIError)?.code, "unsupported_input_image")
            XCTAssertTrue(message.hasPrefix("concepts[0].data: "), message)
            XCTAssertEqual(message.components(separatedBy: "concepts[0].data").count, 2, message)
        }
    }

    /// `1.` is not a JSON number (json-c would read it): refused in a request's fields and in its drawing.
    func testANumberEndingInADotIsRefused() {
        for body in [#"{"prompt": "a cat", "limit": 1.}"#, #"{"prompt": "a cat", "options": {"strength": 0.}}"#,
                     #"{"prompt": "a cat", "drawing": {"format": "inkling.drawing", "version": 1, "strokes": [{"points": [{"x": 1., "y": 2}]}]}}"#] {
            XCTAssertThrowsError(try GenerationRequest(body: Array(body.utf8), base: GenerationOptions(), limits: .default), body) { error in
                XCTAssertTrue(["invalid_json", "invalid_drawing"].contains((error as? APIError)?.code ?? ""), "\(body): \(error)")
                XCTAssertTrue("\(error)".contains("needs digits"), "\(body): \(error)")
            }
        }
    }
}
