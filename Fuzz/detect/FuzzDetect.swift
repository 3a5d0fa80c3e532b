// libFuzzer target for format detection (product fuzz-detect): `InkFormatDetector` and the
// auto-detecting `InkReader.read(_:)`.
//
// Properties checked on every input:
// - detection is deterministic, and canonical whenever `looksCanonical` says so;
// - only formats this build reads are detected, and the detected importer's `looksLike` agrees;
// - reading without a format reads as the detected one (canonical when none): its error is one
//   line naming that format, its drawing keeps within the limits.

import InklingFuzzSupport
import InklingInterchange
import InklingStrokes

/// Detects one input's format, reads it, and checks the properties above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDetect(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Fuzz.bytes(data, size)
    let detected = InkFormatDetector.detect(bytes)
    if InkFormatDetector.detect(bytes) != detected { Fuzz.fail("detection is not deterministic") }
    if InkFormatDetector.looksCanonical(bytes) && detected != .canonical {
        Fuzz.fail("looks canonical but detected as \(String(describing: detected))")
    }
    if let detected, !InkFormatDetector.supportedFormats.contains(detected) {
        Fuzz.fail("detected \(detected.rawValue), which this build does not read")
    }
    if let detected, detected != .canonical, InkFormatDetector.importer(for: detected)?.looksLike(bytes) != true {
        Fuzz.fail("detected \(detected.rawValue) but its importer does not recognise the bytes")
    }
    let expected = detected ?? .canonical
    do {
        let drawing = try InkReader.read(bytes, options: InkImportOptions(maxBytes: 1 << 20), limits: Fuzz.limits)
        Fuzz.requireWithinLimits(drawing, Fuzz.limits, "auto-detected \(expected.rawValue) drawing")
    } catch {
        Fuzz.requireOneLine(error.description, "auto-detected read error")
        if error.format != expected {
            Fuzz.fail("detected \(expected.rawValue) but the read failed as \(error.format.rawValue): \(error)")
        }
    }
    return 0
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
