// libFuzzer entry point for the stroke JSON codec. Built by Fuzz/build.sh together with the
// InklingStrokes sources (no SwiftPM: libFuzzer brings its own `main`).
//
// Properties checked on every input:
// - decoding never crashes, whatever the bytes (ASan and the Swift runtime catch violations);
// - every error is one line whose path is "$" or starts with a known top-level key;
// - a drawing that decodes re-encodes, in both layouts, to a document that decodes back to an
//   equal drawing.

/// Small limits so that the fuzzer explores limit checks instead of spending time on size.
private let decoder = StrokeJSONDecoder(limits: .init(
    maxBytes: 1 << 20, maxStrokes: 64, maxPointsPerStroke: 4096, maxTotalPoints: 16_384, maxDepth: 32))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStrokeJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let drawing: Drawing
    do {
        drawing = try decoder.decode(bytes)
    } catch {
        let line = error.description
        if line.contains(where: \.isNewline) { fatalError("multi-line error: \(line)") }
        let path = error.path
        let rootKeys = ["$", "format", "version", "canvas", "strokes"]
        if !rootKeys.contains(where: { path == $0 || path.hasPrefix($0 + ".") || path.hasPrefix($0 + "[") }) {
            fatalError("unexpected error path: \(line)")
        }
        return 0
    }
    for layout in StrokeJSONEncoder.Layout.allCases {
        for pretty in [false, true] {
            let encoded = StrokeJSONEncoder(layout: layout, prettyPrinted: pretty).encode(drawing)
            do {
                let again = try decoder.decode(encoded)
                if again != drawing { fatalError("round trip (\(layout), pretty \(pretty)) changed the drawing") }
            } catch {
                fatalError("re-encoded drawing (\(layout), pretty \(pretty)) failed to decode: \(error)")
            }
        }
    }
    return 0
}
