import Foundation
import InklingImageIO
import XCTest
@testable import InklingOutputs

/// Emoji sets: one PNG per size with the recipe, and a sidecar with a stable identifier.
final class EmojiImageSetTests: XCTestCase {
    private func images() -> [RasterImage] {
        EmojiImageSet.standardSizes.reversed().map { RecipeFixtures.gradient(width: $0, height: $0, format: .rgba) }
    }

    func testWritesEveryFileAndTheSidecar() throws {
        var recipe = try RecipeFixtures.recipe()
        recipe.style = .emoji
        let set = try EmojiImageSet(images: images(), recipe: recipe)
        XCTAssertEqual(set.sizes, [40, 64, 96, 160, 320])
        let folder = try RecipeFixtures.temporaryDirectory().appendingPathComponent("emoji")
        let written = try set.write(to: folder)
        XCTAssertEqual(written.map(\.lastPathComponent),
                       ["emoji-40.png", "emoji-64.png", "emoji-96.png", "emoji-160.png", "emoji-320.png", "emoji.json"])
        for size in set.sizes {
            let document = try PNGFile.read(from: folder.appendingPathComponent("emoji-\(size).png"))
            XCTAssertEqual(document.image.width, size)
            XCTAssertEqual(try Recipe(document: document), recipe)
        }
        let sidecar = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("emoji.json"))) as? [String: Any]
        XCTAssertEqual(sidecar?["contentIdentifier"] as? String, set.contentIdentifier)
        XCTAssertEqual(sidecar?["description"] as? String, "cosy house, 桜")
        XCTAssertEqual(sidecar?["sizes"] as? [Int], [40, 64, 96, 160, 320])
        XCTAssertTrue(set.contentIdentifier.hasPrefix("inkling.emoji."))
        XCTAssertEqual(try EmojiImageSet(images: images(), recipe: recipe).contentIdentifier, set.contentIdentifier, "stable")

        XCTAssertThrowsError(try set.write(to: folder)) { XCTAssertEqual($0 as? OutputError, .destinationExists(folder.appendingPathComponent("emoji-40.png").path)) }
        XCTAssertNoThrow(try set.write(to: folder, replacing: true))
    }

    func testRejectsBadSets() throws {
        let recipe = try RecipeFixtures.recipe()
        XCTAssertThrowsError(try EmojiImageSet(images: [], recipe: recipe))
        XCTAssertThrowsError(try EmojiImageSet(images: [RecipeFixtures.gradient(width: 40, height: 30)], recipe: recipe))
        let square = RecipeFixtures.gradient(width: 40, height: 40)
        XCTAssertThrowsError(try EmojiImageSet(images: [square, square], recipe: recipe))
    }
}
