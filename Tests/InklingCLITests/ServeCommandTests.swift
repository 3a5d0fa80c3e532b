import Foundation
import XCTest
@testable import InklingCLI

/// `inkling serve`: options are checked before listening; the real executable serves and stops on SIGTERM.
final class ServeCommandTests: XCTestCase {
    private func assertUsage(_ arguments: [String], mentions text: String, file: StaticString = #filePath, line: UInt = #line) async {
        let (status, io) = await inkling(["serve"] + arguments)
        XCTAssertEqual(status, ExitCode.usage.rawValue, io.stderrLines.joined(), file: file, line: line)
        XCTAssertTrue(io.stderrLines.first?.contains(text) == true, io.stderrLines.joined(), file: file, line: line)
    }

    func testOptionsAreChecked() async {
        await assertUsage(["--port", "70000"], mentions: "--port must be 0…65535")
        await assertUsage(["--engine", "dalle"], mentions: "no engine named 'dalle'")
        await assertUsage(["--burst", "2"], mentions: "--burst must be 4")
        await assertUsage(["--rate", "-1"], mentions: "--rate")
        await assertUsage(["--styles", "sketch,oil"], mentions: "unknown style 'oil'")
        await assertUsage(["--styles", "sketch", "--default-style", "emoji"], mentions: "--default-style emoji is not among --styles")
        await assertUsage(["--timeout", "0"], mentions: "--timeout must be 1…3600")
        await assertUsage(["--image-ttl", "0"], mentions: "--image-ttl")
    }

    func testCORSOriginsAreRepeatableOrCommaSeparatedAndChecked() throws {
        let spec = ServeCommand.configuration.arguments
        let parsed = try ParsedArguments(["--cors-origin", "https://app.example.com", "--cors-origin=http://localhost:3000, *"], spec: spec)
        XCTAssertEqual(try ServeCommand(parsing: parsed).server.corsOrigins, ["https://app.example.com", "http://localhost:3000", "*"])
        XCTAssertEqual(try ServeCommand(parsing: ParsedArguments([], spec: spec)).server.corsOrigins, [], "none by default")
    }

    func testMaxLiveSetsTheWebSocketLimitAndIsChecked() async throws {
        let spec = ServeCommand.configuration.arguments
        XCTAssertEqual(try ServeCommand(parsing: ParsedArguments(["--max-live", "5"], spec: spec)).server.maxLiveConnections, 5)
        XCTAssertEqual(try ServeCommand(parsing: ParsedArguments([], spec: spec)).server.maxLiveConnections, 64, "the default")
        await assertUsage(["--max-live", "-1"], mentions: "--max-live must be 0…100000")
    }

    func testBadCORSOriginsAreUsageErrors() async {
        await assertUsage(["--cors-origin", "null"], mentions: "--cors-origin: null is the origin of sandboxed frames")
        await assertUsage(["--cors-origin", "https://app.example.com/"], mentions: "--cors-origin: 'https://app.example.com/' is not an origin")
        await assertUsage(["--cors-origin", "app.example.com"], mentions: "has no scheme")
    }

    func testHelpMentionsJobsAndCORS() async {
        let (_, io) = await inkling("serve", "--help")
        XCTAssertTrue(io.stdout.contains("--cors-origin"), io.stdout)
        XCTAssertTrue(io.stdout.contains("/v1/jobs/{id}"), io.stdout)
    }

    func testUnusableHostIsAnError() async {
        let (status, io) = await inkling("serve", "--host", "no-such-host.invalid", "--port", "0")
        XCTAssertEqual(status, ExitCode.failure.rawValue)
        XCTAssertEqual(io.stderrLines.count, 1, io.stderrLines.joined())
        XCTAssertTrue(io.stderrLines.first?.contains("'no-such-host.invalid' is neither a numeric IPv4 or IPv6 address nor a host name this machine resolves") == true,
                      io.stderrLines.joined())
    }

    /// A host name is accepted where an address is: `localhost` listens on loopback.
    func testHostNameListens() throws {
        let (process, url, _) = try Self.startServe(host: "localhost")
        defer { if process.isRunning { process.terminate() }; process.waitUntilExit() }
        XCTAssertTrue(url.hasPrefix("http://localhost:"), "the URL names the host it was given: \(url)")
        let port = try XCTUnwrap(UInt16(url.split(separator: ":").last ?? ""))
        XCTAssertTrue(try Self.get("/healthz", port: port).hasPrefix("HTTP/1.1 200"), "listening on loopback")
    }

