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
            // A 508 KiB PNG whose recipe zTXt inflates to 512 MiB: inflation stops at the budget
            // (64 MiB + 16 × the file) and the chunk is dropped, never allocated.
            Case(name: "recipe-ztxt-512mib.png", parts: [Part(bytes: zTXtBombPNG(inflating: 512 << 20))], arguments: { ["inspect", $0] },
                 status: 1, message: { "inkling inspect: \($0): no inkling:recipe chunk: the PNG was not made by inkling render, or a tool stripped its metadata" },
                 seconds: 5),
        ]
    }

    /// A 1×1 PNG whose `inkling:recipe` zTXt is a valid zlib stream of `inflating` zero bytes
    /// (rounded down to 1 + 258k): one dynamic-Huffman block in which a 258-byte copy costs two
    /// bits, deflate's best ratio (as `PNGBytes.zlibBomb` in the image tests builds it).
    private static func zTXtBombPNG(inflating: Int) -> [UInt8] {
        var bytes: [UInt8] = [], bitCount = 0
        func write(_ value: Int, _ count: Int) {  // least significant bit first
            for i in 0..<count {
                if bitCount % 8 == 0 { bytes.append(0) }
                if (value >> i) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(1 << (bitCount % 8)) }
                bitCount += 1
            }
        }
        func code(_ value: Int, _ count: Int) { for i in (0..<count).reversed() { write((value >> i) & 1, 1) } }
        write(1, 1); write(2, 2); write(29, 5); write(0, 5); write(14, 4)  // last, dynamic, 286/1/18 codes
        for symbol in [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1] { write([18: 1, 2: 2, 1: 2][symbol] ?? 0, 3) }
        // Lengths: literal 0 → 2, end of block → 2, code 285 → 1, distance 1 → 1 (18: zeros, 7 extra bits).
        code(0b11, 2); code(0, 1); write(127, 7); code(0, 1); write(106, 7); code(0b11, 2); code(0, 1); write(17, 7); code(0b10, 2)
        code(0b10, 2)
        code(0b10, 2)  // literal 0
        let copies = max(0, inflating - 1) / 258
        bitCount += 2 * copies  // code 285 and distance code 0, both a 0 bit: 258 more zeros each
        bytes += [UInt8](repeating: 0, count: (bitCount + 7) / 8 - bytes.count)
        code(0b11, 2)  // end of block
        let adler = UInt32((1 + 258 * copies) % 65521) << 16 | 1
        let stream = [0x78, 0x01] + bytes + (0..<4).map { UInt8(truncatingIfNeeded: adler >> (24 - 8 * $0)) }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in body {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            crc ^= 0xFFFF_FFFF
            let be = { (v: UInt32) in (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }
            return be(UInt32(data.count)) + body + be(crc)
        }
        // One RGB pixel of zeros (filter byte + 3 samples), stored uncompressed.
        let idat: [UInt8] = [0x78, 0x01, 0x01, 0x04, 0x00, 0xFB, 0xFF, 0, 0, 0, 0, 0x00, 0x04, 0x00, 0x01]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])
            + chunk("zTXt", Array("inkling:recipe".utf8) + [0, 0] + stream) + chunk("IDAT", idat) + chunk("IEND", [])
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
