import Foundation
import InklingImageIO
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `kill -9` at any moment of a render leaves nothing partial behind once the next render into
/// the same folder has run: no hidden temporary file or folder, and every emoji image set there
/// whole (its five sizes and its sidecar) or absent.
final class KilledRenderTests: XCTestCase {
    private var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("inkling")
    }

    private func spawn(_ arguments: [String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        return pid
    }

    private func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    func testKilledRendersLeaveNothingPartialAfterTheNextRun() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: executable.path), "no built inkling next to the tests")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let house = repoPath("Strokes/tablet-pen-house.json")
        // Killed at moments spread over a render's life: starting, painting, writing.
        for (round, delay) in [0.02, 0.08, 0.2, 0.4, 0.7, 1.0, 1.5, 2.5].enumerated() {
            for style in ["emoji", "sketch"] {
                let pid = try spawn(["render", house, "--prompt", "a house", "--style", style, "--size", style == "emoji" ? "512x512" : "512x384",
                                     "--limit", "4", "--seed", "\(round)", "--overwrite", "-o", dir.path])
                usleep(useconds_t(delay * 1_000_000))
                kill(pid, SIGKILL)
                _ = wait(pid)
            }
        }
        // The next render into the folder sweeps what the killed ones left.
        let next = try spawn(["render", house, "--prompt", "a house", "--style", "emoji", "--size", "256x256", "--seed", "99", "--overwrite", "-o", dir.path])
        XCTAssertEqual(wait(next), 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        XCTAssertEqual(names.filter { $0.hasPrefix(".") }, [], "hidden temporaries left behind")
        for name in names where name.contains("-emoji-") {
            let files = Set(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent(name).path))
            XCTAssertEqual(files, ["emoji-40.png", "emoji-64.png", "emoji-96.png", "emoji-160.png", "emoji-320.png", "emoji.json"], "\(name) is not whole")
        }
    }

    /// The sweep removes only what processes that no longer run left.
    func testTheSweepKeepsALiveWritersTemporaries() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let dead = try spawn(["--version"])
        _ = wait(dead)
        let mine = AtomicFile.temporaryName(for: "a.png")
        let theirs = ".b.png.inkling-\(dead)-abc.tmp"
        for name in [mine, theirs, ".unrelated.tmp", "kept.png"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: dir.appendingPathComponent(name).path, contents: Data([1])))
        }
        XCTAssertEqual(AtomicFile.sweepAbandoned(in: dir), 1)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)), [mine, ".unrelated.tmp", "kept.png"])
    }
}