    /// Starts the built `inkling serve --host HOST --port 0` and returns it with the URL it
    /// prints on its first stdout line once listening, and its standard error.
    static func startServe(host: String, _ extra: [String] = []) throws -> (Process, String, Pipe) {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("inkling")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: executable.path), "no built inkling next to the tests at \(executable.path)")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--host", host, "--port", "0"] + extra
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var line = [UInt8]()
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 { line.append(byte) }
        return (process, String(decoding: line, as: UTF8.self), errors)
    }

    func testAKeyFileWithABadLineIsRefusedAtStartAndOnSIGHUPKeepsTheKeysInUse() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inkling-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let keys = directory.appendingPathComponent("keys.txt")
        try "# key   limits\nsk-one rate=1 burst=5\nsk-two colour=red\n".write(to: keys, atomically: true, encoding: .utf8)
        let (code, io) = await inkling("serve", "--api-keys", keys.path, "--port", "0")
        let stderr = io.stderrLines.joined(separator: "\n")
        XCTAssertEqual(code, 2, stderr)
        XCTAssertTrue(stderr.contains("keys.txt: line 3: unknown setting 'colour'"), stderr)
        XCTAssertFalse(stderr.contains("sk-two"), "the key is not repeated")

        // Serving with good keys; a SIGHUP with a bad file keeps them, one with a good file takes it.
        try "sk-one rate=1 burst=5 concurrent=2\nsk-two\n".write(to: keys, atomically: true, encoding: .utf8)
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("inkling")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: executable.path), "no built inkling at \(executable.path)")
        let log = directory.appendingPathComponent("stderr.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--port", "0", "--api-keys", keys.path, "--require-api-key"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        var line = [UInt8]()
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 { line.append(byte) }
        func said(_ text: String) async throws -> Bool {
            for _ in 0..<200 {
                if (try String(contentsOf: log, encoding: .utf8)).contains(text) { return true }
                try await Task.sleep(for: .milliseconds(25))
            }
            return false
        }
        try "sk-one rate=one\n".write(to: keys, atomically: true, encoding: .utf8)
        kill(process.processIdentifier, SIGHUP)
        let refused = try await said("line 1: rate must be 0…1000000 tokens a second (0: no limit), not 'one'; the keys in use stay")
        XCTAssertTrue(refused, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
        try "sk-three store=64MB\nsk-four\n".write(to: keys, atomically: true, encoding: .utf8)
        kill(process.processIdentifier, SIGHUP)
        let taken = try await said("re-read 2 API keys from \(keys.path), 1 with limits of their own")
        XCTAssertTrue(taken, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
        XCTAssertTrue(process.isRunning)
    }

    func testHelpListsServe() async {
        let (_, io) = await inkling("--help")
        XCTAssertTrue(io.stdout.contains("serve"), io.stdout)
    }

    func testExecutableServesUntilSIGTERM() throws {
        // The first stdout line is the URL, printed once listening.
        let (process, url, errors) = try Self.startServe(host: "127.0.0.1")
        defer { if process.isRunning { process.terminate() } }
        XCTAssertTrue(url.hasPrefix("http://127.0.0.1:"), url)
        let port = try XCTUnwrap(UInt16(url.split(separator: ":").last ?? ""))
        let response = try Self.get("/healthz", port: port)
        XCTAssertTrue(response.hasPrefix("HTTP/1.1 200"), response)
        XCTAssertTrue(response.hasSuffix("{\"status\":\"ok\"}"), response)
        process.terminate()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            return XCTFail("inkling serve did not stop within 10 s of SIGTERM")
        }
        XCTAssertEqual(process.terminationStatus, 0, "SIGTERM stops it cleanly")
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(log.contains("listening on \(url)") && log.contains("stopping"), log)
    }

    /// A GET over a plain socket to 127.0.0.1 (no HTTP client library on Linux's Foundation).
    static func get(_ path: String, port: UInt16) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw CocoaError(.fileReadUnknown) }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBufferPointer { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            result += buffer[0..<n]
        }
        return String(decoding: result, as: UTF8.self)
    }
}
