import Testing
@testable import InklingImageIO

/// Broken and hostile JPEGs must give a clear error, never a crash or a huge allocation.
@Suite("JPEG malformed input")
struct JPEGMalformedInputTests {
    static func decodeError(_ bytes: [UInt8], maxPixels: Int = 1 << 28) -> JPEGError? {
        do {
            _ = try JPEGCodec.decode(bytes, maxPixels: maxPixels)
            return nil
        } catch {
            #expect(!error.description.isEmpty && !error.description.contains("\n"))
            return error
        }
    }

    /// Offset of the first SOFn marker's segment (FF C0…C2).
    static func frameHeader(_ jpeg: [UInt8]) -> Int? {
        (2..<jpeg.count - 1).first { jpeg[$0] == 0xFF && (0xC0...0xC2).contains(jpeg[$0 + 1]) }
    }

    @Test("empty data")
    func empty() {
        #expect(Self.decodeError([]) == .empty)
    }

    @Test("data that is not a JPEG",
          arguments: [Array("GIF89a....".utf8), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
                      Array("hello".utf8), [0xD8, 0xFF, 0xE0], [0xFF, 0xD9]])
    func notJPEG(bytes: [UInt8]) {
        #expect(Self.decodeError(bytes) == .notJPEG)
    }

    @Test("every proper prefix of a valid JPEG is reported as truncated",
          arguments: ["baseline-444-32x24.jpg", "progressive-420-33x17.jpg", "cmyk-adobe-16x8.jpg"])
    func everyPrefix(name: String) throws {
        let jpeg = try JPEGFixtures.bytes(name)
        for cut in 1..<jpeg.count {
            let error = Self.decodeError(Array(jpeg.prefix(cut)))
            #expect(error == .truncated, "cut at \(cut) of \(jpeg.count): \(String(describing: error))")
        }
    }

    @Test("garbage after the start-of-image marker is an error")
    func garbageAfterSOI() {
        var generator = SplitMix(seed: 7)
        for length in [1, 2, 10, 100, 1000] {
            let bytes = [0xFF, 0xD8] + (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let error = Self.decodeError(bytes)
            #expect(error != nil, "length \(length)")
        }
        guard case .corrupt = Self.decodeError([0xFF, 0xD8, 0x00, 0x01, 0x02, 0x03, 0xFF, 0xD9]) else {
            Issue.record("expected corrupt"); return
        }
    }

    @Test("huge declared dimensions are refused before allocating")
    func hugeDimensions() throws {
        var jpeg = try JPEGFixtures.bytes("baseline-444-32x24.jpg")
        let sof = try #require(Self.frameHeader(jpeg))
        // SOF: FF Cx, length(2), precision(1), height(2), width(2).
        jpeg[sof + 5] = 0xFD; jpeg[sof + 6] = 0xE8   // 65000
        jpeg[sof + 7] = 0xFD; jpeg[sof + 8] = 0xE8
        let error = Self.decodeError(jpeg)
        #expect(error == .tooLarge(width: 65000, height: 65000))
        #expect(error?.description.contains("65000×65000") == true)
        // The header alone is enough to refuse it.
        let scan = try #require((2..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        #expect(Self.decodeError(Array(jpeg.prefix(scan + 20))) == .tooLarge(width: 65000, height: 65000))
    }

    @Test("zero height is corrupt, not a crash")
    func zeroHeight() throws {
        var jpeg = try JPEGFixtures.bytes("baseline-444-32x24.jpg")
        let sof = try #require(Self.frameHeader(jpeg))
        jpeg[sof + 5] = 0; jpeg[sof + 6] = 0
        #expect(Self.decodeError(jpeg) != nil)
    }

    @Test("maxPixels is the caller's limit")
    func callerLimit() throws {
        let jpeg = try JPEGFixtures.bytes("baseline-444-32x24.jpg")  // 768 pixels
        #expect(Self.decodeError(jpeg, maxPixels: 767) == .tooLarge(width: 32, height: 24))
        #expect(try JPEGCodec.decode(jpeg, maxPixels: 768).width == 32)
    }

    @Test("random damage never crashes", arguments: 0..<4)
    func fuzz(seed: Int) throws {
        var generator = SplitMix(seed: UInt64(seed))
        for name in JPEGFixtures.all {
            let jpeg = try JPEGFixtures.bytes(name)
            for _ in 0..<60 {
                var damaged = jpeg
                for _ in 0...Int(generator.next() % 6) {
                    damaged[2 + Int(generator.next() % UInt64(jpeg.count - 2))] = UInt8(truncatingIfNeeded: generator.next())
                }
                if generator.next() % 3 == 0 {
                    damaged = Array(damaged.prefix(Int(generator.next() % UInt64(jpeg.count))))
                }
                if let image = try? JPEGCodec.decode(damaged, maxPixels: 1 << 20) {
                    #expect(image.pixels.count == image.width * image.height * image.format.channels)
                }
            }
        }
    }
}
