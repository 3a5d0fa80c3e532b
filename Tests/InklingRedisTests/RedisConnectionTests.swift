import InklingRedis
import InklingRedisTestSupport
import XCTest

/// RedisConnection against a real redis-server: binary-safe values, replies of every kind,
/// error replies, pipelines, unix sockets, databases, AUTH and timeouts.
final class RedisConnectionTests: XCTestCase {
    func testBinaryValuesRoundTrip() throws {
        let server = try RedisTestServer()
        let redis = try RedisConnection(url: server.url)
        let everyByte = (0...255).map(UInt8.init) + [0, 0, 13, 10, 0]
        let key = RedisArgument([0x6B, 0, 0xFF, 0x0A])
        XCTAssertEqual(try redis.command(["SET", key, RedisArgument(everyByte)]), .status("OK"))
        XCTAssertEqual(try redis.command(["GET", key]).bytes, everyByte)
        XCTAssertEqual(try redis.command(["SET", "empty", RedisArgument([])]), .status("OK"))
        XCTAssertEqual(try redis.command(["GET", "empty"]), .string([]))
        XCTAssertEqual(try redis.command(["GET", "missing"]), .null)
        var generator = SystemRandomNumberGenerator()
        let megabyte = (0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        XCTAssertEqual(try redis.command(["SET", "big", RedisArgument(megabyte)]), .status("OK"))
        XCTAssertEqual(try redis.command(["GET", "big"]).bytes, megabyte)
        XCTAssertEqual(try redis.command(["STRLEN", "big"]), .integer(1 << 20))
    }

    func testIntegersArraysAndStreams() throws {
        let server = try RedisTestServer()
        let redis = try RedisConnection(url: server.url)
        XCTAssertEqual(try redis.command(["INCR", "counter"]), .integer(1))
        XCTAssertEqual(try redis.command(["INCRBY", "counter", RedisArgument(Int64(1) << 40)]), .integer((1 << 40) + 1))
        XCTAssertEqual(try redis.command(["GET", "counter"]).integer, (1 << 40) + 1)
        XCTAssertEqual(try redis.command(["INCRBYFLOAT", "f", RedisArgument(0.25)]).text, "0.25")
        let first = try redis.command(["XADD", "jobs", "*", "drawing", "d1", "prompt", "a kite"]).text
        _ = try redis.command(["XADD", "jobs", "*", "drawing", "d2"])
        let entries = try XCTUnwrap(redis.command(["XRANGE", "jobs", "-", "+"]).array)
        XCTAssertEqual(entries.count, 2)
        XCTAssertEqual(entries[0], .array([.string(bytes(first ?? "")), .array([.string(bytes("drawing")), .string(bytes("d1")),
                                                                                  .string(bytes("prompt")), .string(bytes("a kite"))])]))
        XCTAssertEqual(entries[1].array?[1].array?.compactMap(\.text), ["drawing", "d2"])
        let values = (0..<10_000).map { RedisArgument($0) }
        XCTAssertEqual(try redis.command(["RPUSH", "list"] + values), .integer(10_000))
        XCTAssertEqual(try redis.command(["LRANGE", "list", -2, -1]).array?.compactMap(\.integer), [9998, 9999])
    }

    func testErrorRepliesThrowRedisMessage() throws {
        let server = try RedisTestServer()
        let redis = try RedisConnection(url: server.url)
        _ = try redis.command(["SET", "text", "not a number"])
        XCTAssertEqual(redisError { try redis.command(["INCR", "text"]) }, .server("ERR value is not an integer or out of range"))
        guard case .server(let message) = redisError({ try redis.command(["LPUSH", "text", "x"]) }) else { return XCTFail() }
        XCTAssertTrue(message.hasPrefix("WRONGTYPE Operation against a key holding the wrong kind of value"), message)
        guard case .server(let unknown) = redisError({ try redis.command(["NOPE", "x"]) }) else { return XCTFail() }
        XCTAssertTrue(unknown.hasPrefix("ERR unknown command 'NOPE'"), unknown)
        XCTAssertFalse(redis.isBroken, "an error reply leaves the connection usable")
        XCTAssertEqual(try redis.command(["PING"]), .status("PONG"))
    }

    func testPipelineKeepsOrderAndReturnsErrorsInPlace() throws {
        let server = try RedisTestServer()
        let redis = try RedisConnection(url: server.url)
        let replies = try redis.pipeline([["SET", "a", "1"], ["LPUSH", "a", "x"], ["INCR", "a"], ["GET", "a"], ["XRANGE", "none", "-", "+"]])
        XCTAssertEqual(replies.count, 5)
        XCTAssertEqual(replies[0], .status("OK"))
        guard case .error(let message) = replies[1] else { return XCTFail("\(replies[1])") }
        XCTAssertTrue(message.hasPrefix("WRONGTYPE"), message)
        XCTAssertEqual(Array(replies[2...]), [.integer(2), .string(bytes("2")), .array([])])
        XCTAssertEqual(try redis.pipeline([]), [])
        let many = try redis.pipeline((0..<1000).map { _ in ["INCR", "n"] })
        XCTAssertEqual(many.last, .integer(1000))
    }

    func testCommandsThatCannotBeSentAreRefusedBeforeSending() throws {
        let server = try RedisTestServer()
        let redis = try RedisConnection(url: server.url)
        XCTAssertEqual(redisError { try redis.command([]) }, .protocolError("a command needs at least one argument (its name)"))
        let tooMany = [RedisArgument](repeating: "x", count: (1 << 20) + 1)
        XCTAssertEqual(redisError { try redis.command(tooMany) }, .protocolError("a command has 1048577 arguments; at most 1048576 are sent"))
        XCTAssertEqual(redisError { try redis.pipeline([["PING"], []]) }, .protocolError("a command needs at least one argument (its name)"))
        XCTAssertFalse(redis.isBroken)
        XCTAssertEqual(try redis.command(["PING"]), .status("PONG"))
    }

    func testUnixSocketAndDatabase() throws {
        let server = try RedisTestServer()
        let overSocket = try RedisConnection(url: RedisURL(parsing: "unix://\(server.socketPath)?db=3", environment: [:]))
        XCTAssertEqual(try overSocket.command(["SET", "where", "socket"]), .status("OK"))
        let overTCP = try RedisConnection(url: server.url)
        XCTAssertEqual(try overTCP.command(["GET", "where"]), .null, "database 0 does not have it")
        _ = try overTCP.command(["SELECT", 3])
        XCTAssertEqual(try overTCP.command(["GET", "where"]).text, "socket")
        var outOfRange = server.url
        outOfRange.database = 16
        XCTAssertEqual(redisError { try RedisConnection(url: outOfRange) }, .server("ERR DB index is out of range"))
    }

    func testAuthentication() throws {
        let server = try RedisTestServer(password: "s3cret:pw")
        XCTAssertEqual(try RedisConnection(url: server.url).command(["PING"]), .status("PONG"))
        let withUser = try RedisURL(parsing: "redis://default:s3cret%3Apw@127.0.0.1:\(server.port)", environment: [:])
        XCTAssertEqual(try RedisConnection(url: withUser).command(["PING"]), .status("PONG"))
        let fromEnvironment = try RedisURL(parsing: "redis://127.0.0.1:\(server.port)", environment: ["INKLING_REDIS_PASSWORD": "s3cret:pw"])
        XCTAssertEqual(try RedisConnection(url: fromEnvironment).command(["PING"]), .status("PONG"))
        var wrong = server.url
        wrong.password = "guess"
        guard case .authentication(let refused) = redisError({ try RedisConnection(url: wrong) }) else { return XCTFail() }
        XCTAssertTrue(refused.hasPrefix("WRONGPASS"), refused)
        var none = server.url
        none.password = nil
        let unauthenticated = try RedisConnection(url: none)
        guard case .authentication(let needed) = redisError({ try unauthenticated.command(["GET", "k"]) }) else { return XCTFail() }
        XCTAssertTrue(needed.hasPrefix("NOAUTH"), needed)
    }

    func testAPasswordForAServerWithoutOneIsRefused() throws {
        let server = try RedisTestServer()
        var url = server.url
        url.password = "unneeded"
        guard case .authentication(let message) = redisError({ try RedisConnection(url: url) }) else { return XCTFail() }
        XCTAssertTrue(message.contains("AUTH"), message)
    }

    func testAReplyLaterThanTheTimeoutBreaksTheConnection() throws {
        let server = try RedisTestServer()
        let redis = try RedisConnection(url: server.url, commandTimeout: 0.2)
        let started = Date()
        let error = redisError { try redis.command(["XREAD", "BLOCK", 30_000, "STREAMS", "quiet", "$"]) }
        XCTAssertEqual(lostConnection(error), "127.0.0.1:\(server.port): timed out after 0.2 s waiting for Redis")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "at the 0.2 s timeout, not at the end of the 30 s BLOCK")
        XCTAssertTrue(redis.isBroken)
        XCTAssertEqual(lostConnection(redisError { try redis.command(["PING"]) }),
                       "127.0.0.1:\(server.port): the connection broke earlier; make a new one")
        redis.setCommandTimeout(nil)
        XCTAssertTrue(redis.isBroken, "a broken connection stays broken")
    }

