import Foundation
@testable import InklingInterchange
import InklingStrokes
import XCTest

/// Format detection on every sample in `Strokes/` and `Strokes/interchange/`, and `InkReader`.
final class FormatDetectionTests: XCTestCase {
    /// The repository root, found from this file's location.
    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// The format a sample's name says it is in: a name starting with a format's name
    /// (`pointer-events-…`, `quickdraw-…`), or an extension (`.inkml`, `.ndjson`, `.excalidraw`, `.tldr`).
    static func expectedFormat(ofSample name: String) -> InkFormat? {
        let lower = name.lowercased()
        let byPrefix = InkFormat.allCases.filter { $0 != .canonical && lower.hasPrefix($0.rawValue) }
            .max { $0.rawValue.count < $1.rawValue.count }
        if let byPrefix { return byPrefix }
        switch (lower as NSString).pathExtension {
        case "inkml": return .inkml
        case "ndjson": return .quickdraw
        case "excalidraw": return .excalidraw
        case "tldr": return .tldraw
        default: return nil
        }
    }

    func testEveryCanonicalSampleIsDetectedAsCanonical() throws {
        let dir = Self.repositoryRoot.appendingPathComponent("Strokes")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") && !$0.contains("schema") }
        XCTAssertGreaterThanOrEqual(files.count, 6)
        for file in files {
            let bytes = Array(try Data(contentsOf: dir.appendingPathComponent(file)))
            XCTAssertEqual(InkFormatDetector.detect(bytes), .canonical, file)
            XCTAssertEqual(try InkReader.read(bytes), try StrokeJSONDecoder().decode(bytes), file)
        }
    }

