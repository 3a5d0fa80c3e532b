import InklingJobs
import Foundation
import InklingGuidance
import InklingServer
import InklingStrokes

/// `InklingBench raster`: `GuidanceRenderer.render` of a decoded drawing into each requested
/// encoding at the requested size, one after the other. Decoding is not timed.
///
/// The process runs with `inkling serve`'s allocator settings (`tuneMemoryForServing`), as the
/// server renders a guidance map per request: with glibc's defaults, each render of a large
/// drawing gives its outline buffers (a few MB) back to the system and faults them in again on
/// the next (about 1,500 page faults a render of `drawing-20k.json`, which doubled its time).
/// Until the stroke decoder read long points arrays in runs, its json-c tree left tens of MB of
/// free heap behind that hid this.
enum RasterBench {
    /// Measures every requested encoding on every file.
    static func run(_ args: BenchArguments, report: (BenchRecord) -> Void) throws {
        InklingServer.tuneMemoryForServing()
        let encodings = try args.encodings.map { name in (name, try encoding(named: name)) }
        for path in args.files {
            let input = try InputFile(path: path)
            let drawing: Drawing
            do {
                drawing = try StrokeJSONDecoder(limits: .default).decode(input.bytes)
            } catch {
                throw BenchError.failed("\(path): Inkling cannot decode it: \(error)")
            }
            let renderers = encodings.map { name, encoding in
                (name, GuidanceRenderer(options: GuidanceOptions(width: args.width, height: args.height, encoding: encoding)))
            }
            let jobs: [() throws -> Int] = renderers.map { _, renderer in
                { try renderer.render(drawing).image.pixels.count }
            }
            let results = try Stopwatch.blocks(jobs, repeat: args.repeatCount)
            for ((name, renderer), measurement) in zip(renderers, results) {
                report(BenchRecord(
                    bench: "raster", impl: "inkling", encoding: name, file: input.name,
                    bytes: input.bytes.count, points: drawing.pointCount,
                    size: "\(args.width)x\(args.height)", measurement: measurement))
                if let prefix = args.pgmPrefix {
                    let pixels = try renderer.render(drawing).image.pixels
                    try PGM.write(pixels, width: args.width, height: args.height, to: "\(prefix)-\(name).pgm")
                }
            }
        }
    }

    /// The guidance encoding for a command-line name.
    static func encoding(named name: String) throws(BenchError) -> GuidanceEncoding {
        switch name {
        case "scribble": .scribble
        case "soft": .soft
        case "distance": .distance
        case "confidence": .confidence
        default: throw .usage("unknown encoding \(name) (scribble, soft, distance, confidence)")
        }
    }
}
