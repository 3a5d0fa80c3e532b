// Render a sketch and a prompt: two images, written next to each other, replacing earlier runs'.
import Foundation
import Inkling  // everything: the facade re-exports the pipeline's modules

let arguments = CommandLine.arguments.dropFirst()
let input = arguments.first ?? "Strokes/tablet-pen-house.json"
let folder = URL(fileURLWithPath: arguments.dropFirst().first ?? ".", isDirectory: true)

let drawing = try StrokeJSONDecoder().decode(Data(contentsOf: URL(fileURLWithPath: input)))
let creator = try await InklingImageCreator(options: GenerationOptions(seed: 7))  // throws .notSupported / .unavailable
defer { creator.session.removeAll() }  // results that were not moved
for try await image in creator.images(for: [.text("a cosy house under a spring sky"), .drawing(drawing)],
                                      style: .sketch, limit: 2) {
    // Each result arrives as soon as it is ready: a temporary PNG with its recipe.
    let saved = try image.move(to: folder.appendingPathComponent("house-\(image.recipe.variation + 1).png"), replacing: true)
    print("wrote \(saved.path) (seed \(image.recipe.seed), variation \(image.recipe.variation + 1))")
}
