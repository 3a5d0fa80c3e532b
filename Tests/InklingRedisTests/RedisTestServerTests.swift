import InklingRedis
import InklingRedisTestSupport
import XCTest

/// The test server itself: stop, kill and restart on the same port, AOF across a SIGKILL, SCAN,
/// and clean-up when it goes away.
final class RedisTestServerTests: XCTestCase {
    func testStopKillAndRestartKeepThePortAndTheAppendOnlyData() throws {
        let server = try RedisTestServer(appendOnly: true)
        let port = server.port
        XCTAssertTrue(server.isRunning)
        _ = try RedisConnection(url: server.url).pipeline([["SET", "job:1", "a"], ["SET", "job:2", "b"], ["SET", "other", "c"]])
        XCTAssertEqual(try server.keys(matching: "job:*"), ["job:1", "job:2"])
        server.kill()
        XCTAssertFalse(server.isRunning)
        try server.restart()
        XCTAssertTrue(server.isRunning)
        XCTAssertEqual(server.port, port)
        XCTAssertEqual(try server.keys(), ["job:1", "job:2", "other"], "appendfsync always: a SIGKILL loses nothing")
        server.stop()
        XCTAssertFalse(server.isRunning)
        XCTAssertThrowsError(try server.keys())
        try server.restart()
        XCTAssertEqual(try RedisConnection(url: server.url).command(["GET", "other"]).text, "c")
    }

    func testServersRunSideBySideInTheirOwnDirectories() throws {
        let first = try RedisTestServer()
        let second = try RedisTestServer(password: "pw")
        XCTAssertNotEqual(first.port, second.port)
        XCTAssertNotEqual(first.directory, second.directory)
        XCTAssertEqual(second.url.password, "pw")
        _ = try RedisConnection(url: first.url).command(["SET", "only-here", "1"])
        XCTAssertEqual(try second.keys(), [])
        XCTAssertTrue(first.logTail().contains("Ready to accept connections"), first.logTail())
    }

    func testDeinitEndsTheServerAndRemovesItsDirectory() throws {
        var directory: URL?
        var url: RedisURL?
        do {
            let server = try RedisTestServer()
            directory = server.directory
            url = server.url
            XCTAssertTrue(FileManager.default.fileExists(atPath: server.directory.path))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: try XCTUnwrap(directory).path))
        guard case .connect = redisError({ try RedisConnection(url: try XCTUnwrap(url)) }) else { return XCTFail() }
    }
}
