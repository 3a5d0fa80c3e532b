import Foundation
import InklingServer
import XCTest

/// `--require-api-key`: an API request without a valid key is answered 401 with
/// `WWW-Authenticate: Bearer`; the page and `/healthz` stay open, and `/healthz` tells its
/// reason only to callers with a key or on loopback. Over HTTPS with `--tls-cert`/`--tls-key`
/// (a certificate the test makes with openssl, asked with curl).
final class RequiredKeyTests: XCTestCase {
    func testWithoutAValidKeyEveryAPIRequestIs401() throws {
        let server = try ServerFixture.start { $0.apiKeys = ["k-1", "k-2"]; $0.requireAPIKey = true }
        defer { server.stop() }
        for (method, path) in [("GET", "/v1/availability"), ("POST", "/v1/guidance?width=32&height=24"), ("POST", "/v1/generations"),
                               ("GET", "/v1/jobs/0123456789abcdef0123456789abcdef"), ("GET", "/v1/images/0123456789abcdef0123456789abcdef")] {
            let bare = try RawHTTP.request(port: server.port, method, path, body: Array("{}".utf8))
            XCTAssertEqual(bare.status, 401, "\(method) \(path)")
            XCTAssertEqual(bare.errorCode, "api_key_required", "\(method) \(path)")
            XCTAssertEqual(bare.headers["www-authenticate"], "Bearer", "\(method) \(path)")
            let wrong = try RawHTTP.request(port: server.port, method, path, body: Array("{}".utf8), headers: ["X-API-Key": "k-3"])
            XCTAssertEqual(wrong.status, 401, "\(method) \(path)")
            XCTAssertEqual(wrong.errorCode, "unknown_api_key")
        }
        let keyed = try RawHTTP.request(port: server.port, "GET", "/v1/availability", headers: ["Authorization": "Bearer k-2"])
        XCTAssertEqual(keyed.status, 200)
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/healthz").status, 200, "/healthz stays open")
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/").status, 200, "the page stays open")
    }

    /// New keys take over without a restart (`inkling serve` re-reads `--api-keys` on SIGHUP);
    /// an empty set while keys are required is refused and the old keys stay.
    func testKeysAreReplacedWithoutARestart() throws {
        let server = try ServerFixture.start { $0.apiKeys = ["old"]; $0.requireAPIKey = true }
        defer { server.stop() }
        func status(_ key: String) throws -> Int {
            try RawHTTP.request(port: server.port, "GET", "/v1/availability", headers: ["X-API-Key": key]).status
        }
        XCTAssertEqual(try status("old"), 200)
        try server.reloadAPIKeys(["new"])
        XCTAssertEqual(try status("old"), 401)
        XCTAssertEqual(try status("new"), 200)
        XCTAssertThrowsError(try server.reloadAPIKeys([]))
        XCTAssertEqual(try status("new"), 200, "the keys in use stay")
    }

    func testARequiredKeyNeedsKeys() {
        var configuration = ServerConfiguration()
        configuration.requireAPIKey = true
        XCTAssertThrowsError(try configuration.validate())
    }

    func testHTTPSRefusesARequestWithoutAKeyWith401() throws {
        for tool in ["openssl", "curl"] {
            try XCTSkipUnless(Self.which(tool) != nil, "\(tool) is not installed (scripts/install-deps installs it)")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inkling-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let key = dir.appendingPathComponent("k.pem").path, certificate = dir.appendingPathComponent("c.pem").path
        XCTAssertEqual(try Self.run("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1",
                                                "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1"]).status, 0)
        let identity = TLSIdentity(key: try String(contentsOfFile: key, encoding: .utf8), certificate: try String(contentsOfFile: certificate, encoding: .utf8))
        let server = try ServerFixture.start { $0.apiKeys = ["k-1"]; $0.requireAPIKey = true; $0.tls = identity }
        defer { server.stop() }
        XCTAssertTrue(server.url.hasPrefix("https://"), server.url)
        let url = "https://127.0.0.1:\(server.port)/v1/availability"
        let bare = try Self.run("curl", ["-s", "-i", "--cacert", certificate, url])
        XCTAssertEqual(bare.status, 0, bare.output)
        XCTAssertTrue(bare.output.hasPrefix("HTTP/1.1 401"), bare.output)
        XCTAssertTrue(bare.output.lowercased().contains("www-authenticate: bearer"), bare.output)
        let keyed = try Self.run("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--cacert", certificate, "-H", "X-API-Key: k-1", url])
        XCTAssertEqual(keyed.output, "200")
        let plain = try Self.run("curl", ["-s", "-m", "5", "http://127.0.0.1:\(server.port)/healthz"])
        XCTAssertNotEqual(plain.status, 0, "plain HTTP on the HTTPS port is not answered: \(plain.output)")
    }

    private static func which(_ tool: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + tool }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: which(tool) ?? tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
