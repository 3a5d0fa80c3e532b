import InklingRedis
import XCTest

/// RedisURL: the forms it accepts, what it makes of them, and the ones it refuses, in one line
/// that never repeats the password.
final class RedisURLTests: XCTestCase {
    private let noEnvironment: [String: String] = [:]

    private func parse(_ text: String, environment: [String: String] = [:]) throws -> RedisURL {
        try RedisURL(parsing: text, environment: environment)
    }

    /// The message `text` is refused with (failing the test when it is accepted).
    private func refusal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let url = try RedisURL(parsing: text, environment: noEnvironment)
            XCTFail("accepted \(text.prefix(80).debugDescription) as \(url)", file: file, line: line)
            return ""
        } catch {
            guard case .invalidURL(let message) = error else {
                XCTFail("\(error) is not invalidURL", file: file, line: line)
                return ""
            }
            XCTAssertEqual(error.description, message, file: file, line: line)
            XCTAssertTrue(message.hasPrefix("redis URL: "), message, file: file, line: line)
            XCTAssertFalse(message.contains(where: \.isNewline), message, file: file, line: line)
            XCTAssertLessThan(message.count, 200, file: file, line: line)
            return message
        }
    }

    func testPlainHostGetsTheDefaultPortAndDatabase() throws {
        let url = try parse("redis://localhost")
        XCTAssertEqual(url.endpoint, .tcp(host: "localhost", port: 6379))
        XCTAssertNil(url.user)
        XCTAssertNil(url.password)
        XCTAssertEqual(url.database, 0)
        XCTAssertFalse(url.tls)
        XCTAssertEqual(try parse("redis://queue.internal/").database, 0)
    }

    func testPortDatabaseAndScheme() throws {
        let url = try parse("redis://127.0.0.1:6380/2")
        XCTAssertEqual(url.endpoint, .tcp(host: "127.0.0.1", port: 6380))
        XCTAssertEqual(url.database, 2)
        XCTAssertEqual(try parse("redis://h/65535").database, 65535)
        XCTAssertEqual(try parse("redis://h:1").endpoint, .tcp(host: "h", port: 1))
        XCTAssertEqual(try parse("redis://h:65535").endpoint, .tcp(host: "h", port: 65535))
        let secure = try parse("rediss://cache.example.com:6380")
        XCTAssertTrue(secure.tls)
        XCTAssertEqual(secure.endpoint, .tcp(host: "cache.example.com", port: 6380))
        XCTAssertEqual(try parse("REDIS://Host_1.example").endpoint, .tcp(host: "Host_1.example", port: 6379), "the scheme in any case")
    }

    func testUserAndPasswordArePercentDecoded() throws {
        let url = try parse("redis://ink%20ling:p%40ss%3Aw%2Frd%25@h:1/3")
        XCTAssertEqual(url.user, "ink ling")
        XCTAssertEqual(url.password, "p@ss:w/rd%")
        XCTAssertEqual(url.database, 3)
        XCTAssertEqual(try parse("redis://u:%C3%A9t%C3%A9@h").password, "été")
        XCTAssertEqual(try parse("redis://u:%00x@h").password, "\u{0}x", "a NUL may be percent-encoded; AUTH is binary-safe")
    }

    func testPasswordOnlyUserOnlyAndRawSeparators() throws {
        let passwordOnly = try parse("redis://:pw@h")
        XCTAssertNil(passwordOnly.user)
        XCTAssertEqual(passwordOnly.password, "pw")
        let userOnly = try parse("redis://reader@h")
        XCTAssertEqual(userOnly.user, "reader")
        XCTAssertNil(userOnly.password)
        XCTAssertEqual(try parse("redis://:pa:ss@h").password, "pa:ss", "the first ':' splits user from password")
        XCTAssertEqual(try parse("redis://:p@ss@h").password, "p@ss", "the last '@' ends the user information")
        let empty = try parse("redis://@h")
        XCTAssertNil(empty.user)
        XCTAssertNil(empty.password)
        XCTAssertNil(try parse("redis://u:@h").password, "an empty password counts as none")
    }

    func testIPv6HostsGoInBrackets() throws {
        XCTAssertEqual(try parse("redis://[::1]:6380/1").endpoint, .tcp(host: "::1", port: 6380))
        XCTAssertEqual(try parse("redis://[fe80::1:2]").endpoint, .tcp(host: "fe80::1:2", port: 6379))
        XCTAssertEqual(try parse("redis://[::ffff:127.0.0.1]:7").endpoint, .tcp(host: "::ffff:127.0.0.1", port: 7))
    }

    func testUnixSockets() throws {
        let url = try parse("unix:///run/redis/redis.sock")
        XCTAssertEqual(url.endpoint, .unix(path: "/run/redis/redis.sock"))
        XCTAssertEqual(url.database, 0)
        XCTAssertEqual(try parse("unix:///tmp/r.sock?db=5").database, 5)
        XCTAssertEqual(try parse("unix:///tmp/r.sock?db=5", environment: ["INKLING_REDIS_PASSWORD": "pw"]).password, "pw")
        // Bytes, not graphemes: a combining mark after the '/' (found by fuzz-redis-url) is still absolute.
        let combining = try parse("unix:///\u{05B6}sock")
        XCTAssertEqual(combining.endpoint, .unix(path: "/\u{05B6}sock"))
        XCTAssertEqual(try parse(combining.description), combining)
    }

    func testThePasswordMayComeFromTheEnvironment() throws {
        let environment = ["INKLING_REDIS_PASSWORD": "from-env"]
        XCTAssertEqual(try parse("redis://h", environment: environment).password, "from-env")
        XCTAssertEqual(try parse("redis://user@h", environment: environment).password, "from-env")
        XCTAssertEqual(try parse("redis://:in-url@h", environment: environment).password, "in-url", "the URL's own password wins")
        XCTAssertNil(try parse("redis://h", environment: ["INKLING_REDIS_PASSWORD": ""]).password)
        XCTAssertNil(try parse("redis://h", environment: ["OTHER": "x"]).password)
    }

    func testTheDescriptionNeverShowsThePassword() throws {
        let url = try parse("redis://inkling:Zq9%2Fsecret@queue.internal:6380/2")
        XCTAssertEqual(url.description, "redis://inkling:***@queue.internal:6380/2")
        XCTAssertEqual("\(url)", "redis://inkling:***@queue.internal:6380/2")
        XCTAssertEqual(try parse("redis://h", environment: ["INKLING_REDIS_PASSWORD": "Zq9env"]).description, "redis://:***@h:6379/0")
        XCTAssertEqual(try parse("rediss://[::1]").description, "rediss://[::1]:6379/0")
        XCTAssertEqual(try parse("redis://a%40b@h").description, "redis://a%40b@h:6379/0", "the user is percent-encoded again")
        XCTAssertEqual(try parse("unix:///tmp/r.sock?db=3").description, "unix:///tmp/r.sock?db=3")
        XCTAssertEqual(try parse("unix:///tmp/r.sock").description, "unix:///tmp/r.sock")
        for text in ["redis://u%3A1:x@h:7/9", "redis://[::1]:6380/1", "rediss://h", "unix:///a/b.sock?db=2"] {
            var url = try parse(text)
            url.password = nil
            XCTAssertEqual(try parse(url.description), url, "\(text) → \(url) reads back")
        }
    }

    func testEmptyAndForeignSchemesAreRefused() {
        XCTAssertEqual(refusal(""), "redis URL: the URL is empty; expected redis://host:port, rediss://… or unix:///path")
        XCTAssertEqual(refusal("http://h:6379"), #"redis URL: the scheme "http" is not redis://, rediss:// or unix://"#)
        XCTAssertEqual(refusal("localhost:6379"), "redis URL: no scheme; expected redis://host:port, rediss://… or unix:///path")
        XCTAssertEqual(refusal("Zq9pw@redis://h"), "redis URL: the scheme is not redis://, rediss:// or unix://",
                       "what sits where the scheme goes is repeated only when it looks like one")
    }

    func testBadPortsAreRefused() {
        XCTAssertEqual(refusal("redis://h:99999"), "redis URL: port 99999 is out of range 1…65535")
        XCTAssertEqual(refusal("redis://h:0"), "redis URL: port 0 is out of range 1…65535")
        XCTAssertEqual(refusal("redis://h:65536"), "redis URL: port 65536 is out of range 1…65535")
        XCTAssertEqual(refusal("redis://h:80x"), #"redis URL: port "80x" is not a number"#)
        XCTAssertEqual(refusal("redis://h:-1"), #"redis URL: port "-1" is not a number"#)
        XCTAssertEqual(refusal("redis://h:+1"), #"redis URL: port "+1" is not a number"#)
        XCTAssertEqual(refusal("redis://h:"), "redis URL: the port after ':' is empty")
        XCTAssertEqual(refusal("redis://h:" + String(repeating: "9", count: 40)),
                       "redis URL: port 9999999999999999… is out of range 1…65535")
    }

    func testBadHostsAreRefused() {
        XCTAssertEqual(refusal("redis://"), "redis URL: the host is empty")
        XCTAssertEqual(refusal("redis://:Zq9pw@"), "redis URL: the host is empty")
        XCTAssertEqual(refusal("redis://:Zq9pw@:6379"), "redis URL: the host is empty")
        XCTAssertEqual(refusal("redis://::1"), "redis URL: an IPv6 host must be in brackets, as redis://[::1]:6379")
        XCTAssertEqual(refusal("redis://[::1"), "redis URL: an IPv6 host lacks its closing ]")
        XCTAssertEqual(refusal("redis://[]"), "redis URL: the host in brackets is not an IPv6 address")
        XCTAssertEqual(refusal("redis://[example.com]"), "redis URL: the host in brackets is not an IPv6 address")
        XCTAssertEqual(refusal("redis://[::1]x"), "redis URL: only :port may follow an IPv6 host's ]")
        XCTAssertEqual(refusal("redis://h%41"), "redis URL: the host may hold only letters, digits, '.', '-' and '_' (an IPv6 address goes in brackets)")
        XCTAssertEqual(refusal("redis://" + String(repeating: "a", count: 300)), "redis URL: the host is 300 characters long; at most 253 are accepted")
    }

    func testBadDatabasesQueriesAndFragmentsAreRefused() {
        XCTAssertEqual(refusal("redis://h/65536"), "redis URL: database 65536 is out of range 0…65535")
        XCTAssertEqual(refusal("redis://h/abc"), #"redis URL: database "abc" is not a number"#)
        XCTAssertEqual(refusal("redis://h/1/2"), #"redis URL: database "1/2" is not a number"#)
        XCTAssertEqual(refusal("redis://h/-1"), #"redis URL: database "-1" is not a number"#)
        XCTAssertEqual(refusal("redis://h?db=1"), "redis URL: a query (?…) is not supported with redis://; give the database as /N")
        XCTAssertEqual(refusal("redis://h#top"),
                       "redis URL: a '#' ends the host (a fragment is not supported); percent-encode '#' in a password as %23")
    }

    func testBadUserInformationIsRefusedWithoutRepeatingIt() {
        XCTAssertEqual(refusal("redis://u:%zzZq9@h"), "redis URL: the password has a '%' that is not followed by two hex digits; write '%' as %25")
        XCTAssertEqual(refusal("redis://u:Zq9%4@h"), "redis URL: the password has a '%' that is not followed by two hex digits; write '%' as %25")
        XCTAssertEqual(refusal("redis://%G1:pw@h"), "redis URL: the user has a '%' that is not followed by two hex digits; write '%' as %25")
        XCTAssertEqual(refusal("redis://u:%FFZq9@h"), "redis URL: the password is not UTF-8 after percent-decoding")
        // A raw '/', '?' or '#' in a password ends the host early: the rest must not be echoed.
        for text in ["redis://u:Zq9/Xw@h", "redis://u:Zq9?Xw@h", "redis://u:Zq9#Xw@h", "redis://:Zq9/Xw@h:1/2"] {
            XCTAssertEqual(refusal(text), "redis URL: an '@' after the host; percent-encode '/', '?', '#' and '@' in the user and password")
        }
        for text in ["redis://u:Zq9Xw@h:0", "redis://u:Zq9Xw@h:x", "redis://u:Zq9Xw@h/99999", "redis://u:Zq9Xw@", "redis://u:Zq9Xw@::1",
                     "redis://u:Zq9Xw@h?db=1", "redis://u:Zq9Xw@h h", "redis://u:Zq9Xw@[x]"] {
            let message = refusal(text)
            XCTAssertFalse(message.contains("Zq9") || message.contains("Xw"), "\(text) → \(message)")
        }
    }

    func testSpacesControlCharactersAndNULsAreRefused() {
        XCTAssertEqual(refusal("redis://h h"), "redis URL: a space or control character at byte 9; percent-encode it")
        XCTAssertEqual(refusal("redis://h\u{0}:1"), "redis URL: a space or control character at byte 9; percent-encode it")
        XCTAssertEqual(refusal("redis://h\n"), "redis URL: a space or control character at byte 9; percent-encode it")
        XCTAssertEqual(refusal("\u{0}"), "redis URL: a space or control character at byte 0; percent-encode it")
        XCTAssertEqual(refusal("redis://:Zq9\u{7F}@h"), "redis URL: a space or control character at byte 12; percent-encode it")
    }

    func testHugeAndGarbageTextIsRefusedQuickly() {
        let started = Date()
        XCTAssertEqual(refusal("redis://" + String(repeating: "a", count: 1 << 20)),
                       "redis URL: the URL is 1048584 bytes long; at most 4096 are accepted")
        XCTAssertEqual(refusal(String(repeating: "\u{0}", count: 1 << 20)), "redis URL: the URL is 1048576 bytes long; at most 4096 are accepted")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let length = Int.random(in: 0...64, using: &generator)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                _ = try RedisURL(parsing: "redis://" + text, environment: noEnvironment)
            } catch {
                XCTAssertFalse(error.description.contains(where: \.isNewline), error.description)
            }
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }

    func testBadUnixURLsAreRefused() {
        XCTAssertEqual(refusal("unix://"), "redis URL: the socket path is empty; expected unix:///path/to/redis.sock")
        XCTAssertEqual(refusal("unix://?db=1"), "redis URL: the socket path is empty; expected unix:///path/to/redis.sock")
        XCTAssertEqual(refusal("unix://redis.sock"),
                       "redis URL: the socket path must be absolute, as unix:///path/to/redis.sock (no host or user in a unix URL)")
        XCTAssertEqual(refusal("unix:///"), "redis URL: the socket path is only '/'")
        XCTAssertEqual(refusal("unix:///tmp/" + String(repeating: "s", count: 200)),
                       "redis URL: the socket path is 205 bytes long; a unix socket path has at most 107")
        XCTAssertEqual(refusal("unix:///tmp/r.sock?db=1&db=2"), "redis URL: the query gives db twice")
        XCTAssertEqual(refusal("unix:///tmp/r.sock?password=x"), #"redis URL: query parameter "password" is not supported (only db=N)"#)
        XCTAssertEqual(refusal("unix:///tmp/r.sock?db"), #"redis URL: query parameter "db" is not supported (only db=N)"#)
        XCTAssertEqual(refusal("unix:///tmp/r.sock?db=x"), #"redis URL: database "x" is not a number"#)
        XCTAssertEqual(refusal("unix:///tmp/r.sock?db=70000"), "redis URL: database 70000 is out of range 0…65535")
        XCTAssertEqual(refusal("unix:///tmp/r.sock#x"), "redis URL: a '#' in the socket path (a fragment is not supported)")
    }
}
