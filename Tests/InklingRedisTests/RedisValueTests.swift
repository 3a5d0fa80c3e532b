import InklingRedis
import XCTest

/// RedisArgument's encodings and RedisReply's accessors, without a server.
final class RedisValueTests: XCTestCase {
    private func text(_ argument: RedisArgument) -> String { String(decoding: argument.bytes, as: UTF8.self) }

    func testArgumentsAreBytesIntegersAndShortestDoubles() {
        XCTAssertEqual(RedisArgument([0, 255, 10]).bytes, [0, 255, 10])
        XCTAssertEqual(text("GET"), "GET")
        XCTAssertEqual(text(42), "42")
        XCTAssertEqual(text(RedisArgument("é")), "é")
        XCTAssertEqual(text(RedisArgument(-7)), "-7")
        XCTAssertEqual(text(RedisArgument(Int64.min)), "-9223372036854775808")
        XCTAssertEqual(text(RedisArgument(UInt64.max)), "18446744073709551615")
        XCTAssertEqual(text(RedisArgument(0.25)), "0.25")
        XCTAssertEqual(text(RedisArgument(3.0)), "3")
        XCTAssertEqual(text(RedisArgument(0.1)), "0.1")
        XCTAssertEqual(text(RedisArgument(1e17)), "1e+17")
        XCTAssertEqual(text(RedisArgument(-Double.infinity)), "-inf")
        XCTAssertEqual(Double(text(RedisArgument(1.0 / 3))), 1.0 / 3, "round trip")
    }

    func testReplyAccessors() {
        XCTAssertEqual(RedisReply.string(Array("hi".utf8)).bytes, Array("hi".utf8))
        XCTAssertEqual(RedisReply.string(Array("hi".utf8)).text, "hi")
        XCTAssertEqual(RedisReply.string([0xFF]).text, "\u{FFFD}", "lossy UTF-8")
        XCTAssertEqual(RedisReply.status("OK").text, "OK")
        XCTAssertNil(RedisReply.status("OK").bytes)
        XCTAssertNil(RedisReply.error("ERR x").text)
        XCTAssertEqual(RedisReply.integer(-3).integer, -3)
        XCTAssertEqual(RedisReply.array([.null]).array, [.null])
        XCTAssertNil(RedisReply.null.array)
        XCTAssertTrue(RedisReply.null.isNull)
        XCTAssertFalse(RedisReply.string([]).isNull)
    }

    func testIntegersInBulkStrings() {
        func integer(_ text: String) -> Int64? { RedisReply.string(Array(text.utf8)).integer }
        XCTAssertEqual(integer("42"), 42)
        XCTAssertEqual(integer("-42"), -42)
        XCTAssertEqual(integer("0"), 0)
        XCTAssertEqual(integer("9223372036854775807"), .max)
        XCTAssertEqual(integer("-9223372036854775808"), .min)
        XCTAssertNil(integer("9223372036854775808"))
        XCTAssertNil(integer("-9223372036854775809"))
        XCTAssertNil(integer("99999999999999999999"))
        for bad in ["", "-", "+1", "1.5", " 1", "1 ", "0x10", "1e3"] { XCTAssertNil(integer(bad), bad) }
        XCTAssertNil(RedisReply.status("1").integer)
    }

    func testErrorsAreOneLine() {
        let errors: [RedisError] = [
            .invalidURL("redis URL: the host is empty"), .tlsUnavailable("rediss:// needs TLS"), .connect("cannot connect to h:1: refused"),
            .connectionLost("h:1: timed out after 5 s waiting for Redis"), .server("WRONGTYPE Operation against a key"),
            .authentication("WRONGPASS invalid username-password pair"), .protocolError("h:1: bad reply"),
        ]
        for error in errors {
            XCTAssertFalse(error.description.contains(where: \.isNewline))
            XCTAssertFalse(error.description.isEmpty)
        }
        XCTAssertEqual(RedisError.connectionLost("h:1: the server closed the connection").description,
                       "lost the connection to Redis: h:1: the server closed the connection")
        XCTAssertEqual(RedisError.server("NOSCRIPT No matching script").description, "Redis answered with an error: NOSCRIPT No matching script")
    }
}
