import Foundation
import InklingRedis
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real `redis-server` for tests, on a free loopback port, with a temporary directory of its own.
///
/// Started with `--bind 127.0.0.1 --dir <temp> --save "" --daemonize no`, a log file in the
/// temporary directory (its last lines are in every start error), a unix socket there too, AOF
/// on or off (`appendfsync always` when on, so a SIGKILL loses no acknowledged write), and
/// `requirepass` when a password is given. Ready once it answers PING (10 s at most).
///
/// A missing `redis-server` is an error that says to run `scripts/install-deps`: tests that need
/// Redis fail, they are never skipped. Deinit kills the server and removes the directory.
public final class RedisTestServer: @unchecked Sendable {
    /// The server's port on 127.0.0.1.
    public let port: UInt16
    /// The password it requires, if any.
    public let password: String?
    /// Its temporary directory (data, AOF, log, socket).
    public let directory: URL
    /// `redis://[:password@]127.0.0.1:port`.
    public var url: RedisURL {
        RedisURL(endpoint: .tcp(host: "127.0.0.1", port: port), password: password)
    }
    /// The path of its unix socket.
    public var socketPath: String { directory.appendingPathComponent("redis.sock").path }

    private let appendOnly: Bool
    private let executable: URL
    private let lock = NSLock()
    private var process: Process?

