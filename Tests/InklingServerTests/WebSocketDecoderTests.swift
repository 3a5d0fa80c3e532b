import InklingTransport
import XCTest

/// The server's reading of client frames (``WebSocketDecoder`` with masking required), byte by
/// byte where it matters, and the bounds it keeps before any work.
final class WebSocketDecoderTests: XCTestCase {
    private func decoder(maxMessage: Int = 1024, maxFrames: Int = 4) -> WebSocketDecoder {
        WebSocketDecoder(maxMessageBytes: maxMessage, maxFramesPerMessage: maxFrames, expectsMasked: true)
    }

    private func masked(_ opcode: WebSocketFrame.Opcode, _ payload: [UInt8], fin: Bool = true) -> [UInt8] {
        WebSocketFrame(fin: fin, opcode: opcode, payload: payload).encoded(masked: true)
    }

    /// Every event of `bytes`, fed one byte at a time, and the violation that ended them.
    private func events(_ bytes: [UInt8], _ decoder: WebSocketDecoder) -> ([WebSocketDecoder.Event], WebSocketViolation?) {
        var decoder = decoder
        var events: [WebSocketDecoder.Event] = []
        for byte in bytes {
            decoder.append([byte])
            do {
                while let event = try decoder.next() { events.append(event) }
            } catch {
                return (events, error)
            }
        }
        return (events, nil)
    }

    func testMessagesPingsAndCloseByteByByte() {
        let bytes = masked(.text, Array("hé".utf8), fin: false) + masked(.ping, [9]) + masked(.continuation, Array("llo".utf8))
            + masked(.binary, []) + masked(.pong, []) + masked(.close, [0x03, 0xE8] + Array("ok".utf8))
        let (events, failure) = events(bytes, decoder())
        XCTAssertNil(failure)
        XCTAssertEqual(events, [.ping([9]), .message(.text("héllo")), .message(.binary([])), .pong([]), .close(code: 1000, reason: "ok")])
    }

    func testAnEmptyCloseHasNoCode() {
        XCTAssertEqual(events(masked(.close, []), decoder()).0, [.close(code: nil, reason: "")])
    }

    func testATooLargeFrameIsRefusedFromItsHeadAlone() {
        var decoder = decoder(maxMessage: 1000)
        // The 64-bit length of a 2^40-byte frame, and no payload at all.
        decoder.append([0x82, 0xFF, 0, 0, 1, 0, 0, 0, 0, 0])
        XCTAssertThrowsError(try decoder.next()) { XCTAssertEqual(($0 as? WebSocketViolation)?.closeCode, 1009) }
        XCTAssertLessThan(decoder.bufferedBytes, 64, "nothing was buffered for the payload")
        // And every call after it says the same.
        XCTAssertThrowsError(try decoder.next()) { XCTAssertEqual(($0 as? WebSocketViolation)?.closeCode, 1009) }
    }

    func testTheMessageLimitCountsEveryFragment() {
        let bytes = masked(.binary, [UInt8](repeating: 1, count: 600), fin: false) + masked(.continuation, [UInt8](repeating: 2, count: 600))
        XCTAssertEqual(events(bytes, decoder(maxMessage: 1000)).1?.closeCode, 1009)
        XCTAssertNil(events(bytes, decoder(maxMessage: 1200)).1)
    }

    func testFramesPerMessageAreBounded() {
        var bytes = masked(.text, [0x61], fin: false)
        for _ in 0..<3 { bytes += masked(.continuation, [0x61], fin: false) }
        XCTAssertNil(events(bytes + masked(.continuation, []), decoder(maxFrames: 5)).1)
        XCTAssertEqual(events(bytes + masked(.continuation, []), decoder(maxFrames: 4)).1?.closeCode, 1008)
    }

    func testProtocolErrors() {
        let cases: [(String, [UInt8])] = [
            ("unmasked", WebSocketFrame(opcode: .text, payload: [0x61]).encoded(masked: false)),
            ("RSV1", [0xC1, 0x80, 0, 0, 0, 0]),
            ("opcode 0xB", [0x8B, 0x80, 0, 0, 0, 0]),
            ("a fragmented close", masked(.close, [], fin: false)),
            ("a 126-byte pong", masked(.pong, [UInt8](repeating: 0, count: 126))),
            ("a continuation first", masked(.continuation, [1])),
            ("text inside binary", masked(.binary, [1], fin: false) + masked(.text, [0x61])),
            ("a one-byte close", masked(.close, [3])),
            ("close code 999", masked(.close, [0x03, 0xE7])),
            ("close code 1006", masked(.close, [0x03, 0xEE])),
            ("close code 5000", masked(.close, [0x13, 0x88])),
            ("a length with the top bit", [0x82, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        ]
        for (name, bytes) in cases {
            XCTAssertEqual(events(bytes, decoder()).1?.closeCode, 1002, name)
        }
    }

    func testInvalidUTF8Text() {
        for bytes: [UInt8] in [[0xC0, 0x80], [0xED, 0xBF, 0xBF], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82]] {
            XCTAssertEqual(events(masked(.text, bytes), decoder()).1?.closeCode, 1007, "\(bytes)")
        }
        XCTAssertNil(events(masked(.binary, [0xC0, 0x80]), decoder()).1, "binary is not text")
    }

    func testAClientDecoderRefusesMaskedFramesAndTheClientParserKeepsItsRules() throws {
        var client = WebSocketDecoder(maxMessageBytes: 100, maxFramesPerMessage: 4, expectsMasked: false)
        client.append(masked(.text, [0x61]))
        XCTAssertThrowsError(try client.next()) { XCTAssertEqual(($0 as? WebSocketViolation)?.closeCode, 1002) }
        var reserved: [UInt8] = [0xC1, 0x00]
        XCTAssertThrowsError(try WebSocketFrame.parse(&reserved)) { XCTAssertTrue("\($0)".contains("reserved bits"), "\($0)") }
    }
}
