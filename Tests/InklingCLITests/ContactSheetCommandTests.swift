import Foundation
import InklingImageIO
import XCTest
@testable import InklingCLI

/// `inkling contact-sheet` tiles images in a grid with gaps.
final class ContactSheetCommandTests: XCTestCase {
    func testTilesImagesIntoAGrid() async throws {
        let dir = try temporaryDirectory()
        var paths: [String] = []
        for (index, value) in [UInt8(0), 128, 255].enumerated() {
            let url = dir.appendingPathComponent("\(index).png")
            try PNGFile.write(PNGDocument(image: RasterImage(width: 40, height: 20, format: .rgb, filledWith: value)), to: url)
            paths.append(url.path)
        }
        let sheet = dir.appendingPathComponent("sheet.png")
        let (status, io) = await inkling(["contact-sheet"] + paths + ["--columns", "2", "--gap", "4", "--background", "#ff0000", "-o", sheet.path])
        XCTAssertEqual(status, 0, io.stderrLines.joined())
        let image = try PNGFile.read(from: sheet).image
        XCTAssertEqual(image.width, 2 * 40 + 3 * 4)
        XCTAssertEqual(image.height, 2 * 20 + 3 * 4)
        XCTAssertEqual(Array(image[0, 0]), [255, 0, 0], "gap")
        XCTAssertEqual(Array(image[4, 4]), [0, 0, 0], "first image")
        XCTAssertEqual(Array(image[48, 4]), [128, 128, 128], "second image")
        XCTAssertEqual(Array(image[4, 28]), [255, 255, 255], "third image, second row")
        XCTAssertEqual(Array(image[48, 28]), [255, 0, 0], "empty cell")
    }

    func testScalesIntoCells() async throws {
        let dir = try temporaryDirectory()
        let big = dir.appendingPathComponent("big.png")
        try PNGFile.write(PNGDocument(image: RasterImage(width: 200, height: 100, format: .rgba, filledWith: 255)), to: big)
        let sheet = dir.appendingPathComponent("sheet.png")
        let (status, _) = await inkling("contact-sheet", big.path, "--cell", "50x50", "--gap", "0", "-o", sheet.path)
        XCTAssertEqual(status, 0)
        let image = try PNGFile.read(from: sheet).image
        XCTAssertEqual([image.width, image.height], [50, 50])
    }

    func testAnOversizedSheetIsRefusedBeforeAnyImageIsRead() async {
        // The inputs do not exist: exit 2 (not 3) shows the size was checked before reading them.
        let inputs = (0..<8).map { "/nonexistent/\($0).png" }
        let (status, io) = await inkling(["contact-sheet"] + inputs + ["--cell", "8192x8192", "--columns", "8", "-o", "/nonexistent/sheet.png"])
        XCTAssertEqual(status, ExitCode.usage.rawValue, io.stderrLines.joined())
        XCTAssertEqual(io.stderrLines, ["inkling contact-sheet: the sheet would be 65680×8224 pixels, over the limit of 16384 on a side and 67108864 in all; use --cell to make cells smaller or change --columns"])
    }

    /// `--labels` adds a strip under each cell with its text, dark on a light background.
    func testLabelsGoUnderEachImage() async throws {
        let dir = try temporaryDirectory()
        var paths: [String] = []
        for index in 0..<2 {
            let url = dir.appendingPathComponent("\(index).png")
            try PNGFile.write(PNGDocument(image: RasterImage(width: 200, height: 100, format: .rgb, filledWith: 255)), to: url)
            paths.append(url.path)
        }
        let sheet = dir.appendingPathComponent("sheet.png")
        let (status, io) = await inkling(["contact-sheet"] + paths + ["--gap", "0", "--labels", "animation; strength 0.5", "-o", sheet.path])
        XCTAssertEqual(status, 0, io.stderrLines.joined())
        let image = try PNGFile.read(from: sheet).image
        let strip = ContactSheetCommand.labelHeight(100)
        XCTAssertEqual([image.width, image.height], [400, 100 + strip])
        // Text: some dark pixels in each cell's strip, none in the images above.
        for cell in 0..<2 {
            var dark = 0, above = 0
            for y in 0..<image.height {
                for x in (cell * 200)..<(cell * 200 + 200) where image[x, y].first! < 128 {
                    if y >= 100 { dark += 1 } else { above += 1 }
                }
            }
            XCTAssertGreaterThan(dark, 20, "label of cell \(cell)")
            XCTAssertEqual(above, 0)
        }
    }

    /// Hostile `--labels`: a count that does not match, an overlong label, control characters.
    func testBadLabelsAreRefusedBeforeAnyImageIsRead() async {
        let count = await inkling("contact-sheet", "/nonexistent/a.png", "/nonexistent/b.png", "--labels", "one", "-o", "/nonexistent/s.png")
        XCTAssertEqual(count.status, ExitCode.usage.rawValue)
        XCTAssertEqual(count.io.stderrLines, ["inkling contact-sheet: --labels has 1 label(s) for 2 image(s): give one per image, separated by ';'"])
        let long = await inkling("contact-sheet", "/nonexistent/a.png", "--labels", String(repeating: "x", count: 65), "-o", "/nonexistent/s.png")
        XCTAssertEqual(long.status, ExitCode.usage.rawValue)
        let control = await inkling("contact-sheet", "/nonexistent/a.png", "--labels", "a\nb", "-o", "/nonexistent/s.png")
        XCTAssertEqual(control.status, ExitCode.usage.rawValue)
        XCTAssertEqual(SheetLabel.parse(" a ;b;", count: 3), .success(["a", "b", ""]))
    }

    func testSheetSizeNeverOverflows() {
        XCTAssertThrowsError(try ContactSheetCommand.sheetSize(images: Int.max, columns: 1, cell: ImageSize(width: 8192, height: 8192), gap: 512))
        XCTAssertEqual(try? ContactSheetCommand.sheetSize(images: 3, columns: 2, cell: ImageSize(width: 40, height: 20), gap: 4).width, 92)
    }

    func testBadArguments() async throws {
        let missing = await inkling("contact-sheet", "/nonexistent.png", "-o", "/tmp/x.png")
        XCTAssertEqual(missing.status, ExitCode.io.rawValue)
        let columns = await inkling("contact-sheet", "a.png", "--columns", "0", "-o", "x.png")
        XCTAssertEqual(columns.status, ExitCode.usage.rawValue)
        let colour = await inkling("contact-sheet", "a.png", "--background", "red", "-o", "x.png")
        XCTAssertEqual(colour.status, ExitCode.usage.rawValue)
        let noOutput = await inkling("contact-sheet", "a.png")
        XCTAssertEqual(noOutput.status, ExitCode.usage.rawValue)
    }
}
