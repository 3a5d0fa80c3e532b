// SketchClient: what an iPad app does with InklingClient, on the command line.
//
//     SketchClient json OUT.json               a drawing made as PencilKit hands it over, as stroke JSON
//     SketchClient generate SERVER-URL OUTDIR  the same drawing through `inkling serve`: images in OUTDIR
import Foundation
import InklingClient

/// A drawing given as PencilKit's fields (what `PKDrawing` conforms with on an iPad): two
/// strokes of a pen whose pressure, tilt and timing change along the line.
struct SampleDrawing: PencilKitDrawingConvertible {
    var pencilKitStrokes: [PencilKitStrokeFields]
    init(pencilKitStrokes: [PencilKitStrokeFields]) { self.pencilKitStrokes = pencilKitStrokes }

    static func make() -> SampleDrawing {
        func stroke(_ type: PencilKitInkType, from start: (Double, Double), to end: (Double, Double)) -> PencilKitStrokeFields {
            let points = (0...20).map { (i: Int) -> PencilKitPointFields in
                let t = Double(i) / 20
                return PencilKitPointFields(
                    locationX: start.0 + (end.0 - start.0) * t, locationY: start.1 + (end.1 - start.1) * t + sin(t * .pi) * 40,
                    timeOffset: t * 0.6, sizeWidth: 6, sizeHeight: 6, opacity: 1, force: 0.4 + t,
                    azimuth: 0.8, altitude: 1.1 - t / 2)
            }
            return PencilKitStrokeFields(inkType: type, red: 0.1, green: 0.1, blue: 0.12, alpha: 1,
                                         creationDate: Date(timeIntervalSince1970: 1_795_852_800), points: points)
        }
        return SampleDrawing(pencilKitStrokes: [stroke(.pen, from: (120, 500), to: (900, 480)), stroke(.monoline, from: (300, 200), to: (700, 260))])
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("SketchClient: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
let drawing = InkDrawing(pencilKit: SampleDrawing.make(), canvas: InkCanvas(width: 1024, height: 768))
switch (arguments.count, arguments.count > 1 ? arguments[1] : "") {
case (3, "json"):
    do { try drawing.jsonData().write(to: URL(fileURLWithPath: arguments[2]), options: .atomic) } catch { fail("\(error)") }
    print("wrote \(arguments[2]): \(drawing.strokes.count) strokes, \(drawing.pointCount) points")
case (4, "generate"):
    guard let server = URL(string: arguments[2]) else { fail("not a URL: \(arguments[2])") }
    let client = InklingServerClient(InklingClientConfiguration(baseURL: server, requestTimeout: 120))
    let request = GenerationRequest(drawing: drawing, prompt: "a hill under a rainbow", style: "sketch", limit: 2,
                                    options: GenerationOptions(width: 512, height: 384, seed: 7))
    do {
        for try await event in client.generationEvents(request) {
            guard case .image(let image) = event else { continue }
            let file = URL(fileURLWithPath: arguments[3]).appendingPathComponent("sketch-\(image.variation).png")
            try await client.download(image).write(to: file, options: .atomic)
            print("wrote \(file.path) (\(image.width)x\(image.height))")
        }
    } catch { fail("\(error)") }
default:
    fail("usage: SketchClient json OUT.json | SketchClient generate SERVER-URL OUTDIR")
}
