import Foundation
import XCTest

/// A real `inkling serve` (the debug binary next to the tests) on a free loopback port, stopped
/// when the test ends.
final class ServeProcess {
    let process: Process
    let url: URL
    private let directory: URL

    /// Starts `inkling serve --port 0` with `arguments`.
    init(_ arguments: [String] = []) throws {
        let bin = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let inkling = bin.appendingPathComponent("inkling")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: inkling.path), "no built inkling at \(inkling.path)")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("inkling-client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let extra = arguments
        process = Process()
        process.executableURL = inkling
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0"] + extra
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = try Self.firstLine(of: out)
        guard let start = line.range(of: "http://") else { throw NSError(domain: "serve", code: 1, userInfo: [NSLocalizedDescriptionKey: "serve said: \(line)"]) }
        url = URL(string: String(line[start.lowerBound...]).split(separator: " ")[0].trimmingCharacters(in: CharacterSet(charactersIn: "/")))!
    }

    /// Kills the server at once (no drain), as a crash or a pulled cable would.
    func kill() { if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }

    deinit {
        for p in [process] where p.isRunning { p.terminate(); p.waitUntilExit() }
        try? FileManager.default.removeItem(at: directory)
    }

    private static func firstLine(of pipe: Pipe) throws -> String {
        var line = [UInt8]()
        while let byte = try pipe.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 { line.append(byte) }
        return String(decoding: line, as: UTF8.self)
    }
}
