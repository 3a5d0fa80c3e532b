import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The "sizes" class of the hostile corpus: each importer and image reader, run as the built
/// `inkling` executable in a child process on hostile inputs (8 MB and more, generated here so
/// that none is committed), fails with its exact one-line error and exit status within a memory
/// budget of 64 MB + 16 × the input, measured as the child's peak RSS.
///
/// Peak RSS is `getrusage(RUSAGE_CHILDREN)`'s `ru_maxrss` after the child exits, taken by the
/// small `inkling-peak-rss` program that spawns it (Tests/PeakRSS/main.c): on Linux a child's
/// `ru_maxrss` starts from its parent's peak, so a child spawned straight from the test process
/// would be charged for the test process too.
final class MemoryBudgetTests: XCTestCase {
    /// One hostile case: the file to write, the command, and what must come back.
    private struct Case {
        var name: String
        /// The file's content, written a piece at a time so the test process stays small.
        var parts: [Part]
        var arguments: (String) -> [String]
        var status: Int32
        var message: (String) -> String
        /// A bound on the run's wall time, at least ten times what it takes on an ordinary
        /// machine (0.8 s for the 30 MB Quick, Draw! file, 0.02 s for the PNG), so a slow one passes.
        var seconds: Double?
    }

    /// A piece of a generated file: `unit` written `times` times, separated by commas.
    private struct Part: ExpressibleByStringLiteral {
        var unit: [UInt8]
        var times = 1
        init(_ unit: String, times: Int = 1) { self.unit = Array(unit.utf8); self.times = times }
        init(bytes: [UInt8]) { unit = bytes }
        init(stringLiteral value: String) { self.init(value) }
    }

    private static let megabytes8 = 8 << 20

    /// `head`, then `unit` repeated (joined by commas) until the document is at least `size`
    /// bytes, then `tail`.
    private static func document(_ head: String, _ unit: String, _ tail: String, size: Int = megabytes8) -> [Part] {
        let times = (size - head.utf8.count - tail.utf8.count) / (unit.utf8.count + 1) + 1
        return [Part(head), Part(unit, times: times), Part(tail)]
    }

