import Foundation
import InklingImageIO
import InklingOutputs
import XCTest

/// Replays the inputs that crashed the recipe fuzz target (`Fuzz/regressions/recipe/`) through
/// the same path (a PNG is decoded and read with `Recipe(document:)`, anything else is recipe
/// JSON), asserting that each fails cleanly with a one-line error or reads a recipe whose JSON
/// reads back equal.
///
/// The PNG inputs ran out of memory under the fuzzer (libpng allocating a text chunk's declared
/// length before reading it). Such an allocation leaves the pages untouched, so this test sees
/// only the outcome; the memory bound is checked by `make fuzz`'s -rss_limit_mb.
final class FuzzRegressionTests: XCTestCase {
    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The files in `Fuzz/regressions/recipe/`.
    private func regressions() throws -> [URL] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = root.appendingPathComponent("Fuzz/regressions/recipe")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
        XCTAssertFalse(files.isEmpty, "Fuzz/regressions/recipe/ holds no input")
        return files
    }

    private func assertOneLine(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(text.isEmpty, "\(what): empty message", file: file, line: line)
        XCTAssertFalse(text.contains(where: \.isNewline), "\(what): multi-line message \(text.debugDescription)", file: file, line: line)
    }

    /// fuzz-recipe: every input fails in one line or reads a recipe that survives its own JSON.
    func testRecipeRegressionsFailCleanly() throws {
        for url in try regressions() {
            let bytes = try [UInt8](Data(contentsOf: url))
            let name = url.lastPathComponent
            let recipe: Recipe
            do {
                if bytes.starts(with: Self.pngSignature) {
                    let document: PNGDocument
                    do {
                        document = try PNGCodec.decode(bytes, maxPixels: 1 << 20)
                    } catch {
                        assertOneLine(error.description, "\(name): PNG error")
                        continue
                    }
                    recipe = try Recipe(document: document)
                } else {
                    recipe = try Recipe(json: String(decoding: bytes, as: UTF8.self))
                }
            } catch {
                assertOneLine(error.description, "\(name): recipe error")
                continue
            }
            XCTAssertEqual(try Recipe(json: recipe.jsonText(), sourceImage: recipe.source?.image), recipe, name)
        }
    }
}
