// libFuzzer target for the stroke JSON codec (product fuzz-stroke-json).
//
// Properties checked on every input:
// - decoding never crashes, whatever the bytes (ASan and the Swift runtime catch violations);
// - every error is one line whose path is "$" or starts with a known top-level key;
// - reading long points arrays in runs gives the same drawing or error as the whole tree;
// - a drawing that decodes keeps within the limits and re-encodes, in both layouts, compact and
//   pretty-printed, to a document that decodes back to an equal drawing.
// It stops after decoding; fuzz-pipeline takes decoded drawings on through guidance and SVG.

import InklingFuzzSupport
import InklingStrokes

private let decoder = StrokeJSONDecoder(limits: Fuzz.limits)

/// The decoder reading whole trees only, and ones reading every `points` array in short runs.
private let wholeDecoder: StrokeJSONDecoder = {
    var decoder = StrokeJSONDecoder(limits: Fuzz.limits)
    decoder.pointCutting = nil
    return decoder
}()
private let runDecoders: [StrokeJSONDecoder] = (1...3).map { length in
    var decoder = StrokeJSONDecoder(limits: Fuzz.limits)
    decoder.pointCutting = .init(runLength: length, minimumCount: 1)
    return decoder
}

/// Decodes one input and checks the properties above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStrokeJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Fuzz.bytes(data, size)
    // Reading points in runs never changes an answer: the same drawing or the same error.
    let wholeAnswer = Result { () throws(StrokeJSONError) in try wholeDecoder.decode(bytes) }
    let runAnswer = Result { () throws(StrokeJSONError) in try runDecoders[size % runDecoders.count].decode(bytes) }
    if wholeAnswer != runAnswer { Fuzz.fail("runs and the whole tree disagree: \(runAnswer) against \(wholeAnswer)") }
    let drawing: Drawing
    do {
        drawing = try decoder.decode(bytes)
    } catch {
        let line = error.description
        Fuzz.requireOneLine(line, "decoder error")
        let path = error.path
        let rootKeys = ["$", "format", "version", "canvas", "shape", "strokes"]
        if !rootKeys.contains(where: { path == $0 || path.hasPrefix($0 + ".") || path.hasPrefix($0 + "[") }) {
            Fuzz.fail("unexpected error path: \(line)")
        }
        return 0
    }
    Fuzz.requireWithinLimits(drawing, Fuzz.limits, "decoded drawing")
    for layout in StrokeJSONEncoder.Layout.allCases {
        for pretty in [false, true] {
            let encoded = StrokeJSONEncoder(layout: layout, prettyPrinted: pretty).encode(drawing)
            do {
                let again = try decoder.decode(encoded)
                if again != drawing { Fuzz.fail("round trip (\(layout), pretty \(pretty)) changed the drawing") }
            } catch {
                Fuzz.fail("re-encoded drawing (\(layout), pretty \(pretty)) failed to decode: \(error)")
            }
        }
    }
    return 0
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
