import Foundation
import InklingImageIO
import InklingStrokes
import XCTest
@testable import InklingCLI

/// `inkling convert`, and the other commands reading every supported format.
final class ConvertCommandTests: XCTestCase {
    private func decode(_ path: String) throws -> Drawing {
        try StrokeJSONDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// Samples in `Strokes/interchange/` whose name starts with `prefix`.
    private func samples(_ prefix: String) -> [String] {
        let dir = repoPath("Strokes/interchange")
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasPrefix(prefix) }.sorted().map { "\(dir)/\($0)" }
    }

    func testObjectsAndColumnarRoundTripLosslessly() async throws {
        let dir = try temporaryDirectory()
        for name in ["tablet-pen-house", "transforms-and-masks", "all-inks", "calligraphy-long"] {
            let original = try decode(repoPath("Strokes/\(name).json"))
            let columnar = dir.appendingPathComponent("\(name).columnar.json").path
            let objects = dir.appendingPathComponent("\(name).objects.json").path
            var (status, io) = await inkling("convert", repoPath("Strokes/\(name).json"), "-o", columnar, "--layout", "columnar")
            XCTAssertEqual(status, 0, io.stderrLines.joined())
            XCTAssertEqual(io.stdout, "")
            (status, io) = await inkling("convert", columnar, "-o", objects, "--pretty")
            XCTAssertEqual(status, 0, io.stderrLines.joined())
            XCTAssertEqual(try decode(columnar), original, name)
            XCTAssertEqual(try decode(objects), original, name)
            let text = try String(contentsOfFile: columnar, encoding: .utf8)
            XCTAssertFalse(text.contains(#""points":[{"#), name)
        }
        XCTAssertEqual(try decode(repoPath("Strokes/tablet-pen-house.columnar.json")), try decode(repoPath("Strokes/tablet-pen-house.json")))
    }

    /// `--shape` sets the stroke shape on every stroke: kept in the JSON `convert` writes, drawn
    /// by `guide`, and refused in one line naming the field before any file is read.
    func testShapeIsKeptByConvertAndDrawnByGuide() async throws {
        let dir = try temporaryDirectory()
        let freehand = repoPath("Strokes/interchange/freehand-signature.json")
        let out = dir.appendingPathComponent("signature.json").path
        var (status, io) = await inkling("convert", freehand, "-o", out, "--shape", "size=6,taper-end=2")
        XCTAssertEqual(status, 0, io.stderrLines.joined())
        let drawing = try decode(out)
        XCTAssertTrue(drawing.strokes.allSatisfy { $0.ink.shape == StrokeShape(preset: .freehand, size: 6, taperEnd: 2) },
                      "the importer's preset under the command line's fields")
        func lit(_ extra: [String]) async throws -> Int {
            let png = dir.appendingPathComponent("map-\(extra.joined()).png").path
            let (status, io) = await inkling(["guide", repoPath("Strokes/tablet-pen-house.json"), "-o", png, "--size", "256x256"] + extra)
            XCTAssertEqual(status, 0, io.stderrLines.joined())
            return try PNGCodec.decode(Array(Data(contentsOf: URL(fileURLWithPath: png)))).image.pixels.filter { $0 > 128 }.count
        }
        let plain = try await lit([]), wide = try await lit(["--shape", "size=20"])
        XCTAssertGreaterThan(wide, plain * 2)
        for (spec, expected) in [("thinning=2", "invalid value for --shape: thinning: '2': expected a number -1…1"),
                                 ("nib=3", "invalid value for --shape: nib: '3': unknown shape field"),
                                 ("", "invalid value for --shape: expected a preset")] {
            (status, io) = await inkling("guide", "/nonexistent.json", "-o", dir.appendingPathComponent("x.png").path, "--shape", spec)
            XCTAssertEqual(status, 2, spec)
            XCTAssertEqual(io.stderrLines.count, 1, io.stderrLines.joined())
            XCTAssertTrue(io.stderrLines.joined().contains(expected), io.stderrLines.joined())
        }
    }

    func testStandardInputToStandardOutput() async throws {
        let doc = #"{"format":"inkling.drawing","version":1,"strokes":[{"points":[{"x":1,"y":2},{"x":5,"y":6}]}]}"#
        let (status, io) = await inkling("convert", "-", "-o", "-", input: Array(doc.utf8))
        XCTAssertEqual(status, 0, io.stderrLines.joined())
        XCTAssertEqual(try StrokeJSONDecoder().decode(io.stdoutBytes), try StrokeJSONDecoder().decode(Array(doc.utf8)))
    }

    func testSVGFromTheExtensionOrTo() async throws {
        let dir = try temporaryDirectory()
        let svg = dir.appendingPathComponent("house.svg").path
        let drawing = try decode(repoPath("Strokes/tablet-pen-house.json"))
        var (status, io) = await inkling("convert", repoPath("Strokes/tablet-pen-house.json"), "-o", svg)
        XCTAssertEqual(status, 0, io.stderrLines.joined())
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("<?xml"))
        XCTAssertTrue(text.contains(#"viewBox="0 0 1024 768""#), String(text.prefix(300)))
        XCTAssertEqual(text.components(separatedBy: "<path ").count - 1, drawing.strokes.count)
        XCTAssertTrue(text.hasSuffix("</svg>\n"))

        (status, io) = await inkling("convert", repoPath("Strokes/tablet-pen-house.json"), "-o", "-", "--to", "svg")
        XCTAssertEqual(status, 0)
        XCTAssertEqual(io.stdout, text, "deterministic")
    }

    func testUsageErrors() async {
        let house = repoPath("Strokes/tablet-pen-house.json")
        for arguments in [
            ["convert", house],
            ["convert", house, "-o", "-", "--from", "paint"],
            ["convert", house, "-o", "-", "--layout", "rows"],
            ["convert", house, "-o", "-", "--to", "png"],
            ["convert", house, "-o", "x.svg", "--layout", "columnar"],
            ["convert", house, "-o", "-", "--line", "0"],
            ["convert", house, "-o", "-", "--line", "2", "--key-id", "k"],
        ] {
            let (status, io) = await inkling(arguments)
            XCTAssertEqual(status, ExitCode.usage.rawValue, "\(arguments)")
            XCTAssertEqual(io.stderrLines.count, 1, "\(arguments)")
            XCTAssertTrue(io.stderrLines.first?.hasPrefix("inkling convert: ") ?? false, "\(arguments)")
        }
    }

    func testCanonicalErrorsKeepTheirJSONPath() async throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("bad.json")
        try Data(#"{"format":"inkling.drawing","version":1,"strokes":[{"points":[{"x":1,"y":"two"}]}]}"#.utf8).write(to: file)
        let (status, io) = await inkling("convert", file.path, "-o", dir.appendingPathComponent("out.json").path)
        XCTAssertEqual(status, ExitCode.inputRejected.rawValue)
        XCTAssertEqual(io.stderrLines.count, 1)
        XCTAssertTrue(io.stderrLines[0].hasPrefix("inkling convert: \(file.path): strokes[0].points[0].y: "), io.stderrLines[0])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.json").path))
    }

    func testOtherFormatErrorsNameTheFormat() async throws {
        let house = repoPath("Strokes/tablet-pen-house.json")
        let (status, io) = await inkling("convert", house, "-o", "-", "--from", "freehand")
        XCTAssertEqual(status, ExitCode.inputRejected.rawValue)
        XCTAssertEqual(io.stderrLines.count, 1)
        XCTAssertTrue(io.stderrLines[0].hasPrefix("inkling convert: \(house): freehand: "), io.stderrLines[0])
    }

    func testUnwritableOutputIsAnIOError() async {
        let (status, io) = await inkling("convert", repoPath("Strokes/single-tap.json"), "-o", "/nonexistent/dir/out.json")
        XCTAssertEqual(status, ExitCode.io.rawValue)
        XCTAssertTrue(io.stderrLines.first?.contains("/nonexistent/dir/out.json") ?? false, "\(io.stderrLines)")
    }

    func testValidateReadsOtherFormats() async throws {
        let files = samples("freehand")
        guard !files.isEmpty else { throw XCTSkip("no perfect-freehand samples") }
        let (status, io) = await inkling(["validate"] + files)
        XCTAssertEqual(status, 0, io.stderrLines.joined(separator: "\n"))
        XCTAssertEqual(io.stdout.split(separator: "\n").count, files.count)
        let (fromStatus, fromIO) = await inkling("validate", "--from", "freehand", files[0])
        XCTAssertEqual(fromStatus, 0, fromIO.stderrLines.joined())
    }

    /// The `--from` name a sample's file name implies (`quickdraw-raw.ndjson` → quickdraw).
    private func format(ofSample path: String) -> String? {
        let name = (path as NSString).lastPathComponent
        return ["pointer-events", "inkml", "quickdraw", "excalidraw", "tldraw", "freehand"].first { name.hasPrefix($0) }
    }

    func testImportedSamplesConvertToCanonicalAndBack() async throws {
        let dir = try temporaryDirectory()
        var converted = 0
        for (index, sample) in samples("").enumerated() {
            guard let from = format(ofSample: sample) else { continue }
            let canonical = dir.appendingPathComponent("\(index).json").path
            let (told, toldIO) = await inkling("convert", sample, "-o", canonical, "--from", from)
            if told != 0, toldIO.stderrLines.first?.contains("cannot read \(from) yet") ?? false { continue } // not registered yet
            XCTAssertEqual(told, 0, "\(sample): \(toldIO.stderrLines)")
            let (status, io) = await inkling("convert", sample, "-o", "-")
            XCTAssertEqual(status, 0, "auto-detected \(sample): \(io.stderrLines)")
            XCTAssertEqual(try StrokeJSONDecoder().decode(io.stdoutBytes), try decode(canonical), sample)
            converted += 1
        }
        if converted == 0 { throw XCTSkip("no importer with a sample is registered yet") }
    }

    func testMalformedInputInEveryFormatGivesOneLineNamingTheFormat() async throws {
        let dir = try temporaryDirectory()
        var checked = Set<String>()
        for sample in samples("") {
            guard let from = format(ofSample: sample) else { continue }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: sample))
            let broken = dir.appendingPathComponent((sample as NSString).lastPathComponent).path
            let half = bytes.prefix(bytes.count / 2)
            try half.write(to: URL(fileURLWithPath: broken))
            // ndjson parses only the selected line: select the one cut in half.
            let lastLine = half.filter { $0 == 0x0A }.count + 1
            let selection = from == "quickdraw" ? ["--line", "\(lastLine)"] : []
            let (status, io) = await inkling(["validate", "--from", from, broken] + selection)
            XCTAssertEqual(status, ExitCode.inputRejected.rawValue, "\(sample): \(io.stdout)")
            XCTAssertEqual(io.stderrLines.count, 1, sample)
            XCTAssertTrue(io.stderrLines.first?.hasPrefix("inkling validate: \(broken): \(from): ") ?? false, "\(io.stderrLines)")
            checked.insert(from)
        }
        XCTAssertEqual(checked.count, 6, "a truncated sample of every importer's format: \(checked.sorted())")
    }

    func testQuickDrawSelectionByLineAndKeyID() async throws {
        guard let file = samples("quickdraw-raw").first else { throw XCTSkip("no Quick, Draw! sample") }
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, let range = lines[1].range(of: #""key_id":""#) else { throw XCTSkip("sample has no second key_id") }
        let key = String(lines[1][range.upperBound...].prefix { $0 != "\"" })
        let byLine = await inkling("convert", file, "--line", "2", "-o", "-")
        let byKey = await inkling("convert", file, "--key-id", key, "-o", "-")
        let first = await inkling("convert", file, "-o", "-")
        XCTAssertEqual(byLine.status, 0, byLine.io.stderrLines.joined())
        XCTAssertEqual(byKey.status, 0, byKey.io.stderrLines.joined())
        XCTAssertEqual(byLine.io.stdout, byKey.io.stdout)
        XCTAssertNotEqual(byLine.io.stdout, first.io.stdout)
        let missing = await inkling("validate", file, "--line", "999")
        XCTAssertEqual(missing.status, ExitCode.inputRejected.rawValue)
        XCTAssertTrue(missing.io.stderrLines.first?.hasPrefix("inkling validate: \(file): quickdraw: ") ?? false, "\(missing.io.stderrLines)")
    }

    func testPointerEventsRecordingGuidesLikeItsCanonicalConversion() async throws {
        guard let recording = samples("pointer-events").first else { throw XCTSkip("no Pointer Events sample yet") }
        let dir = try temporaryDirectory()
        let canonical = dir.appendingPathComponent("canonical.json").path
        let probe = await inkling("convert", recording, "-o", "-", "--from", "pointer-events")
        if probe.io.stderrLines.first?.contains("cannot read pointer-events yet") ?? false { throw XCTSkip("no Pointer Events importer yet") }
        let (status, io) = await inkling("convert", recording, "-o", canonical)
        XCTAssertEqual(status, 0, io.stderrLines.joined())
        let fromRecording = dir.appendingPathComponent("a.png").path
        let fromCanonical = dir.appendingPathComponent("b.png").path
        var result = await inkling("guide", recording, "-o", fromRecording, "--size", "256x256")
        XCTAssertEqual(result.status, 0, result.io.stderrLines.joined())
        result = await inkling("guide", canonical, "-o", fromCanonical, "--size", "256x256")
        XCTAssertEqual(result.status, 0, result.io.stderrLines.joined())
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: fromRecording)), try Data(contentsOf: URL(fileURLWithPath: fromCanonical)))
    }
}
