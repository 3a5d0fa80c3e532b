import XCTest

/// `inkling worker`, `inkling cluster status`, `serve --cluster` and `doctor --cluster` refuse
/// bad settings before any work, each with one line that names the option, and a dead Redis
/// is a failure (4), never a hang.
final class ClusterCommandTests: XCTestCase {
    private func refused(_ arguments: [String], status: Int32, says: String, file: StaticString = #filePath, line: UInt = #line) async {
        let (code, io) = await inkling(arguments)
        XCTAssertEqual(code, status, io.stderrLines.joined(separator: "\n"), file: file, line: line)
        XCTAssertEqual(io.stderrLines.count, 1, "\(io.stderrLines)", file: file, line: line)
        XCTAssertTrue(io.stderrLines.first?.contains(says) == true, "\(io.stderrLines)", file: file, line: line)
    }

    func testBadSettingsAreUsageErrors() async {
        await refused(["worker"], status: 2, says: "a worker needs --cluster")
        await refused(["worker", "--cluster", "http://127.0.0.1:6379"], status: 2, says: "is not redis://")
        await refused(["worker", "--cluster", "redis://127.0.0.1:99999999999999999999"], status: 2, says: "--cluster: redis URL")
        await refused(["worker", "--cluster", "redis://127.0.0.1:6379", "--concurrency", "0"], status: 2, says: "--concurrency must be 1…256")
        await refused(["worker", "--cluster", "redis://127.0.0.1:6379", "--concurrency", "99999999999999999999"], status: 2, says: "--concurrency")
        await refused(["worker", "--cluster", "redis://127.0.0.1:6379", "--heartbeat", "10", "--visibility", "5"], status: 2, says: "visibility timeout must be at least two heartbeats")
        await refused(["worker", "--cluster", "redis://127.0.0.1:6379", "--max-attempts", "0"], status: 2, says: "attempts must be 1…100")
        await refused(["worker", "--cluster", "redis://127.0.0.1:6379", "--styles", "oil"], status: 2, says: "unknown style 'oil'")
        await refused(["worker", "--cluster", "redis://127.0.0.1:6379", "--name", ""], status: 2, says: "--name must be 1…100 characters")
        await refused(["serve", "--visibility", "3"], status: 2, says: "--visibility applies only with --cluster")
        await refused(["serve", "--cluster", "redis://[::1"], status: 2, says: "--cluster: redis URL")
        await refused(["cluster", "stats", "--cluster", "redis://127.0.0.1:6379"], status: 2, says: "the one action is `status`")
        await refused(["cluster", "status"], status: 2, says: "needs --cluster")
    }

    func testADeadRedisIsAFailureNotAHang() async {
        let dead = "redis://127.0.0.1:1"
        await refused(["cluster", "status", "--cluster", dead], status: 4, says: "cannot connect to 127.0.0.1:1")
        let (code, io) = await inkling(["doctor", "--cluster", dead])
        XCTAssertEqual(code, 4)
        XCTAssertTrue(io.stdout.contains("unreachable"), io.stdout)
        await refused(["worker", "--cluster", "rediss://127.0.0.1:6379"], status: 4, says: "rediss:// needs hiredis with TLS")
    }
}
