// Read a web canvas recording (Pointer Events, or any format Inkling reads) and make a guidance map.
import Foundation
import Inkling  // everything: the facade re-exports the pipeline's modules

let arguments = CommandLine.arguments.dropFirst()
let input = arguments.first ?? "Strokes/interchange/pointer-events-pen.json"
let output = URL(fileURLWithPath: arguments.dropFirst().first ?? "guidance.png")

let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: input)))
var notices: [String] = []
let drawing = try InkReader.read(bytes, notices: &notices)  // detects the format; errors name where in the file
for notice in notices { print("note: \(notice)") }
let map = try GuidanceRenderer(options: GuidanceOptions(width: 768, height: 512, encoding: .soft)).render(drawing)
try PNGFile.write(PNGDocument(image: map.image, text: []), to: output)
print("\(drawing.strokes.count) strokes, \(drawing.pointCount) points → \(output.path) (\(map.image.width)×\(map.image.height))")
