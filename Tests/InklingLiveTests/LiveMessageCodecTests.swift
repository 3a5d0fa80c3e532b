import InklingBase
import InklingConditioning
import InklingJobs
@testable import InklingLive
import InklingStrokes
import XCTest

/// The live protocol's messages: every client message decoded, every server message written,
/// and hostile text refused with one line that names the field or the bound.
final class LiveMessageCodecTests: XCTestCase {
    private func decode(_ text: String, limits: LiveLimits = .default) throws -> LiveClientMessage {
        try LiveClientMessage.decode(Array(text.utf8), limits: limits)
    }

    /// The error `text` is refused with (fails when it is accepted).
    private func refusal(_ text: String, limits: LiveLimits = .default, file: StaticString = #filePath, line: UInt = #line) -> APIError {
        refusal(Array(text.utf8), limits: limits, file: file, line: line)
    }

    private func refusal(_ bytes: [UInt8], limits: LiveLimits = .default, file: StaticString = #filePath, line: UInt = #line) -> APIError {
        do {
            let message = try LiveClientMessage.decode(bytes, limits: limits)
            XCTFail("accepted as \(message.type)", file: file, line: line)
            return APIError(0, "", "")
        } catch {
            XCTAssertFalse(error.message.contains("\n"), "two lines: \(error.message)", file: file, line: line)
            XCTAssertLessThanOrEqual(error.message.count, 600, file: file, line: line)
            return error
        }
    }

    static let stroke = ##"{"ink": {"type": "pen", "color": "#224488"}, "points": [{"x": 10, "y": 20, "force": 0.5}, {"x": 30, "y": 40}]}"##

    // MARK: Client messages

