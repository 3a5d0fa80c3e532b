import Foundation
import InklingCLI

/// A ``CommandIO`` that records output in memory and serves a fixed standard input.
final class BufferIO: CommandIO, @unchecked Sendable {
    private let lock = NSLock()
    private var out: [UInt8] = []
    private var err: [String] = []
    private let input: [UInt8]

    init(input: [UInt8] = []) { self.input = input }

    var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    var stdoutBytes: [UInt8] { lock.withLock { out } }
    var stderrLines: [String] { lock.withLock { err } }

    func write(_ bytes: [UInt8]) { lock.withLock { out += bytes } }
    func writeError(_ line: String) { lock.withLock { err.append(line) } }
    func readInput(limit: Int) throws(CommandFailure) -> [UInt8]? { input.count > limit ? nil : input }
}

/// Runs `inkling` in-process.
func inkling(_ arguments: [String], input: [UInt8] = []) async -> (status: Int32, io: BufferIO) {
    let io = BufferIO(input: input)
    let status = await RootCommand.main(arguments: arguments, io: io)
    return (status, io)
}

/// Runs `inkling` in-process.
func inkling(_ arguments: String..., input: [UInt8] = []) async -> (status: Int32, io: BufferIO) {
    await inkling(arguments, input: input)
}

/// The repository root, found from this file's location.
let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    fatalError("Package.swift not found above \(#filePath)")
}()

/// A path inside the repository.
func repoPath(_ relative: String) -> String { repositoryRoot.appendingPathComponent(relative).path }

/// A fresh temporary directory.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("inkling-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
