import Foundation
import InklingStrokes
import XCTest

/// Ink types and their JSON names; hex colour parsing and formatting.
final class InkTests: XCTestCase {
    private func assertColor(_ hex: String, _ r: Int, _ g: Int, _ b: Int, _ a: Int, file: StaticString = #filePath, line: UInt = #line) {
        guard let c = RGBAColor(hex: hex) else { return XCTFail("\(hex) did not parse", file: file, line: line) }
        XCTAssertEqual(c.red * 255, Double(r), accuracy: 1e-9, "red of \(hex)", file: file, line: line)
        XCTAssertEqual(c.green * 255, Double(g), accuracy: 1e-9, "green of \(hex)", file: file, line: line)
        XCTAssertEqual(c.blue * 255, Double(b), accuracy: 1e-9, "blue of \(hex)", file: file, line: line)
        XCTAssertEqual(c.alpha * 255, Double(a), accuracy: 1e-9, "alpha of \(hex)", file: file, line: line)
    }

    func testInkTypeRawValuesAreTheJSONNames() {
        XCTAssertEqual(InkType.allCases.map(\.rawValue),
                       ["pen", "pencil", "marker", "monoline", "fountainPen", "watercolor", "crayon", "reed"])
        XCTAssertEqual(InkType(rawValue: "fountainPen"), .fountainPen)
        XCTAssertNil(InkType(rawValue: "fountainpen"), "names are case-sensitive")
        XCTAssertNil(InkType(rawValue: "brush"))
    }

    func testParsesSixDigitColoursAsOpaque() {
        assertColor("#1b1b1f", 0x1b, 0x1b, 0x1f, 255)
        assertColor("#FFFFFF", 255, 255, 255, 255)
        assertColor("#000000", 0, 0, 0, 255)
        assertColor("#a0B1c2", 0xa0, 0xb1, 0xc2, 255)
    }

    func testParsesEightDigitColoursWithAlpha() {
        assertColor("#1b1b1fff", 0x1b, 0x1b, 0x1f, 255)
        assertColor("#fab00599", 0xfa, 0xb0, 0x05, 0x99)
        assertColor("#00000000", 0, 0, 0, 0)
    }

    func testParsesThreeDigitShorthandByDoublingEachDigit() {
        assertColor("#a3c", 0xaa, 0x33, 0xcc, 255)
        assertColor("#FFF", 255, 255, 255, 255)
        assertColor("#000", 0, 0, 0, 255)
    }

    func testRejectsAnythingElse() {
        for bad in ["", "#", "fff", "ffffff", " #ffffff", "#ffffff ", "#ff", "#ffff", "#fffff", "#fffffff",
                    "#fffffffff", "#ggg", "#12345g", "#-12345", "#+12345", "##fffff", "#ééé", "#１２３",
                    "rgb(0,0,0)", "#0x1234"] {
            XCTAssertNil(RGBAColor(hex: bad), "\"\(bad)\" parsed")
        }
    }

    func testHexStringIsLowercaseRRGGBBAA() {
        XCTAssertEqual(RGBAColor.black.hexString, "#000000ff")
        XCTAssertEqual(RGBAColor(red: 1, green: 1, blue: 1, alpha: 0).hexString, "#ffffff00")
        XCTAssertEqual(RGBAColor(red: 0.5, green: 0.25, blue: 1).hexString, "#8040ffff")
        // Out-of-range components are clamped, not wrapped.
        XCTAssertEqual(RGBAColor(red: 2, green: -1, blue: 0.5, alpha: 7).hexString, "#ff0080ff")
    }

    func testHexStringOfNonFiniteComponentsDoesNotTrap() {
        XCTAssertEqual(RGBAColor(red: .nan, green: .infinity, blue: -.infinity, alpha: 1).hexString, "#00ff00ff")
    }

    func testHexRoundTrips() {
        for hex in ["#000000ff", "#ffffffff", "#1b1b1fff", "#fab00599", "#0a0b0c0d", "#e0313100"] {
            XCTAssertEqual(RGBAColor(hex: hex)?.hexString, hex)
        }
        XCTAssertEqual(RGBAColor(hex: "#A3C")?.hexString, "#aa33ccff")
        XCTAssertEqual(RGBAColor(hex: "#1B1B1F")?.hexString, "#1b1b1fff")
        // Every byte value survives the trip.
        for v in 0...255 {
            let hex = "#" + [v, 255 - v, v / 2, v].map { String(format: "%02x", $0) }.joined()
            XCTAssertEqual(RGBAColor(hex: hex)?.hexString, hex)
        }
    }

    func testInkDefaultsToBlackAndIsCodable() throws {
        let ink = Ink(.marker)
        XCTAssertEqual(ink.type, .marker)
        XCTAssertEqual(ink.color, RGBAColor(red: 0, green: 0, blue: 0, alpha: 1))
        let tinted = Ink(.watercolor, color: RGBAColor(hex: "#1c7ed680")!)
        XCTAssertEqual(try JSONDecoder().decode(Ink.self, from: JSONEncoder().encode(tinted)), tinted)
    }
}