    /// Writes `parts` to `path` in pieces of at most 64 KiB; returns the byte count.
    private static func write(_ parts: [Part], to path: String) throws -> Int {
        guard FileManager.default.createFile(atPath: path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var size = 0
        var chunk: [UInt8] = []
        chunk.reserveCapacity(1 << 16)
        for part in parts {
            for i in 0..<part.times {
                if i > 0 { chunk.append(UInt8(ascii: ",")) }
                chunk += part.unit
                if chunk.count >= 1 << 16 {
                    try handle.write(contentsOf: chunk)
                    size += chunk.count
                    chunk.removeAll(keepingCapacity: true)
                }
            }
        }
        try handle.write(contentsOf: chunk)
        return size + chunk.count
    }

    private static func validate(_ path: String) -> [String] { ["validate", path] }

    private static func cases() -> [Case] {
        let overStroke = "an array holds more than the 100000 elements a drawing within the limits can use; split the drawing or raise --max-points-per-stroke"
        let canonicalArray = "$: expected arrays of at most 200016 elements (2 × max(maxPointsPerStroke, maxStrokes) + 16), got a longer one"
        let zeros = { (size: Int) in Part("0", times: size / 4) }
        let tags = document(#"<ink xmlns="http://www.w3.org/2003/InkML">"#, "<a/>", "</ink>")
        let tagCount = tags[1].times + 2  // the <a/>s, <ink> and </ink>
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xDE]
        png += [0x7F, 0xFF, 0xFF, 0xFF] + Array("tEXt".utf8) + Array("abc".utf8)
        return [
            Case(name: "canonical-objects.json",
                 parts: document(#"{"format":"inkling.drawing","version":1,"strokes":[{"points":["#, #"{"x":1,"y":2}"#, "]}]}"),
                 arguments: validate, status: 1, message: { "inkling validate: \($0): \(canonicalArray)" }),
            Case(name: "canonical-columnar.json",
                 parts: [#"{"format":"inkling.drawing","version":1,"strokes":[{"points":{"x":["#, zeros(megabytes8), #"],"y":["#, zeros(megabytes8), "]}}]}"],
                 arguments: validate, status: 1, message: { "inkling validate: \($0): \(canonicalArray)" }),
            Case(name: "quickdraw.ndjson",
                 parts: [#"{"word":"cat","drawing":[[["#, zeros(megabytes8), "],[", zeros(megabytes8), "]]]}\n"],
                 arguments: validate, status: 1, message: { "inkling validate: \($0): quickdraw: line 1: \(overStroke)" }, seconds: 20),
            Case(name: "quickdraw-30mb.ndjson",
                 parts: [#"{"word":"cat","drawing":[[["#, zeros(30 << 20), "],[", zeros(30 << 20), "]]]}\n"],
                 arguments: validate, status: 1, message: { "inkling validate: \($0): quickdraw: line 1: \(overStroke)" }, seconds: 20),
            Case(name: "pointer-events.json",
                 parts: document(#"[{"type":"pointerdown","pointerId":1,"x":0,"y":0},"#, #"{"type":"pointermove","pointerId":1,"x":1,"y":2,"pressure":0.5}"#, "]"),
                 arguments: validate, status: 1,
                 message: { "inkling validate: \($0): pointer-events: events[100000]: expected at most 100000 points in a stroke, got more" }),
            Case(name: "pointer-events-object.json",
                 parts: document(#"{"canvas":{"width":100,"height":100},"strokes":[["#, #"{"x":1,"y":2,"pressure":0.5}"#, "]]}"),
                 arguments: { ["validate", "--from", "pointer-events", $0] }, status: 1,
                 message: { "inkling validate: \($0): pointer-events: strokes[0][100000]: expected at most 100000 points in a stroke, got more" }),
            Case(name: "freehand.json", parts: document("[", "[1,2,0.5]", "]"),
                 arguments: validate, status: 1, message: { "inkling validate: \($0): freehand: \(overStroke)" }),
            Case(name: "excalidraw.json",
                 parts: document(#"{"type":"excalidraw","elements":[{"type":"freedraw","x":0,"y":0,"points":["#, "[1,2]", "]}]}"),
                 arguments: validate, status: 1, message: { "inkling validate: \($0): excalidraw: \(overStroke)" }),
            Case(name: "tldraw.json",
                 parts: document(#"{"tldrawFileFormatVersion":1,"records":[{"typeName":"shape","id":"shape:a","type":"draw","props":{"segments":[{"points":["#,
                                 #"{"x":1,"y":2,"z":0.5}"#, "]}]}}]}"),
                 arguments: validate, status: 1, message: { "inkling validate: \($0): tldraw: \(overStroke)" }),
            Case(name: "tldraw-base64.json",
                 parts: [#"{"tldrawFileFormatVersion":1,"records":[{"typeName":"shape","id":"shape:a","type":"draw","props":{"segments":[{"points":""#,
                         // 8 MiB of base64 (and the commas between the pieces; the length is refused first).
                         Part(String(repeating: "AAAAAAAA", count: 1024), times: megabytes8 / 8192), #""}]}}]}"#],
                 arguments: validate, status: 1,
                 message: { "inkling validate: \($0): tldraw: records[0].props.segments[0].points: about \((megabytes8 + megabytes8 / 8192 - 1) / 8) points encoded, over the per-stroke limit of 100000" }),
            Case(name: "trace.inkml",
                 parts: document(#"<ink xmlns="http://www.w3.org/2003/InkML"><trace>"#, "1 2", "</trace></ink>"),
                 arguments: validate, status: 1, message: { "inkling validate: \($0): inkml: trace 1, point 100001: more than 100000 points" }),
            Case(name: "tags.inkml", parts: tags, arguments: validate, status: 1,
                 message: { "inkling validate: \($0): inkml: the document holds \(tagCount) tags, more than the 164096 a drawing within the limits can use; split the drawing or raise --max-strokes" }),
            // A 200 KB PNG that decodes to 16000×16000 (256 MB), and one of 67108864×1: weighed
            // against the budget of a file of their size before a pixel is decoded.
            Case(name: "declares-16000x16000.png", parts: [Part(bytes: ZeroPNG.make(width: 16000, height: 16000))],
                 arguments: { ["compare", $0, $0] }, status: 2,
                 message: { "inkling compare: \($0): declares 16000×16000 pixels, more than the budget of a file of its size allows; pass a larger --max-pixels only for a file you trust" }),
            Case(name: "declares-67108864x1.png", parts: [Part(bytes: ZeroPNG.make(width: 67_108_864, height: 1))],
                 arguments: { ["render", repoPath("Strokes/tablet-pen-house.json"), "--prompt", "a house", "--source", $0, "-o", "/nonexistent-inkling-out"] }, status: 1,
                 message: { "inkling render: \($0): declares 67108864×1 pixels, more than the budget of a file of its size allows; pass a larger --max-pixels only for a file you trust" }),
            Case(name: "text-chunk-2gb.png", parts: [Part(bytes: png)], arguments: { ["inspect", $0] }, status: 3,
                 message: { "inkling inspect: \($0): cannot read the image: PNG data ends early (truncated); the file was cut off while being written or copied" },
                 seconds: 2),
        ]
    }

    func testHostileSizesFailWithinTheirMemoryBudget() throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("inkling")
        let helper = executable.deletingLastPathComponent().appendingPathComponent("inkling-peak-rss")
        for tool in [executable, helper] {
            try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: tool.path), "no built \(tool.lastPathComponent) next to the tests at \(tool.path)")
        }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for c in Self.cases() {
            let path = dir.appendingPathComponent(c.name).path
            let size = try Self.write(c.parts, to: path)
            XCTAssertTrue(c.name.hasSuffix(".png") || size >= Self.megabytes8, "\(c.name) is only \(size) bytes")
            let run = try Self.run(helper.path, executable.path, c.arguments(path), stderr: dir.appendingPathComponent(c.name + ".err").path)
            let budget = (64 << 20) + 16 * size
            print("\(c.name): \(size) bytes, exit \(run.status), peak RSS \(run.peakRSS / 1024) KiB (budget \(budget / 1024) KiB), \(String(format: "%.2f", run.seconds)) s")
            XCTAssertEqual(run.status, c.status, "\(c.name): \(run.stderr)")
            XCTAssertEqual(run.stderr, c.message(path) + "\n", c.name)
            XCTAssertLessThanOrEqual(run.peakRSS, budget, "\(c.name): peak RSS over 64 MB + 16 × \(size) bytes")
            if let limit = c.seconds { XCTAssertLessThan(run.seconds, limit, "\(c.name): took \(run.seconds) s") }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Runs `executable` with `arguments` under `inkling-peak-rss` (stdout to /dev/null, stderr
    /// to `stderr`) and returns its exit status, stderr text, peak RSS in bytes and wall time.
    private static func run(_ helper: String, _ executable: String, _ arguments: [String], stderr: String) throws
        -> (status: Int32, stderr: String, peakRSS: Int, seconds: Double) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let report = stderr + ".rss"
        let argv = ([helper, report, executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let start = Date()
        var pid = pid_t()
        let spawned = posix_spawn(&pid, helper, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let seconds = Date().timeIntervalSince(start)
        let fields = try String(contentsOfFile: report, encoding: .utf8).split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard status == 0, fields.count == 2 else { throw CocoaError(.fileReadCorruptFile) }
        let text = (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? ""
        return (Int32(fields[0]), text, fields[1] * 1024, seconds)
    }
}
