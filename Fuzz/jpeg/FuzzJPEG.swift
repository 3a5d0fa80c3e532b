// libFuzzer target for JPEG decoding (product fuzz-jpeg), libjpeg-turbo through the CInklingJPEG shim.
//
// Properties checked on every input:
// - an error is one line, and decoding with or without the EXIF orientation fails alike;
// - a decoded image is gray or RGB, within the pixel limit, with width × height × channels bytes;
// - the oriented image is the stored one turned by `JPEGCodec.orientation(of:)`: the same
//   pixels, sides swapped for orientations 5–8.

import InklingFuzzSupport
import InklingImageIO

/// The pixel limit: small, so that the fuzzer spends its time in the parser, not in allocation.
private let maxPixels = 1 << 20

/// Decodes one input three ways and checks the properties above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Fuzz.bytes(data, size)
    let stored: RasterImage
    do {
        stored = try JPEGCodec.decode(bytes, maxPixels: maxPixels, applyingOrientation: false)
    } catch {
        Fuzz.requireOneLine(error.description, "JPEG error")
        do {
            _ = try JPEGCodec.decode(bytes, maxPixels: maxPixels)
            Fuzz.fail("JPEG decodes with its orientation applied but not as stored: \(error)")
        } catch let again {
            if again != error { Fuzz.fail("JPEG errors differ: \(error) / \(again)") }
        }
        return 0
    }
    if stored.format != .gray && stored.format != .rgb { Fuzz.fail("JPEG decoded as \(stored.format)") }
    if stored.width < 1 || stored.height < 1 || stored.width * stored.height > maxPixels {
        Fuzz.fail("decoded a \(stored.width)×\(stored.height) JPEG with a limit of \(maxPixels) pixels")
    }
    if stored.pixels.count != stored.width * stored.height * stored.format.channels {
        Fuzz.fail("\(stored.width)×\(stored.height) \(stored.format) JPEG holds \(stored.pixels.count) bytes")
    }
    do {
        let oriented = try JPEGCodec.decode(bytes, maxPixels: maxPixels)
        let orientation = try JPEGCodec.orientation(of: bytes, maxPixels: maxPixels)
        let expected = orientation.map { stored.oriented($0) } ?? stored
        if oriented != expected { Fuzz.fail("oriented JPEG is not the stored one turned \(String(describing: orientation))") }
        if let orientation, orientation.swapsSides, (oriented.width, oriented.height) != (stored.height, stored.width) {
            Fuzz.fail("orientation \(orientation) kept the sides \(stored.width)×\(stored.height)")
        }
    } catch {
        Fuzz.fail("a JPEG that decodes as stored fails with its orientation: \(error)")
    }
    return 0
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
