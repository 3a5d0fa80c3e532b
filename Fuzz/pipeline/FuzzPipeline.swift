// libFuzzer target for the whole drawing pipeline (product fuzz-pipeline): stroke JSON decoding,
// then guidance maps in every encoding and fit policy at a small size, then SVG export.
//
// The map size (16…64 pixels a side) is taken from the input's length and first byte, so the
// corpus covers many sizes and aspect ratios. Properties checked:
// - a decoded drawing renders in every encoding and fit policy without trapping; a refusal is a
//   one-line `GuidanceError`; a map has the requested size, the encoding and a finite transform;
// - the SVG of a decoded drawing is one `<svg>` document with at most one path per stroke and
//   no non-finite number in it.

import InklingFuzzSupport
import InklingGuidance
import InklingInterchange
import InklingStrokes

private let decoder = StrokeJSONDecoder(limits: Fuzz.limits)

/// Decodes one input, renders it every way and exports it, checking the properties above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Fuzz.bytes(data, size)
    guard let drawing = try? decoder.decode(bytes) else { return 0 }
    let width = 16 + bytes.count % 49
    let height = 16 + Int(bytes.first ?? 0) % 49
    for encoding in GuidanceEncoding.allCases {
        for fit in FitPolicy.allCases {
            let options = GuidanceOptions(width: width, height: height, encoding: encoding, fit: fit)
            let what = "\(encoding.rawValue) \(fit.rawValue) \(width)×\(height)"
            do {
                let map = try GuidanceRenderer(options: options).render(drawing)
                if map.image.width != width || map.image.height != height {
                    Fuzz.fail("\(what) map is \(map.image.width)×\(map.image.height)")
                }
                if map.encoding != encoding { Fuzz.fail("\(what) map says \(map.encoding.rawValue)") }
                let t = map.drawingToPixels
                if ![t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) { Fuzz.fail("\(what) transform \(t)") }
            } catch {
                Fuzz.requireOneLine(error.description, "\(what) guidance error")
            }
        }
    }
    let svg = SVGExporter().export(drawing)
    if !svg.hasPrefix("<?xml") || !svg.hasSuffix("</svg>\n") { Fuzz.fail("SVG is not one document") }
    let lowered = svg.lowercased()
    if lowered.contains("nan") || lowered.contains("inf") { Fuzz.fail("SVG holds a non-finite number") }
    let paths = svg.components(separatedBy: "<path d=").count - 1
    if paths > drawing.strokes.count { Fuzz.fail("SVG has \(paths) paths for \(drawing.strokes.count) strokes") }
    return 0
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
