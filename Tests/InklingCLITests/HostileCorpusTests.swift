import Foundation
import XCTest
import Inkling
@testable import InklingCLI

/// Runs every case of `Tests/Hostile/*.json` against the built `inkling` executable: the exact
/// exit status and standard error, inputs left as they were, and no case may hang.
final class HostileCorpusTests: XCTestCase {
    /// One case of the corpus (see `Tests/Hostile/README.md`).
    private struct Case {
        var name: String
        var setup: [[String: Any]]
        var args: [String]
        var stdin: String
        var stdout: String
        var exit: Int32
        var stderr: String?
        var stderrPrefix: String?
        var unchanged: [String]

        init(_ json: [String: Any]) throws {
            name = try XCTUnwrap(json["name"] as? String)
            setup = json["setup"] as? [[String: Any]] ?? []
            args = try XCTUnwrap(json["args"] as? [String], name)
            stdin = json["stdin"] as? String ?? ""
            stdout = json["stdout"] as? String ?? "capture"
            exit = Int32(try XCTUnwrap(json["exit"] as? Int, name))
            stderr = json["stderr"] as? String
            stderrPrefix = json["stderrPrefix"] as? String
            unchanged = json["unchanged"] as? [String] ?? []
            let known: Set = ["name", "setup", "args", "stdin", "stdout", "exit", "stderr", "stderrPrefix", "unchanged"]
            if let extra = Set(json.keys).subtracting(known).first { XCTFail("\(name): unknown key \(extra)") }
        }
    }

    private static let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("inkling")
    private static let corpus = repositoryRoot.appendingPathComponent("Tests/Hostile")

    func testNumbers() throws { try run("numbers.json") }
    func testFiles() throws { try run("files.json") }
    func testStreams() throws { try run("streams.json") }

    func testEveryCorpusFileIsRun() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { $0.hasSuffix(".json") }
        let run: Set = ["numbers.json", "files.json", "streams.json"]
        XCTAssertEqual(Set(files).subtracting(run), [], "add a test method for every corpus file")
    }

    private func run(_ file: String) throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Self.executable.path), "no built inkling at \(Self.executable.path)")
        let data = try Data(contentsOf: Self.corpus.appendingPathComponent(file))
        let cases = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]], file).map(Case.init)
        XCTAssertFalse(cases.isEmpty, file)
        for c in cases { try run(c) }
    }

    private func run(_ c: Case) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let repo = repositoryRoot.path
        func expand(_ text: String) -> String {
            text.replacingOccurrences(of: "{dir}", with: dir.path).replacingOccurrences(of: "{repo}", with: repo)
        }
        func local(_ name: String) -> String { name.hasPrefix("/") ? name : dir.appendingPathComponent(name).path }
        for step in c.setup {
            let to = local(try XCTUnwrap(step["to"] as? String ?? step["fifo"] as? String, "\(c.name): setup needs a name"))
            if let source = step["copy"] as? String {
                try FileManager.default.copyItem(atPath: repositoryRoot.appendingPathComponent(source).path, toPath: to)
            } else if let text = step["write"] as? String {
                try Data(text.utf8).write(to: URL(fileURLWithPath: to))
            } else if let text = step["repeat"] as? String, let times = step["times"] as? Int {
                try Data(String(repeating: text, count: times).utf8).write(to: URL(fileURLWithPath: to))
            } else if step["fifo"] != nil {
                XCTAssertEqual(mkfifo(to, 0o600), 0, c.name)
            } else if let target = step["symlink"] as? String {
                try FileManager.default.createSymbolicLink(atPath: to, withDestinationPath: target)
            } else if let existing = step["hardlink"] as? String {
                XCTAssertEqual(link(local(existing), to), 0, c.name)
            } else {
                XCTFail("\(c.name): unknown setup step \(step)")
            }
        }
        let before = c.unchanged.map { Self.snapshot(local($0)) }

        let process = Process()
        process.executableURL = Self.executable
        process.arguments = c.args.map(expand)
        process.currentDirectoryURL = dir
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        let output = Pipe()
        switch c.stdout {
        case "full": process.standardOutput = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
        case "closed":
            process.standardOutput = output
            try output.fileHandleForReading.close()
        default: process.standardOutput = output
        }
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(c.stdin.utf8))
        try input.fileHandleForWriting.close()
        // Read standard output (unless closed) and standard error concurrently, so neither pipe fills up.
        let captured = ByteSink()
        let reader = c.stdout == "capture" ? Thread { captured.append(output.fileHandleForReading.readDataToEndOfFile()) } : nil
        reader?.start()
        let deadline = Date().addingTimeInterval(30)
        let stderrData = errors.fileHandleForReading.readDataToEndOfFile()
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            XCTFail("\(c.name): still running after 30 s (a hang)")
            return
        }
        let stderrText = String(decoding: stderrData, as: UTF8.self).trimmingCharacters(in: .newlines)
        XCTAssertEqual(process.terminationReason, .exit, "\(c.name): ended by a signal (\(process.terminationStatus)): \(stderrText)")
        XCTAssertEqual(process.terminationStatus, c.exit, "\(c.name): \(stderrText)")
        if let expected = c.stderr { XCTAssertEqual(stderrText, expand(expected), c.name) }
        if let prefix = c.stderrPrefix { XCTAssertTrue(stderrText.hasPrefix(expand(prefix)), "\(c.name): \(stderrText)") }
        XCTAssertFalse(stderrText.contains("Fatal error") || stderrText.contains("Crash"), "\(c.name): \(stderrText)")
        for (name, snapshot) in zip(c.unchanged, before) {
            XCTAssertEqual(Self.snapshot(local(name)), snapshot, "\(c.name): \(name) changed")
        }
    }

    /// What a file is and holds (links are not followed), to tell whether it changed.
    private static func snapshot(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else { return "missing" }
        let mode = info.st_mode & S_IFMT
        switch mode {
        case S_IFREG: return "file " + ((try? Data(contentsOf: URL(fileURLWithPath: path)).base64EncodedString()) ?? "?")
        case S_IFLNK: return "link " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
        default: return "kind \(mode) rdev \(info.st_rdev)"
        }
    }
}

/// Bytes collected from another thread.
private final class ByteSink: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func append(_ more: Data) { lock.withLock { data.append(more) } }
}

/// What a render that stops early says about the files it kept.
final class RenderKeptFilesTests: XCTestCase {
    func testStoppedRendersNameEveryKeptFile() {
        let kept = [URL(fileURLWithPath: "out/house-sketch-7-1.png"), URL(fileURLWithPath: "out/house-sketch-7-3.png")]
        let cancelled = RenderCommand.failure(ImageCreationError.creationCancelled(), kept: kept, of: 4)
        XCTAssertEqual(cancelled.exitCode, .failure)
        XCTAssertEqual(cancelled.message, "image creation was cancelled; kept 2 of 4: out/house-sketch-7-1.png, out/house-sketch-7-3.png")
        XCTAssertEqual(RenderCommand.failure(ImageCreationError.creationCancelled(), kept: [], of: 2).message,
                       "image creation was cancelled; no files were kept")
        let io = RenderCommand.failure(CommandFailure(.io, "cannot write out/x.png: No space left on device"), kept: [kept[0]], of: 2)
        XCTAssertEqual(io.exitCode, .io)
        XCTAssertEqual(io.message, "cannot write out/x.png: No space left on device; kept 1 of 2: out/house-sketch-7-1.png")
        XCTAssertEqual(RenderCommand.failure(CommandFailure(.brokenPipe, "closed"), kept: kept, of: 4).message, "closed")
    }
}
