import Foundation
import Testing
@testable import InklingImageIO

@Suite("Atomic writes replace only what they may")
struct AtomicFileDestinationTests {
    @Test("a FIFO, a device, a socket and a symbolic link are refused and left as they were")
    func nonRegularDestinations() throws {
        try TestImages.withTemporaryDirectory { directory in
            let fifo = directory.appendingPathComponent("pipe")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            var error = try #require(throws: AtomicFileError.self) { try AtomicFile.write([1], to: fifo) }
            #expect(error.kind == .destinationNotRegular(.fifo))
            #expect(FileKind.of(path: fifo.path) == .fifo)

            error = try #require(throws: AtomicFileError.self) { try AtomicFile.write([1], to: URL(fileURLWithPath: "/dev/null")) }
            #expect(error.kind == .destinationNotRegular(.characterDevice))
            #expect(error.description == "cannot write /dev/null: it is a character device; only regular files are replaced")
            #expect(FileKind.of(path: "/dev/null") == .characterDevice)

            let socketPath = directory.appendingPathComponent("sock").path
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, byte) in socketPath.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            #expect(bound == 0)
            error = try #require(throws: AtomicFileError.self) { try AtomicFile.write([1], to: URL(fileURLWithPath: socketPath)) }
            #expect(error.kind == .destinationNotRegular(.socket))

            let target = directory.appendingPathComponent("target.png")
            try Data([7]).write(to: target)
            let link = directory.appendingPathComponent("link.png")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            error = try #require(throws: AtomicFileError.self) { try AtomicFile.write([1], to: link) }
            #expect(error.kind == .destinationNotRegular(.symbolicLink))
            #expect(error.reason.hasPrefix("it is a symbolic link to \(target.path)"))
            #expect(try Data(contentsOf: target) == Data([7]))
            #expect(FileKind.of(path: link.path) == .symbolicLink)
            #expect(TestImages.contents(of: directory).allSatisfy { !$0.hasSuffix(".tmp") }, "no temporary file left")
        }
    }

    @Test("an input is never replaced, whatever name or hard link leads to it")
    func inputsAreProtected() throws {
        try TestImages.withTemporaryDirectory { directory in
            let input = directory.appendingPathComponent("in.json")
            try Data([1, 2]).write(to: input)
            let alias = directory.appendingPathComponent("alias.json")
            #expect(link(input.path, alias.path) == 0)
            let identity = try #require(FileIdentity(path: input.path))
            for url in [input, alias, URL(fileURLWithPath: directory.path + "/./in.json")] {
                let error = try #require(throws: AtomicFileError.self) { try AtomicFile.write([9], to: url, protecting: [identity]) }
                #expect(error.kind == .destinationIsInput)
            }
            #expect(try Data(contentsOf: input) == Data([1, 2]))
        }
    }

    @Test("without overwrite an existing file stays, and a new one is still written atomically")
    func noOverwrite() throws {
        try TestImages.withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("out.png")
            try AtomicFile.write([1], to: url, overwrite: false)
            #expect(try Data(contentsOf: url) == Data([1]))
            let error = try #require(throws: AtomicFileError.self) { try AtomicFile.write([2], to: url, overwrite: false) }
            #expect(error.kind == .destinationExists)
            #expect(try Data(contentsOf: url) == Data([1]))
            #expect(TestImages.contents(of: directory) == ["out.png"], "no temporary file left")
            #expect(throws: AtomicFileError.self) { try AtomicFile.checkDestination(url, overwrite: false) }
            try AtomicFile.checkDestination(url, overwrite: true)
        }
    }

    @Test("file contents: a cap before reading, and FIFOs and devices refused without blocking")
    func cappedReads() throws {
        try TestImages.withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("data.bin")
            try Data(repeating: 3, count: 1000).write(to: url)
            #expect(try FileContents.read(path: url.path, maxBytes: 1000).count == 1000)
            #expect(throws: FileReadError.tooLarge(path: url.path, bytes: 1000, limit: 999)) {
                try FileContents.read(path: url.path, maxBytes: 999)
            }
            let fifo = directory.appendingPathComponent("pipe")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            #expect(throws: FileReadError.notRegular(path: fifo.path, kind: .fifo)) { try FileContents.read(path: fifo.path, maxBytes: 10) }
            #expect(throws: FileReadError.notRegular(path: "/dev/zero", kind: .characterDevice)) {
                try FileContents.read(path: "/dev/zero", maxBytes: 10)
            }
            #expect(throws: FileReadError.missing(path: directory.path + "/nope")) { try FileContents.read(path: directory.path + "/nope", maxBytes: 10) }
            #expect(FileReadError.notRegular(path: "p", kind: .fifo).description == "p: is a FIFO (named pipe), not a regular file")
        }
    }
}
