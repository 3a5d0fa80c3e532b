import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import InklingRedis
import InklingRedisTestSupport
import XCTest

/// `inkling serve --cluster` and `inkling worker` as separate processes around one real
/// redis-server, with short timings, for the tests that kill members with SIGKILL.
final class ClusterProcesses: @unchecked Sendable {
    /// One child process and what it printed.
    final class Member: @unchecked Sendable {
        let process: Process
        let name: String
        let log: URL
        /// A worker's `--name` (what its `started` events and the member list call it).
        let clusterName: String?
        init(process: Process, name: String, log: URL, clusterName: String? = nil) {
            self.process = process
            self.name = name
            self.log = log
            self.clusterName = clusterName
        }

        /// SIGKILL, and wait for it.
        func kill() {
            guard process.isRunning else { return }
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        /// SIGTERM, and wait up to `seconds`.
        func terminate(within seconds: Double = 20) {
            guard process.isRunning else { return }
            process.terminate()
            let end = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < end { usleep(20_000) }
            kill()
        }

        /// What it wrote on standard error.
        var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
    }

    let redis: RedisTestServer
    let directory: URL
    private let lock = NSLock()
    private var members: [Member] = []
    private var counter = 0
    /// Timing options every member gets.
    let timings: [String]

    /// Starts redis-server (with AOF when asked) and nothing else yet.
    /// With a `password`, members get it from `INKLING_REDIS_PASSWORD`, as an operator would
    /// give it.
    init(appendOnly: Bool = false, password: String? = nil, heartbeat: Double = 0.2, visibility: Double = 2) throws {
        redis = try RedisTestServer(appendOnly: appendOnly, password: password)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("inkling-cluster-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        timings = ["--heartbeat", String(heartbeat), "--visibility", String(visibility)]
    }

    deinit {
        for member in lock.withLock({ members }) { member.kill() }
        try? FileManager.default.removeItem(at: directory)
    }

    /// The URL members are given: Redis on loopback, without the password (which they read from
    /// the environment).
    var memberURL: String { "redis://127.0.0.1:\(redis.port)/0" }

    static let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()

    /// Every line of every member's log (killed ones' too) that mentions `text`, each after its
    /// log's name.
    func logLines(mentioning text: String) -> [String] {
        let logs = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        return logs.filter { $0.pathExtension == "log" }.sorted { $0.path < $1.path }.flatMap { log in
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n")
                .filter { $0.contains(text) }.map { "\(log.deletingPathExtension().lastPathComponent): \($0)" }
        }
    }

    /// Starts `executable` with `arguments`; standard output goes to a pipe that is returned.
    /// In `namespace` (a ``NetworkNamespace``), through `ip netns exec`, which becomes the child.
    private func launch(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                        clusterName: String? = nil, namespace: NetworkNamespace? = nil) throws -> (Member, Pipe) {
        let process = Process()
        let path = Self.binaries.appendingPathComponent(executable)
        if let namespace {
            process.executableURL = URL(fileURLWithPath: NetworkNamespace.ip)
            process.arguments = ["netns", "exec", namespace.name, path.path] + arguments
        } else {
            process.executableURL = path
            process.arguments = arguments
        }
        var env = ProcessInfo.processInfo.environment
        if let password = redis.password { env[RedisURL.passwordVariable] = password }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let index = lock.withLock { counter += 1; return counter }
        let log = directory.appendingPathComponent("\(executable)-\(index).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let member = Member(process: process, name: "\(executable)-\(index)", log: log, clusterName: clusterName)
        lock.withLock { members.append(member) }
        return (member, out)
    }

    /// The first line a child prints on standard output (within 20 s).
    private static func firstLine(of pipe: Pipe, _ member: Member) throws -> String {
        let handle = pipe.fileHandleForReading
        var bytes: [UInt8] = []
        let end = Date().addingTimeInterval(20)
        while Date() < end {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            bytes += chunk
            if let newline = bytes.firstIndex(of: 10) { return String(decoding: bytes[..<newline], as: UTF8.self) }
        }
        throw NSError(domain: "cluster", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(member.name) printed no line; it said: \(member.output)"])
    }

    /// A front end; returns it and its base URL.
    func frontEnd(_ extra: [String] = []) throws -> (Member, URL) {
        let rate = extra.contains("--rate") ? [] : ["--rate", "0"]
        let (member, out) = try launch("inkling", ["serve", "--cluster", memberURL, "--port", "0"] + rate + timings + extra)
        let line = try Self.firstLine(of: out, member)
        guard let url = URL(string: line) else { throw NSError(domain: "cluster", code: 2, userInfo: [NSLocalizedDescriptionKey: "not a URL: \(line)"]) }
        return (member, url)
    }

    /// A worker (built-in engine unless `extra` says otherwise); waits until it has joined: its
    /// first heartbeat is in the member list, so front ends can route to it. In `namespace` it
    /// reaches Redis at `redisURL`.
    func worker(_ extra: [String] = [], environment: [String: String] = [:], namespace: NetworkNamespace? = nil,
                redisURL: String? = nil) throws -> Member {
        let name = "w\(lock.withLock { counter + 1 })-\(UInt16.random(in: 0...UInt16.max))"
        let (member, _) = try launch("inkling", ["worker", "--cluster", redisURL ?? memberURL, "--name", name] + timings + extra,
                                     environment: environment, clusterName: name, namespace: namespace)
        let end = Date().addingTimeInterval(20)
        while Date() < end {
            if member.output.contains("working for"),
               (try? RedisConnection(url: redis.url).command(["ZSCORE", "inkling:workers", .init(name)]))?.isNull == false {
                return member
            }
            if !member.process.isRunning { break }
            usleep(20_000)
        }
        throw NSError(domain: "cluster", code: 3, userInfo: [NSLocalizedDescriptionKey: "the worker did not start: \(member.output)"])
    }

    /// The fake engines (ComfyUI and others) with `stepSeconds` per sampling step, in
    /// `namespace` if given (on its loopback, for a worker there); returns the engine
    /// configuration's path.
    func fakeEngines(stepSeconds: Double, namespace: NetworkNamespace? = nil) throws -> String {
        let config = directory.appendingPathComponent("engines-\(UUID().uuidString).json").path
        let (member, out) = try launch("inkling-fake-engines", [config, "600"], environment: ["INKLING_FAKE_STEP_SECONDS": String(stepSeconds)],
                                       namespace: namespace)
        _ = try Self.firstLine(of: out, member)
        return config
    }
}

/// A small blocking HTTP client for the tests (URLSession underneath).
enum HTTP {
    struct Answer {
        var status: Int
        var body: [UInt8]
        var headers: [String: String]
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any] { ((try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]) ?? [:] }
        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
    }

    /// One request; throws when no answer came (connection refused or dropped).
    static func send(_ method: String, _ url: URL, body: [UInt8]? = nil, headers: [String: String] = [:], timeout: Double = 60) throws -> Answer {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        if let body { request.httpBody = Data(body) }
        for (key, value) in headers { request.setValue(value, forHTTPHeaderField: key) }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<Answer, Error> = .failure(URLError(.unknown))
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            if let response = response as? HTTPURLResponse, error == nil {
                var headers: [String: String] = [:]
                for (key, value) in response.allHeaderFields { headers[String(describing: key).lowercased()] = String(describing: value) }
                result = .success(Answer(status: response.statusCode, body: [UInt8](data ?? Data()), headers: headers))
            } else {
                result = .failure(error ?? URLError(.badServerResponse))
            }
            done.signal()
        }
        task.resume()
        done.wait()
        return try result.get()
    }
}
