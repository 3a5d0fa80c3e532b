import Foundation
import Testing
@testable import InklingImageIO

/// `ImageFile` sniffs the format from the bytes, and its errors name the file.
@Suite("Image file reading")
struct ImageFileTests {
    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("inkling-imagefile-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func readError(_ url: URL) -> ImageFileError? {
        do {
            _ = try ImageFile.read(from: url)
            return nil
        } catch {
            #expect(!error.description.contains("\n"))
            return error
        }
    }

    @Test("PNG and JPEG are recognised by signature, whatever the extension")
    func sniffing() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = RasterImage(width: 3, height: 2, format: .rgba, pixels: (0..<24).map { UInt8($0 * 10) })
        let png = try PNGCodec.encode(PNGDocument(image: image, text: []))
        let pngURL = directory.appendingPathComponent("picture.jpg")
        try Data(png).write(to: pngURL)
        #expect(try ImageFile.read(from: pngURL) == image)

        let jpeg = try JPEGFixtures.bytes("baseline-444-32x24.jpg")
        let jpegURL = directory.appendingPathComponent("photo.png")
        try Data(jpeg).write(to: jpegURL)
        #expect(try ImageFile.read(from: jpegURL) == JPEGCodec.decode(jpeg))
        #expect(ImageFile.format(of: png) == .png && ImageFile.format(of: jpeg) == .jpeg)
        #expect(try ImageFile.decode(jpeg) == JPEGCodec.decode(jpeg))
    }

    @Test("a JPEG's orientation is applied")
    func orientation() throws {
        let url = JPEGFixtures.directory.appendingPathComponent("exif-orientation6-8x4.jpg")
        let image = try ImageFile.read(from: url)
        #expect(image.width == 4 && image.height == 8)
    }

    @Test("other formats are refused, naming the file and the supported formats")
    func unsupported() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("notes.png")
        try Data("GIF89a not really".utf8).write(to: url)
        let error = Self.readError(url)
        #expect(error == .unsupportedFormat(path: url.path))
        #expect(error?.description.contains(url.path) == true)
        #expect(error?.description.contains("PNG and JPEG") == true)
    }

    @Test("empty, missing and directory paths")
    func unreadable() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let empty = directory.appendingPathComponent("empty.jpg")
        try Data().write(to: empty)
        #expect(Self.readError(empty) == .empty(path: empty.path))
        let missing = directory.appendingPathComponent("missing.jpg")
        guard case .unreadable(let path, _) = Self.readError(missing) else { Issue.record("expected unreadable"); return }
        #expect(path == missing.path)
        guard case .unreadable = Self.readError(directory) else { Issue.record("expected unreadable"); return }
        guard case .unreadable = Self.readError(URL(string: "https://example.com/a.png")!) else {
            Issue.record("expected unreadable"); return
        }
    }

    @Test("decoder errors carry the file name and the codec's reason")
    func decoderErrors() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jpeg = try JPEGFixtures.bytes("baseline-444-32x24.jpg")
        let url = directory.appendingPathComponent("cut.jpg")
        try Data(jpeg.prefix(300)).write(to: url)
        let error = Self.readError(url)
        #expect(error == .jpeg(path: url.path, .truncated))
        #expect(error?.description.hasPrefix(url.path + ": JPEG data ends early") == true)
        let png = try PNGCodec.encode(PNGDocument(image: RasterImage(width: 2, height: 2, format: .gray), text: []))
        #expect(throws: ImageFileError.png(path: "x", .truncated)) { try ImageFile.decode(Array(png.prefix(20)), name: "x") }
        #expect(throws: ImageFileError.jpeg(path: "image data", .tooLarge(width: 32, height: 24))) {
            try ImageFile.decode(jpeg, maxPixels: 100)
        }
    }
}
