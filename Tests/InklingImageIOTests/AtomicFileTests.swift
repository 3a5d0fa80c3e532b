import Foundation
import Testing
@testable import InklingImageIO

@Suite("Atomic file writes")
struct AtomicFileTests {
    @Test("writes a new file and replaces an existing one")
    func writeAndReplace() throws {
        try TestImages.withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("out.bin")
            try AtomicFile.write([1, 2, 3], to: url)
            #expect(try Data(contentsOf: url) == Data([1, 2, 3]))
            try AtomicFile.write(Array(repeating: 9, count: 100_000), to: url)
            #expect(try Data(contentsOf: url) == Data(repeating: 9, count: 100_000))
            try AtomicFile.write([], to: url)
            #expect(try Data(contentsOf: url).isEmpty)
            #expect(TestImages.contents(of: directory) == ["out.bin"], "no temporary file left")
        }
    }

    @Test("an existing file keeps its permission bits")
    func keepsMode() throws {
        try TestImages.withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("secret.png")
            try AtomicFile.write([1], to: url)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
            try AtomicFile.write([2], to: url)
            let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
        }
    }

    @Test("a missing destination directory is a clear error and creates nothing")
    func missingDirectory() throws {
        try TestImages.withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("missing/out.png")
            let error = try #require(throws: AtomicFileError.self) { try AtomicFile.write([1], to: url) }
            #expect(error.path == url.path)
            #expect(error.reason.contains("does not exist"))
            #expect(error.description.hasPrefix("cannot write \(url.path): "))
            #expect(!error.description.contains("\n"))
            #expect(TestImages.contents(of: directory).isEmpty)
        }
    }

    @Test("a parent that is a regular file is a clear error and the file is untouched")
    func parentIsFile() throws {
        try TestImages.withTemporaryDirectory { directory in
            let parent = directory.appendingPathComponent("plain")
            try Data([7, 7]).write(to: parent)
            let error = try #require(throws: AtomicFileError.self) {
                try AtomicFile.write([1], to: parent.appendingPathComponent("out.png"))
            }
            #expect(error.reason.contains("not a directory"))
            #expect(try Data(contentsOf: parent) == Data([7, 7]))
            #expect(TestImages.contents(of: directory) == ["plain"])
        }
    }

    @Test("a directory in the destination's place stays, with its contents")
    func destinationIsDirectory() throws {
        try TestImages.withTemporaryDirectory { directory in
            let destination = directory.appendingPathComponent("taken")
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
            try Data([5]).write(to: destination.appendingPathComponent("inner"))
            #expect(throws: AtomicFileError.self) { try AtomicFile.write([1], to: destination) }
            #expect(throws: AtomicFileError.self) { try AtomicFile.write([1], to: directory) }
            #expect(TestImages.contents(of: directory) == ["taken"])
            #expect(try Data(contentsOf: destination.appendingPathComponent("inner")) == Data([5]))
        }
    }

    @Test("a failure just before the rename leaves the old file intact and no temporary file")
    func failureKeepsOldFile() throws {
        try TestImages.withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("out.png")
            try AtomicFile.write([1, 2, 3], to: url)
            #expect(throws: AtomicFileError.self) {
                try AtomicFile.write(Array(repeating: 4, count: 50_000), to: url, failingBeforeRename: true)
            }
            #expect(try Data(contentsOf: url) == Data([1, 2, 3]))
            #expect(TestImages.contents(of: directory) == ["out.png"])
        }
    }

    @Test("long file names still leave room for the temporary name")
    func longName() throws {
        try TestImages.withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent(String(repeating: "n", count: 250) + ".png")
            try AtomicFile.write([1], to: url)
            #expect(try Data(contentsOf: url) == Data([1]))
        }
    }

    @Test("a URL that is not a file URL is refused")
    func notFileURL() throws {
        let url = try #require(URL(string: "https://example.com/out.png"))
        let error = try #require(throws: AtomicFileError.self) { try AtomicFile.write([1], to: url) }
        #expect(error.reason == "not a file URL")
    }

    @Test("a concurrent reader sees the old or the new file, never a partial one")
    func concurrentReader() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("inkling-atomic-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("live.bin")
        let versions = (0..<4).map { [UInt8](repeating: UInt8($0 + 1), count: 1 << 20) }
        try AtomicFile.write(versions[0], to: url)

        let rounds = 40
        let seen = try await withThrowingTaskGroup(of: [Int].self) { group in
            group.addTask {
                for round in 1...rounds { try AtomicFile.write(versions[round % versions.count], to: url) }
                return []
            }
            group.addTask {
                var seen: [Int] = []
                for _ in 0..<400 {
                    let bytes = try [UInt8](Data(contentsOf: url))
                    seen.append(versions.firstIndex(of: bytes) ?? -1)
                    await Task.yield()
                }
                return seen
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(!seen.contains(-1), "a reader saw a partial or mixed file")
        #expect(TestImages.contents(of: directory) == ["live.bin"])
    }
}
