@testable import InklingInterchange
import XCTest

/// LZ-String's decompressFromBase64 against vectors made by LZ-String itself (lz-string.js,
/// `compressToBase64`, pieroxy/lz-string), and against hostile input.
final class LZStringTests: XCTestCase {
    private func decompress(_ text: String, maxUnits: Int = 1 << 20) throws -> String {
        try LZString.decompressFromBase64(Array(text.utf8), maxUnits: maxUnits)
    }

    func testVectorsFromLZString() throws {
        let vectors: [(String, String)] = [
            ("", "Q==="),
            ("a", "IZA="),
            ("hello hello hello", "BYUwNmD2AEoTcpA="),
            (#"{"type":"excalidraw","version":2}"#, "N4IgLgngDgpiBcIYA8DGBDANgSwCYCd0B3EAGhADcZ8BnbAewDsEAmAXyA=="),
            ("ﬁ emoji 😀 ünïcödé", "oDfAIKYLYPYFYJYkLwbgAPZAH4HYHuDGA3gEwEug"),
            ("abababababababababababababababab", "IYI17SOrdI=="),
        ]
        for (plain, compressed) in vectors {
            XCTAssertEqual(try decompress(compressed), plain, compressed)
        }
        // 4,741 characters of repetitive JSON (the dictionary grows past 512 entries, codes to 10 bits and more).
        var big = ""
        for i in 0..<300 { big += "{\"x\":\(i * 7 % 101),\"y\":\(i * 13 % 97)}," }
        let compressed = "N4IgHiBcAMA0IE8rQL61BSB2eTIEYBmNDKfAFlygCYA2E8G/KyQgTgc2oA4WBWapyiE+LWnyGRy1Flm6TybFm3yS+tWZNqEW1VOkbY4iYcQOYsOE1Prmo3Stb4c7kFbMGu2va9wmvHPFVXfGZrCkl8HzxqLElqUWtyfVJWGSczVPYxW1TyDWssF1S+HWs2T1TaYzx5V1orGODUrEDhckluMLxyONduaKhqyTZEvCxMw277XMNByEqpsbJ/VOp0mLq1pSTmw0ICvD4OgLK8BrUa+xTDPkaoNknMWja3SSxphcWLeZFO5akW0MFTEe0wbB24xOJRY3D6qXwG2EkUhZFmXEONGK+zOUGkCiukD4q0MvTEQMwx1hYKGnzY0MMtHm+BuFgB1Ce9iRrHR9lRUmx4MxkFo3xoshJ4NhFLRLAZXFxBHh+0JhFZwnuUk5Ule6jUn1ogqgfHm3DFIoBo3e3NC7351HlMxYhGV4MVfHVBGghO0WlkvIIiu4RoWhMlNE1UUkhFehBpUk+5EdgP4ruNAKwntFsO1huUAawwsRnUVCRGqplbk1fHjipekUJlkimrYnodYmjn3wIcIv3N5ABA7U3JNan5Hy0woc70Vnu4hKInU1dBGsZDYfNmvEkVecnidPjPE0rhEuk90md2sUcoD6n4Ie0HnehL870jnVeES8n1iI3myQUfhtVCHJInmIp4ktc1CG5Stsmsah43yZ1k1KOU0xFH0s01CZ3lebgAy6XROmZcM3HZStE3jeZjkiAELlcdZYTbflHmjYUQ3IUtzQ9Z0yLuOVKxeUF3k+Vp3lNDC/GdEYbQDCFdBDQdzURfgyO7cl4inWtFXpAkWBZBRl21KlrAOLREwfeZRXeDMyLNaVOn5ZM2CLDDuTVEY5WA4U9UYusexfaCWzIpMDPjGtdFQ34MPEfhPSwblfVcIp/U6KcQ0efgGwXITnXjIg5WTPRU3iHDPRjHMFDpANyGZHj2TI7MzKE/ka3eYV636RUmy8QlWxGLdowMkMWWdFTNSHRjdTgsTa1NZMBxYT0BAMkz7QDWhhXYGd+HNecxHsnDK3pZR40bd4zx3S99xveIaJ7DN+1g0L+Qiotk0fBCMMzOUEurbUHFA79ZEy+YKkA3xIh/ArfmKwcMJgsQKvHK8p1vUstAXJrl0rVo5Woz5aP6ayMNGZjImUQHlDo3RzSYsyyOoZy4M6pCetQl8MIEsytE/AsfxDOQ5X2gFiVkzSvH5Lo1GUZNVPCT0NIQ7U6GdANCEVRR9OsGyAhw/j8KExMtGZH6AU8/puS4pz+HkzqQ1g81WPUotD1LZM1WdRHq3PV5kpKMTb1NB8xetAy8f5ON0qKkZ3QwllGyzKqQl0gMSvCenlzIyqWuq/gkOs1CM1i7kBvqfkCyLENuEVGDyzlMi2GrODZAKl95c1NtP21ONdA135OLFnikv48chI4+MJmPIA"
        XCTAssertEqual(try decompress(compressed), big)
        // Wrapped over lines and blank lines, as the Obsidian plugin writes the block.
        var wrapped = ""
        for (i, c) in compressed.enumerated() { wrapped.append(c); if i % 256 == 255 { wrapped += "\n\n" } }
        XCTAssertEqual(try decompress(wrapped), big)
    }

    func testHostileInputIsRefusedInOneLineWithinItsBudget() {
        func refused(_ text: String, _ expected: String, maxUnits: Int = 1 << 20, line: UInt = #line) {
            XCTAssertThrowsError(try decompress(text, maxUnits: maxUnits), line: line) { error in
                let message = (error as? LZString.Failure)?.message ?? "\(error)"
                XCTAssertTrue(message.contains(expected), message, line: line)
                XCTAssertFalse(message.contains("\n"), line: line)
            }
        }
        refused("", "no compressed data")
        refused("N4Ig*LgngDg", "not a base64 character")
        refused("N4IgLgngDgpiBcIYA8DGBDANg", "ends before its end marker")
        refused("/////////////", "does not start with a character")
        // A run that doubles: 4,741 characters do not fit in 1,000.
        var big = ""
        for i in 0..<300 { big += "{\"x\":\(i * 7 % 101),\"y\":\(i * 13 % 97)}," }
        refused("N4IgHiBcAMA0IE8rQL61BSB2eTIEYBmNDKfAFlygCYA2E8G/KyQgTgc2oA4WBWapyiE+LWnyGRy1Flm6TybFm3yS+tWZNqEW1VOkbY4iYcQOYsOE1Prmo3Stb4c7kFbMGu2va9wmvHPFVXfGZrCkl8HzxqLElqUWtyfVJWGSczVPYxW1TyDWssF1S+HWs2T1TaYzx5V1orGODUrEDhckluMLxyONduaKhqyTZEvCxMw277XMNByEqpsbJ/VOp0mLq1pSTmw0ICvD4OgLK8BrUa+xTDPkaoNknMWja3SSxphcWLeZFO5akW0MFTEe0wbB24xOJRY3D6qXwG2EkUhZFmXEONGK+zOUGkCiukD4q0MvTEQMwx1hYKGnzY0MMtHm+BuFgB1Ce9iRrHR9lRUmx4MxkFo3xoshJ4NhFLRLAZXFxBHh+0JhFZwnuUk5Ule6jUn1ogqgfHm3DFIoBo3e3NC7351HlMxYhGV4MVfHVBGghO0WlkvIIiu4RoWhMlNE1UUkhFehBpUk+5EdgP4ruNAKwntFsO1huUAawwsRnUVCRGqplbk1fHjipekUJlkimrYnodYmjn3wIcIv3N5ABA7U3JNan5Hy0woc70Vnu4hKInU1dBGsZDYfNmvEkVecnidPjPE0rhEuk90md2sUcoD6n4Ie0HnehL870jnVeES8n1iI3myQUfhtVCHJInmIp4ktc1CG5Stsmsah43yZ1k1KOU0xFH0s01CZ3lebgAy6XROmZcM3HZStE3jeZjkiAELlcdZYTbflHmjYUQ3IUtzQ9Z0yLuOVKxeUF3k+Vp3lNDC/GdEYbQDCFdBDQdzURfgyO7cl4inWtFXpAkWBZBRl21KlrAOLREwfeZRXeDMyLNaVOn5ZM2CLDDuTVEY5WA4U9UYusexfaCWzIpMDPjGtdFQ34MPEfhPSwblfVcIp/U6KcQ0efgGwXITnXjIg5WTPRU3iHDPRjHMFDpANyGZHj2TI7MzKE/ka3eYV636RUmy8QlWxGLdowMkMWWdFTNSHRjdTgsTa1NZMBxYT0BAMkz7QDWhhXYGd+HNecxHsnDK3pZR40bd4zx3S99xveIaJ7DN+1g0L+Qiotk0fBCMMzOUEurbUHFA79ZEy+YKkA3xIh/ArfmKwcMJgsQKvHK8p1vUstAXJrl0rVo5Woz5aP6ayMNGZjImUQHlDo3RzSYsyyOoZy4M6pCetQl8MIEsytE/AsfxDOQ5X2gFiVkzSvH5Lo1GUZNVPCT0NIQ7U6GdANCEVRR9OsGyAhw/j8KExMtGZH6AU8/puS4pz+HkzqQ1g81WPUotD1LZM1WdRHq3PV5kpKMTb1NB8xetAy8f5ON0qKkZ3QwllGyzKqQl0gMSvCenlzIyqWuq/gkOs1CM1i7kBvqfkCyLENuEVGDyzlMi2GrODZAKl95c1NtP21ONdA135OLFnikv48chI4+MJmPIA", "more than 1000 characters", maxUnits: 1000)
        // Random damage: never a crash, never more than the budget.
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        for _ in 0..<3000 {
            let bytes = (0..<Int.random(in: 1...200, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            if let text = try? LZString.decompressFromBase64(bytes, maxUnits: 5000) { XCTAssertLessThanOrEqual(text.utf16.count, 5000) }
        }
    }
}
