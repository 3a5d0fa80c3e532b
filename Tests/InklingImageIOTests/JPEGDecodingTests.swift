import Foundation
import Testing
@testable import InklingImageIO

/// Real JPEGs (committed fixtures) decode to the pixels they were encoded from, within JPEG's loss.
@Suite("JPEG decoding")
struct JPEGDecodingTests {
    @Test("baseline 4:4:4 RGB matches its source closely")
    func baseline444() throws {
        let image = try JPEGCodec.decode(JPEGFixtures.bytes("baseline-444-32x24.jpg"))
        #expect(image.width == 32 && image.height == 24 && image.format == .rgb)
        let diff = JPEGFixtures.difference(image, JPEGFixtures.gradient(width: 32, height: 24))
        #expect(diff.max <= 12 && diff.mean <= 2.5, "max \(diff.max), mean \(diff.mean)")
    }

    @Test("4:2:0 subsampled, odd size, baseline and progressive",
          arguments: ["baseline-420-33x17.jpg", "progressive-420-33x17.jpg"])
    func subsampledOddSize(name: String) throws {
        let image = try JPEGCodec.decode(JPEGFixtures.bytes(name))
        #expect(image.width == 33 && image.height == 17 && image.format == .rgb)
        let diff = JPEGFixtures.difference(image, JPEGFixtures.gradient(width: 33, height: 17))
        #expect(diff.max <= 32 && diff.mean <= 4, "max \(diff.max), mean \(diff.mean)")
    }

    @Test("baseline and progressive encodings of one image decode alike")
    func progressiveMatchesBaseline() throws {
        let baseline = try JPEGCodec.decode(JPEGFixtures.bytes("baseline-420-33x17.jpg"))
        let progressive = try JPEGCodec.decode(JPEGFixtures.bytes("progressive-420-33x17.jpg"))
        #expect(JPEGFixtures.difference(baseline, progressive).mean <= 3)
    }

    @Test("grayscale JPEG decodes to gray")
    func grayscale() throws {
        let image = try JPEGCodec.decode(JPEGFixtures.bytes("gray-31x9.jpg"))
        #expect(image.width == 31 && image.height == 9 && image.format == .gray)
        let diff = JPEGFixtures.difference(image, JPEGFixtures.grayRamp(width: 31, height: 9))
        #expect(diff.max <= 8 && diff.mean <= 2, "max \(diff.max), mean \(diff.mean)")
    }

    @Test("Adobe CMYK becomes RGB: cyan stays cyan, half black becomes mid gray")
    func cmyk() throws {
        let image = try JPEGCodec.decode(JPEGFixtures.bytes("cmyk-adobe-16x8.jpg"))
        #expect(image.width == 16 && image.height == 8 && image.format == .rgb)
        let cyan = Array(image[2, 3]), gray = Array(image[13, 4])
        #expect(abs(Int(cyan[0]) - 0) <= 6 && abs(Int(cyan[1]) - 255) <= 6 && abs(Int(cyan[2]) - 255) <= 6, "\(cyan)")
        #expect(gray.allSatisfy { abs(Int($0) - 127) <= 6 }, "\(gray)")
    }

    @Test("EXIF orientation 6 is applied unless asked not to")
    func orientation() throws {
        let bytes = try JPEGFixtures.bytes("exif-orientation6-8x4.jpg")
        #expect(try JPEGCodec.orientation(of: bytes) == .right)
        let stored = try JPEGCodec.decode(bytes, applyingOrientation: false)
        #expect(stored.width == 8 && stored.height == 4)
        #expect(stored[1, 1].first! > 200 && stored[6, 1].last! > 200)  // red left, blue right
        let upright = try JPEGCodec.decode(bytes)
        #expect(upright.width == 4 && upright.height == 8)
        #expect(upright[1, 1].first! > 200 && upright[1, 1].last! < 60)  // red on top
        #expect(upright[2, 6].last! > 200 && upright[2, 6].first! < 60)  // blue below
        #expect(upright == stored.oriented(.right))
        #expect(try JPEGCodec.orientation(of: JPEGFixtures.bytes("gray-31x9.jpg")) == nil)
    }

    @Test("the eight orientations move a marked corner where EXIF says")
    func orientations() {
        // 3×2 image, pixel value = index; pixel 0 is the stored top-left corner.
        let image = RasterImage(width: 3, height: 2, format: .gray, pixels: [0, 1, 2, 3, 4, 5])
        let expected: [ImageOrientation: [UInt8]] = [
            .up: [0, 1, 2, 3, 4, 5], .upMirrored: [2, 1, 0, 5, 4, 3],
            .down: [5, 4, 3, 2, 1, 0], .downMirrored: [3, 4, 5, 0, 1, 2],
            .leftMirrored: [0, 3, 1, 4, 2, 5], .right: [3, 0, 4, 1, 5, 2],
            .rightMirrored: [5, 2, 4, 1, 3, 0], .left: [2, 5, 1, 4, 0, 3],
        ]
        for orientation in ImageOrientation.allCases {
            let turned = image.oriented(orientation)
            #expect(turned.pixels == expected[orientation], "\(orientation)")
            #expect((turned.width, turned.height) == (orientation.swapsSides ? (2, 3) : (3, 2)))
        }
    }

    @Test("decoding is deterministic")
    func deterministic() throws {
        for name in JPEGFixtures.all {
            let bytes = try JPEGFixtures.bytes(name)
            #expect(try JPEGCodec.decode(bytes) == JPEGCodec.decode(bytes), "\(name)")
        }
    }
}
