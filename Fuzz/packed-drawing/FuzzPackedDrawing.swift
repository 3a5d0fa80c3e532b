// libFuzzer target for the packed drawing a cluster job carries (product fuzz-packed-drawing):
// the input's bytes through `PackedDrawing.decode(_:limits:)`, as a worker reads them from Redis.
//
// Properties checked on every input:
// - decoding never crashes, whatever the bytes (ASan and the Swift runtime catch violations);
// - every refusal is one line starting with "packed drawing";
// - a drawing that decodes keeps within the limits, and its encoding decodes back to an equal
//   drawing and encodes again to the same bytes (inputs may mark a constant channel as varying,
//   which the encoder never writes, so the input's own bytes may differ).

import InklingFuzzSupport
import InklingStrokes

/// Decodes one input and checks the properties above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPackedDrawing(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Fuzz.bytes(data, size)
    let drawing: Drawing
    do {
        drawing = try PackedDrawing.decode(bytes, limits: Fuzz.limits)
    } catch {
        Fuzz.requireOneLine(error.description, "refusal")
        if !error.description.hasPrefix("packed drawing") { Fuzz.fail("refusal without the prefix: \(error.description)") }
        return 0
    }
    Fuzz.requireWithinLimits(drawing, Fuzz.limits, "decoded drawing")
    let encoded = PackedDrawing.encode(drawing)
    do {
        let again = try PackedDrawing.decode(encoded, limits: Fuzz.limits)
        if again != drawing { Fuzz.fail("the round trip changed the drawing") }
        if PackedDrawing.encode(again) != encoded { Fuzz.fail("encoding is not stable") }
    } catch {
        Fuzz.fail("a decoded drawing, encoded again, is refused: \(error)")
    }
    return 0
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