    /// Starts a server (see the type's description); `password` sets `requirepass`.
    public init(appendOnly: Bool = false, password: String? = nil) throws {
        self.appendOnly = appendOnly
        self.password = password
        let executable = try Self.findExecutable()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inkling-redis-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.executable = executable
        self.directory = directory
        let launched: (port: UInt16, process: Process)
        do {
            launched = try Self.launchOnFreePort(executable, appendOnly: appendOnly, password: password, directory: directory)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        port = launched.port
        process = launched.process
        // Deinit kills the server and removes the directory if this throws.
        try waitUntilReady()
    }

    deinit {
        kill()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Whether the server process is running.
    public var isRunning: Bool {
        lock.withLock { process?.isRunning ?? false }
    }

    /// Stops the server with SIGTERM (a clean shutdown) and waits for it to exit.
    public func stop() {
        end(signal: SIGTERM)
    }

    /// Kills the server with SIGKILL and waits for it to exit.
    public func kill() {
        end(signal: SIGKILL)
    }

    /// Stops the server if it runs, then starts it again on the same port and directory (with
    /// AOF on, everything written before comes back).
    public func restart() throws {
        stop()
        let started = try Self.launch(executable, port: port, appendOnly: appendOnly, password: password, directory: directory)
        lock.withLock { process = started }
        try waitUntilReady()
    }

    /// The keys matching the glob `pattern`, sorted (SCAN, so the server is never blocked).
    public func keys(matching pattern: String = "*") throws -> [String] {
        let connection = try RedisConnection(url: url)
        var cursor: RedisArgument = "0"
        var keys: [String] = []
        repeat {
            let reply = try connection.command(["SCAN", cursor, "MATCH", RedisArgument(pattern), "COUNT", 1000])
            guard let parts = reply.array, parts.count == 2, let next = parts[0].bytes, let batch = parts[1].array else {
                throw RedisTestServerError("SCAN answered \(reply)")
            }
            keys += batch.compactMap(\.text)
            cursor = RedisArgument(next)
        } while cursor.bytes != Array("0".utf8)
        return keys.sorted()
    }

    /// Sends `signal` to the server, if it runs, and waits for it to exit.
    private func end(signal: Int32) {
        let running = lock.withLock { () -> Process? in
            defer { process = nil }
            return process
        }
        guard let running, running.isRunning else { return }
        #if canImport(Glibc)
        _ = Glibc.kill(running.processIdentifier, signal)
        #else
        _ = Darwin.kill(running.processIdentifier, signal)
        #endif
        running.waitUntilExit()
    }

    /// Waits until the server answers PING (10 s at most), or fails with its log's last lines.
    private func waitUntilReady() throws {
        let deadline = Date().addingTimeInterval(10)
        var lastError = "no answer yet"
        while Date() < deadline {
            guard isRunning else { throw RedisTestServerError("redis-server exited at start: \(logTail())") }
            do {
                let connection = try RedisConnection(url: url, connectTimeout: 1, commandTimeout: 1)
                if try connection.command(["PING"]) == .status("PONG") { return }
            } catch {
                lastError = "\(error)"
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        kill()
        throw RedisTestServerError("redis-server on port \(port) did not answer PING within 10 s (\(lastError)): \(logTail())")
    }

    /// The last lines of the server's log and standard error, joined into one line.
    public func logTail(lines: Int = 8) -> String {
        var parts: [String] = []
        for name in ["redis.log", "stderr.log"] {
            let path = directory.appendingPathComponent(name).path
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            let tail = text.split(whereSeparator: \.isNewline).suffix(lines)
            if !tail.isEmpty { parts.append("\(name): " + tail.joined(separator: " | ")) }
        }
        return parts.isEmpty ? "(no log)" : parts.joined(separator: " || ")
    }

    /// Starts `redis-server` on a free port, trying another one (five in all) when the chosen
    /// port was taken in the meantime.
    private static func launchOnFreePort(
        _ executable: URL, appendOnly: Bool, password: String?, directory: URL
    ) throws -> (UInt16, Process) {
        var lastError = RedisTestServerError("no port tried")
        for _ in 0..<5 {
            let port = try freePort()
            do {
                return (port, try launch(executable, port: port, appendOnly: appendOnly, password: password, directory: directory))
            } catch let error as RedisTestServerError where error.description.contains("Address already in use") {
                lastError = error
            }
        }
        throw lastError
    }

    /// Starts `redis-server` on `port`; fails at once when the port is taken.
    private static func launch(
        _ executable: URL, port: UInt16, appendOnly: Bool, password: String?, directory: URL
    ) throws -> Process {
        let log = directory.appendingPathComponent("redis.log")
        let stderrPath = directory.appendingPathComponent("stderr.log")
        _ = FileManager.default.createFile(atPath: stderrPath.path, contents: nil)
        var arguments = [
            "--port", "\(port)", "--bind", "127.0.0.1", "--dir", directory.path, "--save", "",
            "--appendonly", appendOnly ? "yes" : "no", "--daemonize", "no", "--logfile", log.path,
            "--unixsocket", directory.appendingPathComponent("redis.sock").path, "--unixsocketperm", "700",
        ]
        if appendOnly { arguments += ["--appendfsync", "always"] }
        if let password { arguments += ["--requirepass", password] }
        let started = Process()
        started.executableURL = executable
        started.arguments = arguments
        started.standardInput = FileHandle.nullDevice
        started.standardOutput = FileHandle.nullDevice
        do {
            started.standardError = try FileHandle(forWritingTo: stderrPath)
            try withNoSignalsBlocked { try started.run() }
        } catch {
            throw RedisTestServerError("cannot start \(executable.path): \(error)")
        }
        // A port taken between choosing and binding shows in the log within moments.
        let deadline = Date().addingTimeInterval(0.5)
        while Date() < deadline {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if text.contains("Ready to accept connections") { return started }
            if text.contains("Address already in use") || !started.isRunning {
                if started.isRunning { started.terminate() }
                started.waitUntilExit()
                let tail = text.split(whereSeparator: \.isNewline).suffix(8).joined(separator: " | ")
                throw RedisTestServerError("redis-server did not start on port \(port): \(tail)")
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return started
    }

    /// Runs `body` with no signal blocked on this thread.
    ///
    /// A child inherits the signal mask of the thread that starts it, and Foundation's `Process`
    /// does not reset it: started from a Dispatch or Swift concurrency thread (which block most
    /// signals), redis-server would never see the SIGTERM of ``stop()``.
    private static func withNoSignalsBlocked<T>(_ body: () throws -> T) rethrows -> T {
        var none = sigset_t()
        sigemptyset(&none)
        var previous = sigset_t()
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// The `redis-server` executable: on PATH, or in /usr/bin, /usr/local/bin or /opt/homebrew/bin.
    private static func findExecutable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        for folder in folders where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent("redis-server")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw RedisTestServerError(
            "redis-server is not installed (looked on PATH and in /usr/bin, /usr/local/bin, /opt/homebrew/bin); run scripts/install-deps")
    }

    /// A loopback port that was free a moment ago (bound to port 0, then released).
    private static func freePort() throws -> UInt16 {
        #if canImport(Glibc)
        let socketType = Int32(SOCK_STREAM.rawValue)
        #else
        let socketType = SOCK_STREAM
        #endif
        let fd = socket(AF_INET, socketType, 0)
        guard fd >= 0 else { throw RedisTestServerError("socket() failed: errno \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw RedisTestServerError("bind() to a free port failed: errno \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw RedisTestServerError("getsockname() failed: errno \(errno)") }
        return UInt16(bigEndian: address.sin_port)
    }
}
