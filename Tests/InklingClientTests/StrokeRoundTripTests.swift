import Foundation
import InklingClient
import InklingInterchange
import InklingStrokes
import XCTest

/// Every drawing in `Strokes/` through the client and back through the server's json-c decoder:
/// the same drawing bit for bit, and the same bytes the server's canonical writer writes.
final class StrokeRoundTripTests: XCTestCase {
    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        return url
    }()

    /// Every file under `Strokes/` but the generator scripts and the non-drawing samples.
    private func drawingFiles() throws -> [URL] {
        let root = Self.repositoryRoot.appendingPathComponent("Strokes")
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])!
        var files: [URL] = []
        for case let url as URL in walker {
            let relative = url.path.dropFirst(root.path.count + 1)
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true,
                  !relative.hasPrefix("tools/"), !relative.hasPrefix("samples/"), relative != "README.md" else { continue }
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }

    func testEveryDrawingInStrokesRoundTripsBitForBitThroughTheClient() throws {
        var roundTripped = 0, refused: [String] = [], colourRounded: [String] = [], points = 0
        for file in try drawingFiles() {
            let name = file.path.dropFirst(Self.repositoryRoot.path.count + 1)
            let bytes = try Data(contentsOf: file)
            let original: Drawing
            do { original = try InkReader.read(Array(bytes)) } catch {
                // Only the hostile documents may be refused: they are meant to be.
                XCTAssertTrue(name.hasPrefix("Strokes/hostile/"), "\(name): \(error)")
                refused.append(String(name))
                continue
            }
            let client = ServerDrawingConversion.client(original)
            // What stroke JSON can carry of it: the same, but for colours an importer made that
            // are not multiples of 1/255 (`#RRGGBBAA` rounds them, the server's writer too).
            let carried = try StrokeJSONDecoder().decode(StrokeJSONEncoder().encode(original))
            if carried != original {
                XCTAssertTrue(name.hasPrefix("Strokes/interchange/"), "\(name): the canonical writer changed a canonical drawing")
                XCTAssertEqual(carried.strokes.map(\.path), original.strokes.map(\.path), "\(name): only colours may differ")
                colourRounded.append(String(name))
            }
            for layout in InkPointLayout.allCases {
                let json = client.jsonData(layout: layout)
                // The server's canonical writer writes the very same bytes.
                let canonical = StrokeJSONEncoder(layout: layout == .objects ? .objects : .columnar).encode(original)
                XCTAssertTrue(json == Data(canonical), "\(name) \(layout): the client's text differs from the canonical writer's")
                // json-c reads back the same drawing, bit for bit in every channel.
                let back = try StrokeJSONDecoder().decode(json)
                XCTAssertEqual(ServerDrawingConversion.fingerprint(back), ServerDrawingConversion.fingerprint(carried), "\(name) \(layout)")
                // And the client reads its own text back to the same model (same text again).
                let reread = try InkDrawing(jsonData: json)
                XCTAssertEqual(reread, client, "\(name) \(layout)")
                XCTAssertEqual(reread.jsonData(layout: layout), json, "\(name) \(layout)")
            }
            roundTripped += 1
            points += original.pointCount
        }
        print("client round trip: \(roundTripped) drawings (\(points) points) bit for bit in both layouts; \(refused.count) hostile documents refused by the server's reader; colours rounded to 8 bits by the format in \(colourRounded)")
        XCTAssertGreaterThanOrEqual(roundTripped, 30)
    }

    /// The client reads each canonical document of `Strokes/` itself (either layout, the
    /// drawing's own shape kept at the top) to what the server reads.
    func testTheClientReadsEveryCanonicalDocumentAsTheServerDoes() throws {
        var read = 0
        for file in try drawingFiles() where file.pathExtension == "json" && !file.path.contains("/hostile/") {
            let bytes = try Data(contentsOf: file)
            guard InkFormatDetector.detect(Array(bytes)) == nil || InkFormatDetector.detect(Array(bytes)) == .canonical,
                  let server = try? StrokeJSONDecoder().decode(bytes) else { continue }
            let client = try InkDrawing(jsonData: bytes)
            let back = try StrokeJSONDecoder().decode(client.jsonData(layout: .columnar))
            XCTAssertEqual(ServerDrawingConversion.fingerprint(back), ServerDrawingConversion.fingerprint(server), file.lastPathComponent)
            read += 1
        }
        XCTAssertGreaterThanOrEqual(read, 9)
    }
}
