// libFuzzer target for PNG decoding (product fuzz-png), libpng through the CInklingPNG shim.
//
// Properties checked on every input:
// - an error is one line;
// - a decoded image has a size within the pixel limit and exactly width × height × channels bytes;
// - re-encoding the decoded document and decoding that gives the same pixels and text chunks
//   (text chunks whose keyword or text the encoder refuses are left out of the re-encoding);
// - re-labelling the input as an engine's result (`PNGCodec.replacingText`) never traps, and
//   when it answers, the answer decodes to the same pixels with exactly Inkling's text;
// - reading the zlib level class (`PNGCodec.zlibLevelClass`, which replay trusts to pick its
//   encoding) never traps and answers nil or 0…3; for Inkling's own re-encoding at level 1 it is 0.

import InklingFuzzSupport
import InklingImageIO

/// The pixel limit: small, so that the fuzzer spends its time in the parser, not in allocation.
private let maxPixels = 1 << 20

/// Decodes one input and checks the properties above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Fuzz.bytes(data, size)
    if let level = PNGCodec.zlibLevelClass(of: bytes), !(0...3).contains(level) { Fuzz.fail("zlib level class \(level)") }
    let document: PNGDocument
    do {
        document = try PNGCodec.decode(bytes, maxPixels: maxPixels)
    } catch {
        Fuzz.requireOneLine(error.description, "PNG error")
        // Damaged input must be refused (nil), never trusted, whatever size it claims.
        _ = try? PNGCodec.replacingText(in: bytes, with: relabel, width: 1 + size % 64, height: 1 + size % 48, format: .rgb)
        return 0
    }
    checkRelabelling(bytes, as: document)
    let image = document.image
    if image.width < 1 || image.height < 1 || image.width * image.height > maxPixels {
        Fuzz.fail("decoded a \(image.width)×\(image.height) image with a limit of \(maxPixels) pixels")
    }
    if image.pixels.count != image.width * image.height * image.format.channels {
        Fuzz.fail("\(image.width)×\(image.height) \(image.format) image holds \(image.pixels.count) bytes")
    }
    let text = document.text.filter { PNGTextChunk.isValidKeyword($0.keyword) && !$0.text.contains("\0") }
    let kept = PNGDocument(image: image, text: text)
    do {
        let encoded = try PNGCodec.encode(kept, compressionLevel: 1)
        if PNGCodec.zlibLevelClass(of: encoded) != 0 { Fuzz.fail("a level 1 encoding reads as level class \(String(describing: PNGCodec.zlibLevelClass(of: encoded)))") }
        let again = try PNGCodec.decode(encoded, maxPixels: maxPixels)
        if again != kept { Fuzz.fail("PNG round trip changed the \(image.width)×\(image.height) \(image.format) document") }
    } catch {
        Fuzz.fail("re-encoding a decoded PNG failed: \(error)")
    }
    return 0
}

/// The text an engine's PNG is re-labelled with.
private let relabel = [PNGTextChunk(keyword: "inkling", text: "{\"recipe\": 1}")]

/// Re-labels `bytes` (which decode to `document`) and checks the answer, when there is one.
private func checkRelabelling(_ bytes: [UInt8], as document: PNGDocument) {
    let image = document.image
    let relabelled: [UInt8]?
    do {
        relabelled = try PNGCodec.replacingText(in: bytes, with: relabel, width: image.width, height: image.height, format: image.format)
    } catch {
        Fuzz.fail("re-labelling refused Inkling's own text: \(error)")
    }
    guard let relabelled else { return }
    do {
        let again = try PNGCodec.decode(relabelled, maxPixels: maxPixels)
        if again.image != image { Fuzz.fail("re-labelling changed the \(image.width)×\(image.height) \(image.format) pixels") }
        if again.text != relabel { Fuzz.fail("re-labelling kept \(again.text.count) text chunks other than Inkling's") }
    } catch {
        Fuzz.fail("a re-labelled PNG does not decode: \(error)")
    }
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
