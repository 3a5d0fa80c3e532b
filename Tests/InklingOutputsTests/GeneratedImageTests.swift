import Foundation
import InklingImageIO
import XCTest
@testable import InklingOutputs

/// Results are written to a session directory and moved out atomically.
final class GeneratedImageTests: XCTestCase {
    func testWriteAndMove() throws {
        let parent = try RecipeFixtures.temporaryDirectory()
        let session = OutputSession(parent: parent)
        let recipe = try RecipeFixtures.recipe()
        let result = try session.write(RecipeFixtures.gradient(width: 64, height: 48), recipe: recipe, name: "a.png")
        XCTAssertEqual(result.url.deletingLastPathComponent().path, session.directory.path)
        XCTAssertEqual(try Recipe.read(from: result.url), recipe)

        let destination = parent.appendingPathComponent("kept.png")
        let bytes = try result.pngBytes()
        XCTAssertEqual(try result.move(to: destination), destination)
        XCTAssertEqual(FileManager.default.contents(atPath: destination.path).map { [UInt8]($0) }, bytes)
        XCTAssertFalse(FileManager.default.fileExists(atPath: result.url.path))
        XCTAssertThrowsError(try result.move(to: destination)) { XCTAssertEqual($0 as? OutputError, .temporaryFileGone(result.url.path)) }
    }

    func testMoveRefusesToOverwriteUnlessReplacing() throws {
        let parent = try RecipeFixtures.temporaryDirectory()
        let session = OutputSession(parent: parent)
        let result = try session.write(RecipeFixtures.gradient(), recipe: try RecipeFixtures.recipe(), name: "b.png")
        let destination = parent.appendingPathComponent("taken.png")
        try Data("old".utf8).write(to: destination)
        XCTAssertThrowsError(try result.move(to: destination)) { error in
            XCTAssertEqual(error as? OutputError, .destinationExists(destination.path))
            XCTAssertTrue("\(error)".contains("replacing: true"))
        }
        XCTAssertEqual(try String(contentsOf: destination, encoding: .utf8), "old", "left untouched")
        try result.move(to: destination, replacing: true)
        XCTAssertNotNil(try? PNGFile.read(from: destination))
    }

    func testRemoveAndRemoveAll() throws {
        let parent = try RecipeFixtures.temporaryDirectory()
        let session = OutputSession(parent: parent)
        let a = try session.write(RecipeFixtures.gradient(), recipe: try RecipeFixtures.recipe(), name: "a.png")
        let b = try session.write(RecipeFixtures.gradient(), recipe: try RecipeFixtures.recipe(), name: "b.png")
        session.remove([a.url])
        XCTAssertFalse(FileManager.default.fileExists(atPath: a.url.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: b.url.path))
        session.remove([parent.appendingPathComponent("not-in-session.png")])
        session.removeAll()
        XCTAssertFalse(FileManager.default.fileExists(atPath: session.directory.path))
    }
}