    func testALongerTimeoutLetsABlockingCommandFinish() throws {
        let server = try RedisTestServer()
        let redis = try RedisConnection(url: server.url, commandTimeout: 0.2)
        redis.setCommandTimeout(2)
        XCTAssertEqual(try redis.command(["XREAD", "BLOCK", 300, "STREAMS", "quiet", "$"]), .null)
        redis.setCommandTimeout(nil)
        XCTAssertEqual(try redis.command(["BLPOP", "nothing", "0.3"]), .null)
    }

    func testConnectionRefusedFailsQuickly() throws {
        let server = try RedisTestServer()
        let url = server.url
        server.stop()
        let started = Date()
        guard case .connect(let message) = redisError({ try RedisConnection(url: url, connectTimeout: 30) }) else { return XCTFail() }
        XCTAssertEqual(message, "cannot connect to 127.0.0.1:\(server.port): Connection refused")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "refused at once, not after the 30 s connect timeout")
        let socket = RedisURL(endpoint: .unix(path: server.socketPath))
        guard case .connect(let missing) = redisError({ try RedisConnection(url: socket) }) else { return XCTFail() }
        XCTAssertEqual(missing, "cannot connect to unix socket \(server.socketPath): No such file or directory")
    }

    func testAKilledServerLosesTheConnection() throws {
        let server = try RedisTestServer()
        let redis = try RedisConnection(url: server.url)
        XCTAssertEqual(try redis.command(["SET", "k", "v"]), .status("OK"))
        server.kill()
        let message = try XCTUnwrap(lostConnection(redisError { try redis.command(["GET", "k"]) }))
        XCTAssertTrue(message.hasPrefix("127.0.0.1:\(server.port): "), message)
        XCTAssertTrue(redis.isBroken)
        // A big write into the dead socket fails as an error, never as a SIGPIPE.
        let large = RedisArgument([UInt8](repeating: 7, count: 4 << 20))
        XCTAssertNotNil(lostConnection(redisError { try redis.command(["SET", "k", large]) }))
    }

    func testWritingToAResetSocketRaisesNoSignal() throws {
        try assertWritingToAResetSocketFails()
    }

    func testInAProcessThatIgnoresSIGPIPEAWriteToAResetSocketIsAnErrorToo() throws {
        // `inkling` ignores SIGPIPE; the connection then writes without blocking the signal.
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        try assertWritingToAResetSocketFails()
    }

    /// Writes to a connection whose server was killed: the first write reaches a closed socket,
    /// the peer resets, later writes get EPIPE; all of it is an error, never a signal.
    private func assertWritingToAResetSocketFails(file: StaticString = #filePath, line: UInt = #line) throws {
        let server = try RedisTestServer()
        let redis = try RedisConnection(url: server.url)
        XCTAssertEqual(try redis.command(["PING"]), .status("PONG"), file: file, line: line)
        server.kill()
        let large = RedisArgument([UInt8](repeating: 7, count: 8 << 20))
        XCTAssertNotNil(lostConnection(redisError { try redis.pipeline([["SET", "a", large], ["SET", "b", large]]) }), file: file, line: line)
    }

    func testTLSIsUnavailable() throws {
        let url = try RedisURL(parsing: "rediss://127.0.0.1:1", environment: [:])
        XCTAssertTrue(url.tls)
        XCTAssertEqual(redisError { try RedisConnection(url: url) }, .tlsUnavailable(
            "rediss:// needs hiredis with TLS; this build's hiredis 0.14.1 has none; use redis:// on a trusted network or a TLS tunnel"))
    }
}