    /// Canonical stroke JSON whose first key is "strokes" (JSONSerialization and other writers
    /// order keys as they like) is canonical, not perfect-freehand's named strokes: a detection
    /// that looked only at the first member's shape took it for those one run in four.
    func testCanonicalJSONStartingWithItsStrokesIsCanonical() throws {
        // Enough points that "format" comes after the detector's first 4 KiB.
        let points = (0..<400).map { #"{"x": \#($0), "y": \#($0 * 2)}"# }.joined(separator: ", ")
        let columns = (0..<800).map(String.init).joined(separator: ", ")
        let documents = [
            #"{"strokes": [{"points": [\#(points)]}], "format": "inkling.drawing", "version": 1}"#,
            #"{"strokes": [{"ink": {"type": "pen"}, "points": [\#(points)]}], "version": 1, "format": "inkling.drawing"}"#,
            #"{"strokes": [{"points": {"x": [\#(columns)], "y": [\#(columns)]}}], "version": 1, "format": "inkling.drawing"}"#,
        ]
        for (i, text) in documents.enumerated() {
            XCTAssertGreaterThan(text.utf8.count, InkFormatDetector.sniffLength)
            let bytes = Array(text.utf8)
            // Not named early, so no format is detected: the reader takes it as canonical.
            XCTAssertNil(InkFormatDetector.detect(bytes), "document \(i)")
            XCTAssertEqual(try? InkReader.read(bytes).strokes.count, 1, "document \(i)")
        }
        // Named strokes themselves are still perfect-freehand's.
        XCTAssertEqual(InkFormatDetector.detect(Array(#"{"corners": [[1, 2, 0.5, 0], [3, 4, 0.5, 16]]}"#.utf8)), .freehand)
    }

    func testEveryInterchangeSampleIsDetectedAsItsFormat() throws {
        let dir = Self.repositoryRoot.appendingPathComponent("Strokes/interchange")
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else {
            throw XCTSkip("no Strokes/interchange samples yet")
        }
        var checked = 0
        for file in files.sorted() where !file.hasPrefix(".") && !file.hasSuffix(".md") {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: dir.appendingPathComponent(file).path, isDirectory: &isDirectory)
            guard !isDirectory.boolValue else { continue }
            guard let expected = Self.expectedFormat(ofSample: file) else {
                XCTFail("\(file): name says no format; start it with a format name (\(InkFormat.allCases.map(\.rawValue)))")
                continue
            }
            // Samples for importers still being written are checked once they are registered.
            guard InkFormatDetector.importer(for: expected) != nil else { continue }
            let bytes = Array(try Data(contentsOf: dir.appendingPathComponent(file)))
            XCTAssertEqual(InkFormatDetector.detect(bytes), expected, file)
            XCTAssertFalse(InkFormatDetector.looksCanonical(bytes), file)
            XCTAssertNoThrow(try InkReader.read(bytes), file)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 0)
    }

    func testHostileCanonicalFilesStillFailAsCanonical() throws {
        let dir = Self.repositoryRoot.appendingPathComponent("Strokes/hostile")
        for file in try FileManager.default.contentsOfDirectory(atPath: dir.path) where file.hasSuffix(".json") {
            let bytes = Array(try Data(contentsOf: dir.appendingPathComponent(file)))
            XCTAssertThrowsError(try InkReader.read(bytes), file) { error in
                let error = error as? InkImportError
                XCTAssertNotNil(error, file)
                XCTAssertFalse(error?.description.contains("\n") ?? true, file)
            }
        }
    }

    func testCanonicalErrorsCarryTheJSONPath() {
        let doc = Array(#"{"format":"inkling.drawing","version":1,"strokes":[{"points":[{"x":1,"y":"two"}]}]}"#.utf8)
        XCTAssertThrowsError(try InkReader.read(doc)) { error in
            let error = error as? InkImportError
            XCTAssertEqual(error?.format, .canonical)
            XCTAssertEqual(error?.location, "strokes[0].points[0].y")
        }
    }

    func testUndetectableInputIsReadAsCanonicalAndTheErrorSaysWhyEachFormatSaidNo() {
        XCTAssertNil(InkFormatDetector.detect(Array("hello".utf8)))
        XCTAssertThrowsError(try InkReader.read(Array("hello".utf8))) { error in
            let error = error as? InkImportError
            XCTAssertEqual(error?.format, .canonical)
            let text = error?.description ?? ""
            XCTAssertFalse(text.contains("\n"))
            XCTAssertTrue(text.contains("invalid JSON"), text)
            for importer in InkFormatDetector.importers {
                XCTAssertTrue(text.contains("\(importer.format.rawValue): \(importer.notRecognised)"), "\(importer.format): \(text)")
            }
        }
        // A document that says it is canonical gets the canonical decoder's error alone.
        XCTAssertThrowsError(try InkReader.read(Array(#"{"format": "inkling.drawing", "version": 1}"#.utf8))) { error in
            XCTAssertFalse("\(error)".contains("no other format"), "\(error)")
        }
    }

    func testPrettyPrintedDocumentsAreDetectedByTheirContent() throws {
        let dir = Self.repositoryRoot.appendingPathComponent("Strokes/interchange")
        // tldraw: the store's first shape is more than 4 KiB in.
        let store = Array(try Data(contentsOf: dir.appendingPathComponent("tldraw-store-pretty.json")))
        let firstShape = try XCTUnwrap(String(decoding: store, as: UTF8.self).range(of: #""typeName": "shape""#))
        XCTAssertGreaterThan(String(decoding: store, as: UTF8.self).utf8.distance(from: String(decoding: store, as: UTF8.self).startIndex, to: firstShape.lowerBound), 4096)
        XCTAssertEqual(InkFormatDetector.detect(store), .tldraw)
        let tldr = Array(try Data(contentsOf: dir.appendingPathComponent("tldraw-base64.tldr")))
        XCTAssertEqual(try InkReader.read(store), try InkReader.read(tldr), "the same two shapes")
        // Quick, Draw!: one drawing object over many lines, read whole, by any selection that names it.
        let pretty = Array(try Data(contentsOf: dir.appendingPathComponent("quickdraw-pretty.json")))
        let ndjson = Array(try Data(contentsOf: dir.appendingPathComponent("quickdraw-raw.ndjson")))
        XCTAssertEqual(InkFormatDetector.detect(pretty), .quickdraw)
        let first = try InkReader.read(ndjson)
        XCTAssertEqual(try InkReader.read(pretty), first)
        XCTAssertEqual(try InkReader.read(pretty, format: .quickdraw, options: InkImportOptions(selection: .keyID("5629384756102938"))), first)
        XCTAssertThrowsError(try InkReader.read(pretty, format: .quickdraw, options: InkImportOptions(selection: .keyID("1")))) { error in
            XCTAssertTrue("\(error)".contains("key_id \"1\""), "\(error)")
        }
        XCTAssertThrowsError(try InkReader.read(pretty, format: .quickdraw, options: InkImportOptions(selection: .line(2)))) { error in
            XCTAssertTrue("\(error)".contains("one drawing over several lines"), "\(error)")
        }
        // Excalidraw written by a tool that sorts keys: "type" comes after every element.
        let scene = try Data(contentsOf: dir.appendingPathComponent("excalidraw-scene.excalidraw"))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: scene) as? [String: Any])
        var padded = object
        padded["appState"] = ["name": String(repeating: "a long scene name ", count: 300)]
        let sorted = Array(try JSONSerialization.data(withJSONObject: padded, options: [.sortedKeys, .prettyPrinted]))
        let typeAt = try XCTUnwrap(String(decoding: sorted, as: UTF8.self).range(of: #""type" : "excalidraw""#))
        XCTAssertGreaterThan(String(decoding: sorted, as: UTF8.self).utf8.distance(from: String(decoding: sorted, as: UTF8.self).startIndex, to: typeAt.lowerBound), 4096)
        XCTAssertEqual(InkFormatDetector.detect(sorted), .excalidraw)
        XCTAssertEqual(try InkReader.read(sorted), try InkReader.read(Array(scene)))
        // A "type" inside an element, not at the top level, is not the scene's.
        XCTAssertNil(InterchangeJSON.topLevelValue(Array(#"{"elements": [{"type": "excalidraw"}]}"#.utf8), key: "type"))
        // A broken pretty-printed drawing still reports its first line's problem.
        XCTAssertThrowsError(try InkReader.read(Array("{\n  \"drawing\": [[[1, 2], [3, 4]]\n".utf8), format: .quickdraw)) { error in
            XCTAssertTrue("\(error)".contains("line 1"), "\(error)")
        }
    }

    func testCanonicalSniffing() {
        XCTAssertTrue(InkFormatDetector.looksCanonical(Array("\u{FEFF}\n { \"format\" : \"inkling.drawing\" }".utf8)))
        XCTAssertFalse(InkFormatDetector.looksCanonical(Array(#"[{"format":"inkling.drawing"}]"#.utf8)))
        XCTAssertFalse(InkFormatDetector.looksCanonical(Array(#"{"type":"excalidraw"}"#.utf8)))
        XCTAssertFalse(InkFormatDetector.looksCanonical([]))
    }

    func testEveryRegisteredImporterHasADistinctFormat() {
        let formats = InkFormatDetector.importers.map { $0.format }
        XCTAssertEqual(Set(formats).count, formats.count)
        XCTAssertFalse(formats.contains(.canonical))
        XCTAssertEqual(InkFormatDetector.supportedFormats.first, .canonical)
    }

    func testEveryFormatHasAnImporter() {
        XCTAssertEqual(Set(InkFormatDetector.supportedFormats), Set(InkFormat.allCases))
        for format in InkFormat.allCases where format != .canonical {
            XCTAssertEqual(InkFormatDetector.importer(for: format)?.format, format)
        }
    }

    func testTheWrongFormatGivesAOneLineErrorNamingIt() throws {
        let house = Array(try Data(contentsOf: Self.repositoryRoot.appendingPathComponent("Strokes/tablet-pen-house.json")))
        for format in InkFormat.allCases where format != .canonical {
            XCTAssertThrowsError(try InkReader.read(house, format: format), format.rawValue) { error in
                let error = error as? InkImportError
                XCTAssertEqual(error?.format, format)
                XCTAssertFalse(error?.description.contains("\n") ?? true)
            }
        }
    }

    func testImportedDrawingsAreHeldToTheLimits() throws {
        let dir = Self.repositoryRoot.appendingPathComponent("Strokes/interchange")
        guard let file = (try? FileManager.default.contentsOfDirectory(atPath: dir.path))?.sorted().first(where: {
            Self.expectedFormat(ofSample: $0).flatMap(InkFormatDetector.importer(for:)) != nil
        }) else { throw XCTSkip("no registered importer has a sample yet") }
        let bytes = Array(try Data(contentsOf: dir.appendingPathComponent(file)))
        var limits = StrokeJSONDecoder.Limits.default
        limits.maxTotalPoints = 1
        XCTAssertThrowsError(try InkReader.read(bytes, limits: limits), file) { error in
            XCTAssertTrue("\(error)".contains("limit"), "\(error)")
        }
    }
}
