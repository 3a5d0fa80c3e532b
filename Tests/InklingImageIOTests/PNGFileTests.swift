import Foundation
import Testing
@testable import InklingImageIO

@Suite("PNG files")
struct PNGFileTests {
    static let document = PNGDocument(image: TestImages.pattern(width: 31, height: 9, format: .rgba),
                                      text: [PNGTextChunk(keyword: "prompt", text: "雪の狐"),
                                             PNGTextChunk(keyword: "seed", text: "7")])

    @Test("write then read returns the document; the file holds exactly the encoded bytes")
    func roundTrip() throws {
        try TestImages.withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("fox.png")
            try PNGFile.write(Self.document, to: url)
            #expect(try PNGFile.read(from: url) == Self.document)
            #expect(try [UInt8](Data(contentsOf: url)) == PNGCodec.encode(Self.document))
            try PNGFile.write(Self.document, to: url, compressionLevel: 0)
            #expect(try [UInt8](Data(contentsOf: url)) == PNGCodec.encode(Self.document, compressionLevel: 0))
            #expect(TestImages.contents(of: directory) == ["fox.png"])
        }
    }

    @Test("reading a missing file names the path and the reason")
    func missingFile() throws {
        try TestImages.withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("nope.png")
            let error = try #require(throws: PNGError.self) { try PNGFile.read(from: url) }
            #expect(error == .io(path: url.path, reason: "no such file"))
            #expect(error.description == "\(url.path): no such file")
        }
    }

    @Test("reading a directory or an empty file")
    func notAFile() throws {
        try TestImages.withTemporaryDirectory { directory in
            #expect(throws: PNGError.io(path: directory.path, reason: "is a directory, not a regular file")) {
                try PNGFile.read(from: directory)
            }
            let empty = directory.appendingPathComponent("empty.png")
            try Data().write(to: empty)
            #expect(throws: PNGError.empty) { try PNGFile.read(from: empty) }
        }
    }

    @Test("maxPixels applies to files too")
    func limit() throws {
        try TestImages.withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("fox.png")
            try PNGFile.write(Self.document, to: url)
            #expect(throws: PNGError.tooLarge(width: 31, height: 9)) { try PNGFile.read(from: url, maxPixels: 100) }
        }
    }

    @Test("a write into a missing directory is an io error and leaves nothing behind")
    func writeFailure() throws {
        try TestImages.withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("missing/fox.png")
            let error = try #require(throws: PNGError.self) { try PNGFile.write(Self.document, to: url) }
            guard case .io(let path, let reason) = error else { Issue.record("expected io, got \(error)"); return }
            #expect(path == url.path)
            #expect(reason.contains("does not exist"))
            #expect(TestImages.contents(of: directory).isEmpty)
        }
    }

    @Test("an invalid document fails before touching the file")
    func invalidDocument() throws {
        try TestImages.withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("fox.png")
            try PNGFile.write(Self.document, to: url)
            var bad = Self.document
            bad.text.append(PNGTextChunk(keyword: " bad", text: "x"))
            #expect(throws: PNGError.invalidKeyword(" bad")) { try PNGFile.write(bad, to: url) }
            #expect(try PNGFile.read(from: url) == Self.document)
        }
    }
}
