import Foundation
import InklingImageIO
import XCTest
@testable import InklingOutputs

/// Recipes written by earlier versions (their own writer: numbers like `1.0`, `0.0`) still read,
/// the reader is strict about keys, and the seed reads as a string or as an exact number.
final class RecipeCompatibilityTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// PNGs written by the first recipe writer — `OldRecipes/` (two regression references as they
    /// were before the built-in engine's prompt reading re-painted them) and the regression
    /// references not re-recorded since — read, and every regression reference round-trips.
    func testRegressionReferencesRead() throws {
        let cases = Self.root.appendingPathComponent("Tests/Regression/cases")
        let old = Self.root.appendingPathComponent("Tests/InklingOutputsTests/OldRecipes")
        var files: [(name: String, url: URL)] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: old.path).sorted() where file.hasSuffix(".png") {
            files.append(("OldRecipes/\(file)", old.appendingPathComponent(file)))
        }
        for folder in try FileManager.default.contentsOfDirectory(atPath: cases.path).sorted() where !folder.hasPrefix(".") {
            let dir = cases.appendingPathComponent(folder)
            for file in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where file.hasSuffix(".png") {
                files.append(("\(folder)/\(file)", dir.appendingPathComponent(file)))
            }
        }
        var oldRecipes = 0
        for (name, url) in files {
            let chunks = try PNGFile.readText(from: url)
            let text = try XCTUnwrap(chunks.first { $0.keyword == Recipe.recipeKeyword }?.text, name)
            let isOld = text.contains(#""start":0.0"#) || text.contains(#""weight":1.0"#)
            if name.hasPrefix("OldRecipes/") { XCTAssertTrue(isOld, "\(name) no longer holds an old recipe") }
            if isOld { oldRecipes += 1 }
            let recipe = try Recipe.read(from: url)
            XCTAssertNotNil(try recipe.drawing?.drawing(), name)
            XCTAssertEqual(try Recipe(json: recipe.jsonText(), sourceImage: recipe.source?.image), recipe, name)
        }
        XCTAssertGreaterThan(files.count, 7)
        XCTAssertGreaterThanOrEqual(oldRecipes, 4, "old-writer recipes read")
    }

    func testOldNumbersAndNewNumbersReadTheSame() throws {
        let recipe = try RecipeFixtures.recipe(source: false)
        var old = recipe
        old.guidance.start = 0
        old.phrases[0].weight = 1
        let json = old.jsonText()
        XCTAssertTrue(json.contains(#""start":0,"#) && json.contains(#""weight":1}"#), json)
        let written = json.replacingOccurrences(of: #""start":0,"#, with: #""start":0.0,"#)
            .replacingOccurrences(of: #""weight":1}"#, with: #""weight":1.0}"#)
        XCTAssertEqual(try Recipe(json: written), old)
    }

    func testSeedReadsAsStringOrExactNumber() throws {
        let recipe = try RecipeFixtures.recipe(source: false)
        let json = recipe.jsonText()
        XCTAssertTrue(json.contains(#""seed":"18446744073709551612""#), json)
        XCTAssertEqual(try Recipe(json: json.replacingOccurrences(of: #""seed":"18446744073709551612""#, with: #""seed":123"#)).seed, 123)
        for bad in [#""seed":"1e3""#, #""seed":"""#, #""seed":" 7""#, #""seed":1.5"#, #""seed":-1"#, #""seed":true"#] {
            XCTAssertThrowsError(try Recipe(json: json.replacingOccurrences(of: #""seed":"18446744073709551612""#, with: bad)), bad) { error in
                guard case .invalidField("seed", let reason) = error as? RecipeError else { return XCTFail("\(bad) → \(error)") }
                XCTAssertTrue(reason.hasPrefix("expected a whole number within 0…18446744073709551615"), reason)
            }
        }
    }

    func testUnknownKeysAreRefusedWithAHint() throws {
        let json = try RecipeFixtures.recipe(source: false).jsonText()
        let misspelt = json.replacingOccurrences(of: #""personalization":"#, with: #""personalisation":"#)
        XCTAssertThrowsError(try Recipe(json: misspelt)) { error in
            guard case .invalidField("personalisation", let reason) = error as? RecipeError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains(#"did you mean "personalization"?"#), reason)
        }
        // A newer recipe is refused for its version before its keys are looked at.
        let newer = String(json.replacingOccurrences(of: #""version":1"#, with: #""version":2"#).dropLast()) + #","future":{}}"#
        XCTAssertEqual(Result { try Recipe(json: newer) }.failureError as? RecipeError, .unsupportedVersion(2))
    }

    func testDocumentProblemsAreOneLine() {
        let cases: [(String, String)] = [
            ("", "expected a JSON document, got empty input"),
            (String(repeating: "[", count: 100) + String(repeating: "]", count: 100), "levels of nesting"),
            (#"{"format":"inkling.recipe","version":"1"}"#, "the recipe's version field is invalid: expected a whole number"),
            ("\u{FEFF}{}", "byte order mark"),
        ]
        for (json, fragment) in cases {
            XCTAssertThrowsError(try Recipe(json: json), json) { error in
                let text = String(describing: error)
                XCTAssertTrue(text.contains(fragment), "\(json.prefix(40)) → \(text)")
                XCTAssertFalse(text.contains("\n"), text)
            }
        }
    }
}