    func testStartWithEverything() throws {
        let message = try decode(#"""
            {"type": "start", "canvas": {"width": 800, "height": 600}, "prompt": "a cosy house", "style": "sketch",
             "options": {"strength": 0.7, "seed": 7, "size": "512x512"}, "cancelOnChange": true}
            """#)
        guard case .start(let start) = message else { return XCTFail("\(message)") }
        XCTAssertEqual(start.canvas, Size2D(width: 800, height: 600))
        XCTAssertEqual(start.prompt, "a cosy house")
        XCTAssertEqual(start.style, .sketch)
        XCTAssertTrue(start.cancelOnChange)
        let options = try XCTUnwrap(start.options).applied(to: GenerationOptions())
        XCTAssertEqual(options.guidance.strength, 0.7)
        XCTAssertEqual(options.seed, 7)
        XCTAssertEqual(options.size, .closest(to: PixelSize(width: 512, height: 512)))
    }

    func testStartWithTheCanvasAlone() throws {
        guard case .start(let start) = try decode(#"{"type": "start", "canvas": {"width": 512, "height": 512}}"#) else { return XCTFail() }
        XCTAssertNil(start.prompt)
        XCTAssertNil(start.options)
        XCTAssertFalse(start.cancelOnChange)
    }

    func testStrokeIsOneStrokeOfStrokeJSON() throws {
        guard case .stroke(let stroke) = try decode(#"{"type": "stroke", "stroke": \#(Self.stroke)}"#) else { return XCTFail() }
        XCTAssertEqual(stroke.path.count, 2)
        XCTAssertEqual(stroke.path.points[1].location, Point2D(x: 30, y: 40))
        XCTAssertEqual(stroke.ink.type, .pen)
        // The columnar layout too.
        guard case .stroke(let columnar) = try decode(#"{"type": "stroke", "stroke": {"points": {"x": [1, 2, 3], "y": [4, 5, 6]}}}"#) else { return XCTFail() }
        XCTAssertEqual(columnar.path.count, 3)
    }

    func testPointsWithAndWithoutAStroke() throws {
        guard case .points(let some) = try decode(#"{"type": "points", "stroke": \#(Self.stroke)}"#) else { return XCTFail() }
        XCTAssertEqual(some?.path.count, 2)
        XCTAssertEqual(try decode(#"{"type": "points"}"#), .points(nil))
        XCTAssertEqual(try decode(#"{"type": "points", "stroke": null}"#), .points(nil))
    }

    func testBareMessages() throws {
        XCTAssertEqual(try decode(#"{"type": "undo"}"#), .undo)
        XCTAssertEqual(try decode(#"{"type": "redo"}"#), .redo)
        XCTAssertEqual(try decode(#"{"type": "clear"}"#), .clear)
        XCTAssertEqual(try decode(#"{"type": "keep"}"#), .keep)
    }

    func testSet() throws {
        guard case .set(let settings) = try decode(#"{"type": "set", "prompt": "a barn", "options": {"strength": 0.2}}"#) else { return XCTFail() }
        XCTAssertEqual(settings.prompt, "a barn")
        XCTAssertNil(settings.style)
        XCTAssertEqual(try settings.options?.applied(to: GenerationOptions()).guidance.strength, 0.2)
        guard case .set(let cancel) = try decode(#"{"type": "set", "cancelOnChange": false}"#) else { return XCTFail() }
        XCTAssertEqual(cancel.cancelOnChange, false)
        XCTAssertEqual(refusal(#"{"type": "set"}"#).code, "invalid_message")
        XCTAssertEqual(refusal(#"{"type": "set", "prompt": null}"#).code, "invalid_message")
    }

    func testEveryTypeDecodes() throws {
        let examples = [
            "start": #"{"type": "start", "canvas": {"width": 1, "height": 1}}"#,
            "stroke": #"{"type": "stroke", "stroke": \#(Self.stroke)}"#,
            "points": #"{"type": "points"}"#, "undo": #"{"type": "undo"}"#, "redo": #"{"type": "redo"}"#,
            "clear": #"{"type": "clear"}"#, "set": #"{"type": "set", "prompt": ""}"#, "keep": #"{"type": "keep"}"#,
        ]
        XCTAssertEqual(Set(examples.keys), Set(LiveClientMessage.types))
        for (type, text) in examples { XCTAssertEqual(try decode(text).type, type) }
    }

    // MARK: Hostile client messages

    func testWrongTypes() {
        XCTAssertEqual(refusal(#"{"type": 5}"#).message, #"type: expected one of start, stroke, points, undo, redo, clear, set, keep, got 5"#)
        XCTAssertEqual(refusal(#"{"type": "start", "canvas": {"width": "512", "height": 512}}"#).message,
                       #"canvas.width: expected a number within 0.001…16384, got "512""#)
        XCTAssertEqual(refusal(#"{"type": "start", "canvas": [512, 512]}"#).message, "canvas: expected an object, got [512,512]")
        XCTAssertEqual(refusal(#"{"type": "start", "canvas": {"width": 5, "height": 5}, "prompt": 7}"#).message,
                       "prompt: expected text of at most 20000 bytes, got 7")
        XCTAssertEqual(refusal(#"{"type": "start", "canvas": {"width": 5, "height": 5}, "cancelOnChange": "yes"}"#).message,
                       #"cancelOnChange: expected true or false, got "yes""#)
        XCTAssertTrue(refusal(#"{"type": "set", "style": "oil"}"#).message.hasPrefix("style: expected one of"))
        XCTAssertEqual(refusal(#"{"type": "stroke", "stroke": [1, 2]}"#).code, "invalid_stroke")
        XCTAssertTrue(refusal(#"{"type": "stroke", "stroke": {"points": "many"}}"#).message.hasPrefix("stroke.points: "))
        XCTAssertTrue(refusal(#"{"type": "stroke", "stroke": {"points": [{"x": 1, "y": "2"}]}}"#).message.hasPrefix("stroke.points[0].y: "))
        XCTAssertEqual(refusal(#"{"type": "stroke"}"#).message, "stroke: missing: a stroke message carries one stroke of stroke JSON")
    }

    func testHugeNumbers() {
        let seed = refusal(#"{"type": "set", "options": {"seed": 1e30}}"#)
        XCTAssertEqual(seed.code, "invalid_message")
        XCTAssertTrue(seed.message.hasPrefix("options.seed: expected a whole number"), seed.message)
        XCTAssertTrue(refusal(#"{"type": "set", "options": {"strength": 1e400}}"#).message.hasPrefix("options.strength"))
        XCTAssertTrue(refusal(#"{"type": "start", "canvas": {"width": 1e308, "height": 5}}"#).message.hasPrefix("canvas.width: "))
        XCTAssertTrue(refusal(#"{"type": "start", "canvas": {"width": -5, "height": 5}}"#).message.hasPrefix("canvas.width: "))
        XCTAssertTrue(refusal(#"{"type": "stroke", "stroke": {"points": [{"x": 1e300, "y": 2}]}}"#).message.hasPrefix("stroke.points[0].x: "))
        XCTAssertTrue(refusal(#"{"type": "set", "options": {"steps": 99999999999999999999999}}"#).message.hasPrefix("options.steps"))
    }

    func testDeepNesting() {
        let deep = #"{"type": "set", "options": {"size": "# + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "}}"
        XCTAssertEqual(refusal(deep).code, "invalid_json")
        let deepStroke = #"{"type": "stroke", "stroke": {"points": [{"x": 1, "y": 2, "z": "# + String(repeating: "{\"a\":", count: 20) + "1" + String(repeating: "}", count: 20) + "}]}}"
        XCTAssertEqual(refusal(deepStroke).code, "invalid_json")
    }

    func testUnknownTypeAndKeys() {
        XCTAssertEqual(refusal(#"{"type": "strok"}"#).message,
                       #"type: expected one of start, stroke, points, undo, redo, clear, set, keep, got "strok"; did you mean "stroke"?"#)
        XCTAssertEqual(refusal(#"{"type": "launch"}"#).code, "invalid_message")
        XCTAssertEqual(refusal(#"{"stroke": {}}"#).message, #"type: missing: every message has a "type" (one of start, stroke, points, undo, redo, clear, set, keep)"#)
        XCTAssertTrue(refusal(#"{"type": "start", "canvas": {"width": 5, "height": 5}, "promt": "x"}"#).message.contains(#"did you mean "prompt""#))
        XCTAssertTrue(refusal(#"{"type": "undo", "steps": 2}"#).message.hasPrefix("steps: unknown key"))
        XCTAssertTrue(refusal(#"{"type": "set", "options": {"strenght": 0.5}}"#).message.hasPrefix("options.strenght: unknown key; did you mean \"strength\"?"))
        // A long unknown type is named briefly, without an edit distance over it.
        let long = refusal(#"{"type": ""# + String(repeating: "x", count: 100_000) + #""}"#)
        XCTAssertEqual(long.code, "invalid_message")
    }

    func testNotJSONOrNotAnObject() {
        XCTAssertEqual(refusal([]).code, "invalid_json")
        XCTAssertEqual(refusal([0xFF, 0xFE, 0x7B, 0x7D]).code, "invalid_json")
        XCTAssertEqual(refusal(#"{"type": "undo""#).code, "invalid_json")
        XCTAssertEqual(refusal(#"{"type": "undo"} {}"#).code, "invalid_json")
        XCTAssertEqual(refusal(#"{"type": "und\u0000o"}"#).code, "invalid_json")
        for text in ["[]", "\"undo\"", "null", "5"] { XCTAssertEqual(refusal(text).code, "invalid_message", text) }
    }

    func testOversizedMessageRefusedBeforeParsing() {
        var limits = LiveLimits.default
        limits.maxMessageBytes = 64
        let error = refusal(#"{"type": "set", "prompt": ""# + String(repeating: "a", count: 100) + #""}"#, limits: limits)
        XCTAssertEqual(error.status, 413)
        XCTAssertEqual(error.code, "message_too_large")
        XCTAssertEqual(error.message, "expected a message of at most 64 bytes (maxMessageBytes), got 129 bytes")
        // Not even JSON: the size is checked first.
        XCTAssertEqual(refusal(Array(repeating: 0x5B, count: 65), limits: limits).code, "message_too_large")
    }

    func testOversizedStroke() {
        var limits = LiveLimits.default
        limits.maxPointsPerStroke = 10
        let points = (0..<11).map { #"{"x": \#($0), "y": 0}"# }.joined(separator: ",")
        let error = refusal(#"{"type": "stroke", "stroke": {"points": [\#(points)]}}"#, limits: limits)
        XCTAssertEqual(error.status, 413)
        XCTAssertEqual(error.code, "stroke_too_large")
        XCTAssertEqual(error.message, "stroke.points: expected at most 10 points (maxPointsPerStroke), got 11")
        // Far more than the pass before parsing lets through: refused there, at `$`.
        let many = (0..<200).map { #"{"x": \#($0), "y": 0}"# }.joined(separator: ",")
        XCTAssertEqual(refusal(#"{"type": "stroke", "stroke": {"points": [\#(many)]}}"#, limits: limits).code, "invalid_json")
        // The columnar layout is held to the same bound.
        let xs = (0..<11).map(String.init).joined(separator: ",")
        XCTAssertEqual(refusal(#"{"type": "points", "stroke": {"points": {"x": [\#(xs)], "y": [\#(xs)]}}}"#, limits: limits).code, "stroke_too_large")
    }

    func testLongPrompt() {
        var limits = LiveLimits.default
        limits.maxPromptBytes = 10
        XCTAssertEqual(refusal(#"{"type": "set", "prompt": "a very long prompt"}"#, limits: limits).message,
                       #"prompt: expected text of at most 10 bytes, got "a very long prompt""#)
    }

    // MARK: Server messages

    func testServerMessages() {
        XCTAssertEqual(LiveServerMessage.state(LiveStateReport(revision: 3, state: .running, rendering: 2, progress: 0.5, answered: 1)).text,
                       #"{"type":"state","revision":3,"state":"running","rendering":2,"progress":0.5,"answered":1}"#)
        XCTAssertEqual(LiveServerMessage.state(LiveStateReport(revision: 0, state: .waiting)).text, #"{"type":"state","revision":0,"state":"waiting"}"#)
        let frame = LiveFrame(revision: 4, bytes: [1, 2, 3], width: 512, height: 384)
        XCTAssertEqual(LiveServerMessage.header(of: frame).text,
                       #"{"type":"frame","revision":4,"mime":"image/jpeg","bytes":3,"width":512,"height":384}"#)
        XCTAssertEqual(LiveServerMessage.error(APIError(413, "too_many_strokes", "stroke: \"x\"\nsecond")).text,
                       #"{"type":"error","code":"too_many_strokes","message":"stroke: \"x\"\nsecond","status":413}"#)
        XCTAssertEqual(LiveServerMessage.kept(LiveKept(revision: 7, job: "abc", url: "/v1/jobs/abc")).text,
                       #"{"type":"kept","revision":7,"job":"abc","url":"/v1/jobs/abc"}"#)
    }

    /// Every server message is one JSON object that InklingBase's reader takes back.
    func testServerMessagesReadBack() throws {
        let messages: [LiveServerMessage] = [
            .state(LiveStateReport(revision: 1, state: .upToDate, answered: 1)), .header(of: LiveFrame(revision: 1, bytes: [], width: 1, height: 1)),
            .error(APIError(400, "invalid_message", "type: …")), .kept(LiveKept(revision: 1, job: "j")),
        ]
        for message in messages {
            let value = try JSONValue.parse(message.json)
            guard case .object(let fields) = value else { return XCTFail("\(value)") }
            XCTAssertNotNil(fields["type"])
        }
    }

    /// docs/live.schema.json names every message type both ways.
    func testSchemaNamesEveryMessage() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/live.schema.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        _ = try JSONValue.parse(Array(text.utf8))
        for type in LiveClientMessage.types + ["state", "frame", "error", "kept"] {
            XCTAssertTrue(text.contains(#""const": "\#(type)""#), "docs/live.schema.json lacks \(type)")
        }
        for activity in LiveActivity.allCases { XCTAssertTrue(text.contains(#""\#(activity.rawValue)""#)) }
    }
}
