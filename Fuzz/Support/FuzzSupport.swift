// Shared by every fuzz target: the libFuzzer driver call, the input as bytes, and the property
// checks that more than one target makes (one-line errors, limits, canonical round trips).

internal import CInklingFuzz
import Glibc
import InklingStrokes

/// Entry and failure helpers for Inkling's libFuzzer targets.
public enum Fuzz {
    /// Runs libFuzzer on this process's `LLVMFuzzerTestOneInput`; never returns.
    public static func run() -> Never {
        exit(inkling_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv))
    }

    /// Copies libFuzzer's input into an array (an empty one when `data` is `nil`).
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Stops the process with `message` on standard error, so libFuzzer records the input as a crash.
    public static func fail(_ message: String) -> Never {
        let line = Array("fuzz property violated: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        abort()
    }

    /// Fails unless `text` is a single non-empty line (how every Inkling error must read).
    public static func requireOneLine(_ text: String, _ what: String) {
        if text.isEmpty { fail("\(what): empty message") }
        if text.contains(where: \.isNewline) { fail("\(what): multi-line message: \(text.debugDescription)") }
    }

    /// Small limits, so that the fuzzer reaches limit checks instead of spending time on size.
    public static let limits = StrokeJSONDecoder.Limits(
        maxBytes: 1 << 20, maxStrokes: 64, maxPointsPerStroke: 4096, maxTotalPoints: 16_384, maxDepth: 32)

    /// Fails unless `drawing` keeps within `limits`: stroke and point counts, finite coordinates
    /// within the extent (points and mask vertices), canvas sides.
    public static func requireWithinLimits(_ drawing: Drawing, _ limits: StrokeJSONDecoder.Limits, _ what: String) {
        if drawing.strokes.count > limits.maxStrokes { fail("\(what): \(drawing.strokes.count) strokes") }
        var total = 0
        for (s, stroke) in drawing.strokes.enumerated() {
            let count = stroke.path.count
            if count > limits.maxPointsPerStroke { fail("\(what): stroke \(s) has \(count) points") }
            total += count
            for point in stroke.path.points {
                let (x, y) = (point.location.x, point.location.y)
                if !(x.isFinite && y.isFinite && abs(x) <= limits.maxCoordinate && abs(y) <= limits.maxCoordinate) {
                    fail("\(what): stroke \(s) has a point at (\(x), \(y))")
                }
            }
            for vertex in (stroke.mask?.polygons ?? []).joined() {
                if !(vertex.x.isFinite && vertex.y.isFinite) { fail("\(what): stroke \(s) has a mask vertex \(vertex)") }
            }
        }
        if total > limits.maxTotalPoints { fail("\(what): \(total) points in all") }
        if let canvas = drawing.canvas {
            if !(canvas.width.isFinite && canvas.height.isFinite && canvas.width <= limits.maxCanvasSide
                 && canvas.height <= limits.maxCanvasSide) {
                fail("\(what): canvas \(canvas.width)×\(canvas.height)")
            }
        }
    }

    /// Fails unless `drawing` encodes to canonical JSON (both layouts) that decodes, under
    /// `limits`, back to an equal drawing.
    ///
    /// With `quantizedColors`, ink colours may come back rounded to the 8 bits per channel of
    /// the `#rrggbbaa` form (an importer's alpha of 0.5 reads back as 128/255); everything else
    /// must be equal, and a second round trip exact.
    public static func requireCanonicalRoundTrip(_ drawing: Drawing, _ limits: StrokeJSONDecoder.Limits, _ what: String,
                                                 quantizedColors: Bool = false) {
        let decoder = StrokeJSONDecoder(limits: limits)
        for layout in StrokeJSONEncoder.Layout.allCases {
            let encoded = StrokeJSONEncoder(layout: layout).encode(drawing)
            let again: Drawing
            do {
                again = try decoder.decode(encoded)
            } catch {
                fail("\(what): canonical JSON (\(layout)) of the drawing does not decode: \(error)")
            }
            var expected = drawing
            if quantizedColors, again.strokes.count == drawing.strokes.count {
                for i in expected.strokes.indices where closeIn8Bits(expected.strokes[i].ink.color, again.strokes[i].ink.color) {
                    expected.strokes[i].ink.color = again.strokes[i].ink.color
                }
                if (try? decoder.decode(StrokeJSONEncoder(layout: layout).encode(again))) != again {
                    fail("\(what): second canonical round trip (\(layout)) changed the drawing")
                }
            }
            if again != expected { fail("\(what): canonical round trip (\(layout)) changed the drawing") }
        }
    }

    /// Whether each channel of `a` and `b` rounds to the same 8-bit value or differs by at most half a step.
    private static func closeIn8Bits(_ a: RGBAColor, _ b: RGBAColor) -> Bool {
        zip([a.red, a.green, a.blue, a.alpha], [b.red, b.green, b.blue, b.alpha]).allSatisfy { abs($0 - $1) <= 0.5 / 255 + 1e-12 }
    }
}
