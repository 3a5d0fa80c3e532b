import Foundation
import InklingStrokes

/// `InklingBench parse`: json-c's bare DOM parse, Inkling's `StrokeJSONDecoder` and
/// Foundation's `JSONDecoder` on the same bytes, one after the other; on request also
/// `inkling-whole-tree`, the decoder with long points arrays read as one json-c tree.
enum ParseBench {
    /// Measures every requested parser on every file.
    static func run(_ args: BenchArguments, report: (BenchRecord) -> Void) throws {
        for path in args.files {
            let input = try InputFile(path: path)
            let bytes = input.bytes
            let data = Data(bytes)
            let decoder = StrokeJSONDecoder(limits: .default)
            // The decoder as it was before it read long points arrays in runs: one json-c tree.
            var wholeTree = decoder
            wholeTree.pointCutting = nil
            let points: Int
            do {
                points = try decoder.decode(bytes).pointCount
            } catch {
                throw BenchError.failed("\(path): Inkling cannot decode it: \(error)")
            }
            var jobs: [(String, () throws -> Int)] = []
            for name in args.parsers {
                switch name {
                case "json-c-dom": jobs.append((name, { try JSONCParser.parse(bytes) }))
                case "inkling": jobs.append((name, { try decoder.decode(bytes).pointCount }))
                case "inkling-whole-tree": jobs.append((name, { try wholeTree.decode(bytes).pointCount }))
                case "foundation-jsondecoder": jobs.append((name, { try CodableDrawing.decode(data) }))
                default: throw BenchError.usage("unknown parser \(name)")
                }
            }
            let results = try Stopwatch.blocks(jobs.map(\.1), repeat: args.repeatCount)
            for ((name, _), measurement) in zip(jobs, results) {
                report(BenchRecord(
                    bench: "parse", impl: name, file: input.name, bytes: bytes.count,
                    points: points, measurement: measurement))
            }
        }
    }
}
