import InklingRedis
import InklingRedisTestSupport
import XCTest

/// RedisClient against a real redis-server: concurrency over the pool, scripts, blocking reads
/// and their cancellation, timeouts, and coming back after the server dies and restarts.
final class RedisClientTests: XCTestCase {
    /// The number of clients connected to `server`, asked over a connection of its own (not counted).
    private func connectedClients(_ server: RedisTestServer) throws -> Int {
        let reply = try RedisConnection(url: server.url).command(["CLIENT", "LIST"])
        return (reply.text ?? "").split(separator: "\n").count - 1
    }

    func testManyConcurrentTasksShareThePool() async throws {
        let server = try RedisTestServer()
        let client = RedisClient(url: server.url, poolSize: 4)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<100 {
                group.addTask {
                    _ = try await client.command(["INCR", "counter"])
                    _ = try await client.command(["SET", RedisArgument("key:\(i)"), RedisArgument("value \(i)")])
                    let replies = try await client.pipeline([["GET", RedisArgument("key:\(i)")], ["STRLEN", RedisArgument("key:\(i)")]])
                    XCTAssertEqual(replies, [.string(bytes("value \(i)")), .integer(Int64("value \(i)".utf8.count))])
                }
            }
            try await group.waitForAll()
        }
        let counter = try await client.command(["GET", "counter"])
        XCTAssertEqual(counter.integer, 100)
        XCTAssertEqual(try server.keys(matching: "key:*").count, 100)
        XCTAssertLessThanOrEqual(try connectedClients(server), 4, "no more connections than the pool size")
    }

    func testErrorRepliesAndBinaryValues() async throws {
        let server = try RedisTestServer()
        let client = RedisClient(url: server.url)
        let value = [UInt8](repeating: 0, count: 1 << 20) + [1, 2, 3]
        _ = try await client.command(["SET", "bin", RedisArgument(value)])
        let got = try await client.command(["GET", "bin"])
        XCTAssertEqual(got.bytes, value)
        let error = await redisError { try await client.command(["INCR", "bin"]) }
        XCTAssertEqual(error, .server("ERR value is not an integer or out of range"))
        let replies = try await client.pipeline([["INCR", "n"], ["INCR", "bin"], ["INCR", "n"]])
        XCTAssertEqual(replies, [.integer(1), .error("ERR value is not an integer or out of range"), .integer(2)])
    }

    func testScriptsRunByDigestAndReloadAfterAFlush() async throws {
        let server = try RedisTestServer()
        let client = RedisClient(url: server.url)
        let add = RedisScript("return redis.call('INCRBY', KEYS[1], ARGV[1])")
        let first = try await client.run(add, keys: ["total"], arguments: [5])
        XCTAssertEqual(first, .integer(5))
        let second = try await client.run(add, keys: ["total"], arguments: [2])
        XCTAssertEqual(second, .integer(7))
        _ = try await client.command(["SCRIPT", "FLUSH"])
        let afterFlush = try await client.run(add, keys: ["total"], arguments: [3])
        XCTAssertEqual(afterFlush, .integer(10), "NOSCRIPT loads the script again and runs it once")
        let failing = RedisScript("return redis.error_reply('BUSYJOB job 7 is taken')")
        let error = await redisError { try await client.run(failing, keys: [], arguments: []) }
        XCTAssertEqual(error, .server("BUSYJOB job 7 is taken"))
        let total = try await client.command(["GET", "total"])
        XCTAssertEqual(total.integer, 10)
    }

    func testAScriptAfterCommandsSeesTheirWritesAndTheyRunOnceAfterAFlush() async throws {
        let server = try RedisTestServer()
        let client = RedisClient(url: server.url)
        // The large value goes by SET; the script only reads its length.
        let measure = RedisScript("return redis.call('STRLEN', KEYS[1]) + redis.call('GET', KEYS[2])")
        let value = RedisArgument(Array(repeating: 0xAB, count: 400_000))
        let first = try await client.run(measure, keys: ["blob", "sent"], arguments: [], after: [["SET", "blob", value], ["INCR", "sent"]])
        XCTAssertEqual(first.commands, [.status("OK"), .integer(1)])
        XCTAssertEqual(first.script, .integer(400_001))
        _ = try await client.command(["SCRIPT", "FLUSH"])
        let second = try await client.run(measure, keys: ["blob", "sent"], arguments: [], after: [["INCR", "sent"]])
        XCTAssertEqual(second.script, .integer(400_002), "after NOSCRIPT only the script runs again: the commands ran once")
        // An error reply of a command is returned; the script's own error is thrown.
        let failing = RedisScript("return redis.error_reply('BUSYJOB job 7 is taken')")
        let error = await redisError { try await client.run(failing, keys: [], arguments: [], after: [["INCR", "blob"]]) }
        XCTAssertEqual(error, .server("BUSYJOB job 7 is taken"))
        let mixed = try await client.run(measure, keys: ["blob", "sent"], arguments: [], after: [["INCR", "blob"]])
        XCTAssertEqual(mixed.commands, [.error("ERR value is not an integer or out of range")])
        XCTAssertEqual(mixed.script, .integer(400_002))
        let sent = try await client.command(["GET", "sent"])
        XCTAssertEqual(sent.integer, 2)
    }

    func testFollowUpsAfterAScriptSeeItsWritesAndRunAgainWithItAfterAFlush() async throws {
        let server = try RedisTestServer()
        let client = RedisClient(url: server.url)
        // The script decides; the large value it guards is read by HGET after it, not through Lua.
        let claim = RedisScript("return redis.call('HINCRBY', KEYS[1], 'attempts', 1)")
        let blob = RedisArgument(Array(repeating: 0xCD, count: 300_000))
        _ = try await client.command(["HSET", "job", "data", blob])
        let first = try await client.run(claim, keys: ["job"], arguments: [], after: [["SET", "seen", "1"]],
                                         then: [["HGET", "job", "data"], ["HGET", "job", "attempts"], ["INCR", "job"]])
        XCTAssertEqual(first.commands, [.status("OK")])
        XCTAssertEqual(first.script, .integer(1))
        XCTAssertEqual(first.followUps.count, 3)
        XCTAssertEqual(first.followUps[0].bytes, blob.bytes)
        XCTAssertEqual(first.followUps[1].text, "1", "the follow-ups run after the script")
        guard case .error(let message) = first.followUps[2] else { return XCTFail("a follow-up's error is returned: \(first.followUps[2])") }
        XCTAssertTrue(message.hasPrefix("WRONGTYPE"), message)
        _ = try await client.command(["SCRIPT", "FLUSH"])
        let second = try await client.run(claim, keys: ["job"], arguments: [], after: [["INCR", "sent"]], then: [["HGET", "job", "attempts"]])
        XCTAssertEqual(second.script, .integer(2))
        XCTAssertEqual(second.followUps.map(\.text), ["2"], "after NOSCRIPT the follow-ups come with the script's second run")
        let sent = try await client.command(["GET", "sent"])
        XCTAssertEqual(sent.integer, 1, "the commands before it ran once")
        let failing = RedisScript("return redis.error_reply('NOTYOURS job 7 is taken')")
        let error = await redisError { try await client.run(failing, keys: [], arguments: [], after: [], then: [["INCR", "after"]]) }
        XCTAssertEqual(error, .server("NOTYOURS job 7 is taken"))
    }

    func testABlockingReadReturnsWhenAnotherClientAdds() async throws {
        let server = try RedisTestServer()
        let client = RedisClient(url: server.url, poolSize: 1)
        let started = Date()
        // A 30 s BLOCK: whatever waits for it to end takes 30 s, far beyond the bounds below.
        let reader = Task {
            try await client.blocking(["XREAD", "BLOCK", 30_000, "STREAMS", "jobs", "$"], blockMilliseconds: 30_000)
        }
        try await Task.sleep(for: .milliseconds(200))
        // The blocking read has a connection of its own: the pool's one stays free meanwhile.
        let quick = Date()
        _ = try await client.command(["PING"])
        XCTAssertLessThan(Date().timeIntervalSince(quick), 10, "not queued behind the 30 s BLOCK")
        let id = try await client.command(["XADD", "jobs", "*", "job", "1"]).text
        let reply = try await reader.value
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "returned on the XADD, not at the end of the 30 s BLOCK")
        let stream = try XCTUnwrap(reply.array?.first?.array)
        XCTAssertEqual(stream[0].text, "jobs")
        XCTAssertEqual(stream[1].array?.first?.array?.first?.text, id)
        let timedOut = try await client.blocking(["XREAD", "BLOCK", 100, "STREAMS", "jobs", "$"], blockMilliseconds: 100)
        XCTAssertEqual(timedOut, .null)
    }

    func testCommandsBehindABlockingReadRunAsItReturnsAndSeeWhatItSaw() async throws {
        let server = try RedisTestServer()
        let client = RedisClient(url: server.url, poolSize: 1)
        let reader = Task {
            try await client.blocking(pipeline: [
                ["XREAD", "BLOCK", 2000, "STREAMS", "jobs", "$"], ["XLEN", "jobs"], ["GET", "no-such-key"], ["HGET", "jobs", "x"],
            ], blockMilliseconds: 2000)
        }
        try await Task.sleep(for: .milliseconds(200))
        let id = try await client.command(["XADD", "jobs", "*", "job", "1"]).text
        let replies = try await reader.value
        XCTAssertEqual(replies.count, 4)
        XCTAssertEqual(replies[0].array?.first?.array?[1].array?.first?.array?.first?.text, id)
        XCTAssertEqual(replies[1], .integer(1), "the command behind the read ran after the entry it returned was added")
        XCTAssertEqual(replies[2], .null)
        guard case .error(let message) = replies[3] else { return XCTFail("\(replies[3])") }
        XCTAssertTrue(message.hasPrefix("WRONGTYPE"), message)
        // A read that times out still lets the commands behind it run.
        let quiet = try await client.blocking(pipeline: [["XREAD", "BLOCK", 100, "STREAMS", "jobs", "$"], ["PING"]], blockMilliseconds: 100)
        XCTAssertEqual(quiet, [.null, .status("PONG")])
        // Cancelled while it waits: nothing is returned, and the client goes on.
        let waiting = Task { try await client.blocking(pipeline: [["XREAD", "BLOCK", 0, "STREAMS", "never", "$"], ["PING"]], blockMilliseconds: 0) }
        try await Task.sleep(for: .milliseconds(200))
        waiting.cancel()
        do {
            _ = try await waiting.value
            XCTFail("a cancelled read returned")
        } catch let error as RedisError {
            XCTAssertTrue(error.description.contains("cancelled"), error.description)
        }
        let pong = try await client.command(["PING"])
        XCTAssertEqual(pong, .status("PONG"))
    }

    func testCancellingABlockingReadEndsItAtOnce() async throws {
        let server = try RedisTestServer()
        let client = RedisClient(url: server.url)
        let reader = Task {
            try await client.blocking(["XREAD", "BLOCK", 0, "STREAMS", "never", "$"], blockMilliseconds: 0)
        }
        try await Task.sleep(for: .milliseconds(200))
        let cancelled = Date()
        reader.cancel()
        let result = await reader.result
        XCTAssertLessThan(Date().timeIntervalSince(cancelled), 10, "BLOCK 0 never ends on its own: only the cancellation ended it")
        guard case .failure(let error) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(lostConnection(error), "127.0.0.1:\(server.port): cancelled while waiting for the reply")
        let after = try await client.blocking(["XREAD", "BLOCK", 50, "STREAMS", "never", "$"], blockMilliseconds: 50)
        XCTAssertEqual(after, .null, "the next blocking read connects again")
        let alreadyCancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.blocking(["XREAD", "BLOCK", 5000, "STREAMS", "never", "$"], blockMilliseconds: 5000)
        }
        guard case .failure(let early) = await alreadyCancelled.result else { return XCTFail() }
        XCTAssertEqual(lostConnection(early), "127.0.0.1:\(server.port): cancelled before the command was sent")
    }

    func testAReplyNotYetInIsWaitedForOffTheCallingThread() async throws {
        let server = try RedisTestServer()
        let client = RedisClient(url: server.url, poolSize: 2)
        // Both connections open, so that the next calls start on the calling thread.
        async let first = client.command(["PING"])
        async let second = client.command(["PING"])
        _ = try await (first, second)
        async let slow = client.command(["BLPOP", "later", "4"])
        // While the slow reply is awaited, the other connection answers, and it is that answer
        // that lets the BLPOP return (told apart by order, not by time): had the PING waited for
        // the BLPOP, the RPUSH would come after the BLPOP's 4 s timeout, which answers null.
        try await Task.sleep(for: .milliseconds(50))
        let quick = try await client.command(["PING"])
        XCTAssertEqual(quick, .status("PONG"))
        _ = try await client.command(["RPUSH", "later", "pushed"])
        let answer = try await slow
        XCTAssertEqual(answer.array?.map(\.text), ["later", "pushed"], "the BLPOP, waited for off the calling thread, saw what came after the PING: \(answer)")
        // A command too large to write at once goes to the connection's queue and still arrives.
        let large = RedisArgument([UInt8](repeating: 0x5A, count: 6 << 20))
        _ = try await client.command(["SET", "large", large])
        let back = try await client.command(["STRLEN", "large"])
        XCTAssertEqual(back.integer, 6 << 20)
    }

    func testACommandLongerThanTheTimeoutIsLostAndTheNextOneReconnects() async throws {
        let server = try RedisTestServer()
        let client = RedisClient(url: server.url, poolSize: 1, commandTimeout: 0.2)
        let error = await redisError { try await client.command(["BLPOP", "nothing", "2"]) }
        XCTAssertEqual(lostConnection(error), "127.0.0.1:\(server.port): timed out after 0.2 s waiting for Redis")
        let pong = try await client.command(["PING"])
        XCTAssertEqual(pong, .status("PONG"))
    }

    func testAKilledServerIsReportedAndARestartedOneIsUsedAgain() async throws {
        let server = try RedisTestServer(appendOnly: true)
        let client = RedisClient(url: server.url, commandTimeout: 10)
        _ = try await client.command(["SET", "kept", "yes"])
        let waiting = Task { try await client.command(["BLPOP", "queue", "5"]) }
        try await Task.sleep(for: .milliseconds(300))
        server.kill()
        guard case .failure(let inFlight) = await waiting.result else { return XCTFail() }
        XCTAssertNotNil(lostConnection(inFlight), "a command in flight is lost, not retried")
        let refused = await redisError { try await client.command(["GET", "kept"]) }
        guard case .connect(let message) = refused else { return XCTFail("\(String(describing: refused))") }
        XCTAssertEqual(message, "cannot connect to 127.0.0.1:\(server.port): Connection refused")
        let unhealthy = await client.ping()
        XCTAssertEqual(unhealthy, refused)
        try server.restart()
        let kept = try await client.command(["GET", "kept"])
        XCTAssertEqual(kept.text, "yes", "AOF with appendfsync always kept the write")
        let healthy = await client.ping()
        XCTAssertNil(healthy)
    }

    func testIdleConnectionsClosedByARestartAreReplacedBeforeUse() async throws {
        let server = try RedisTestServer(appendOnly: true)
        let client = RedisClient(url: server.url, poolSize: 4)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<16 { group.addTask { _ = try await client.command(["INCR", "n"]) } }
            try await group.waitForAll()
        }
        server.kill()
        try server.restart()
        for _ in 0..<8 {
            let n = try await client.command(["INCR", "n"])
            XCTAssertNotNil(n.integer)
        }
        let n = try await client.command(["GET", "n"])
        XCTAssertEqual(n.integer, 24)
    }

    func testCloseEndsPooledConnectionsAndLaterCallsReconnect() async throws {
        let server = try RedisTestServer()
        let client = RedisClient(url: server.url, poolSize: 3)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<12 { group.addTask { _ = try await client.command(["BLPOP", "nothing", "0.05"]) } }
            try await group.waitForAll()
        }
        XCTAssertEqual(try connectedClients(server), 3)
        client.close()
        try await Task.sleep(for: .milliseconds(100))
        XCTAssertEqual(try connectedClients(server), 0)
        let pong = try await client.command(["PING"])
        XCTAssertEqual(pong, .status("PONG"))
    }

    func testPingAuthenticationAndTLS() async throws {
        let server = try RedisTestServer(password: "pw")
        let healthy = await RedisClient(url: server.url).ping()
        XCTAssertNil(healthy)
        var wrong = server.url
        wrong.password = "nope"
        guard case .authentication = await RedisClient(url: wrong).ping() else { return XCTFail() }
        let secure = try RedisURL(parsing: "rediss://127.0.0.1:\(server.port)", environment: [:])
        guard case .tlsUnavailable = await RedisClient(url: secure).ping() else { return XCTFail() }
    }

    func testNoServerIsAQuickConnectError() async throws {
        let server = try RedisTestServer()
        let url = server.url
        server.stop()
        let client = RedisClient(url: url, connectTimeout: 30)
        let started = Date()
        let error = await redisError { try await client.command(["PING"]) }
        XCTAssertEqual(error, .connect("cannot connect to 127.0.0.1:\(url.endpointPort): Connection refused"))
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "refused at once, not after the 30 s connect timeout")
    }
}

extension RedisURL {
    /// The TCP port, for messages in tests.
    fileprivate var endpointPort: UInt16 {
        if case .tcp(_, let port) = endpoint { return port }
        return 0
    }
}
