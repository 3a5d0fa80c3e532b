import Foundation
import XCTest
@testable import InklingStrokes

/// Helpers shared by the stroke JSON tests.
enum JSONTestSupport {
    /// The repository root, found by walking up from this file to `Package.swift`.
    static let repoRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// The UTF-8 bytes of `text`.
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// A minimal document around `strokes` (raw JSON text of the array's contents).
    static func document(strokes: String, extra: String = "") -> [UInt8] {
        bytes(#"{"format":"inkling.drawing","version":1,\#(extra)"strokes":[\#(strokes)]}"#)
    }

    /// A document with one stroke whose `points` value is `points`.
    static func document(points: String, stroke extra: String = "") -> [UInt8] {
        document(strokes: #"{\#(extra)"points":\#(points)}"#)
    }

    /// Decodes `bytes` expecting failure; returns the error.
    static func failure(
        _ bytes: [UInt8], limits: StrokeJSONDecoder.Limits = .default,
        file: StaticString = #filePath, line: UInt = #line
    ) -> StrokeJSONError? {
        do {
            let drawing = try StrokeJSONDecoder(limits: limits).decode(bytes)
            XCTFail("expected an error, decoded \(drawing.strokes.count) strokes", file: file, line: line)
            return nil
        } catch {
            XCTAssertFalse(error.description.contains(where: \.isNewline), "multi-line: \(error)", file: file, line: line)
            return error
        }
    }

    /// Asserts that decoding fails with `kind` at `path`.
    static func assertFails(
        _ bytes: [UInt8], _ kind: StrokeJSONError.Kind, at path: String, limits: StrokeJSONDecoder.Limits = .default,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let error = failure(bytes, limits: limits, file: file, line: line) else { return }
        XCTAssertEqual(error.kind, kind, "\(error)", file: file, line: line)
        XCTAssertEqual(error.path, path, "\(error)", file: file, line: line)
    }
}
