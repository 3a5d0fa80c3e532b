// libFuzzer target for the recipe reader (product fuzz-recipe): what `Recipe.read(from:)` does
// after reading the file, without the file.
//
// An input that starts with the PNG signature is decoded as a PNG and read with
// `Recipe(document:)` (the `inkling:recipe` and `inkling:source` chunks); any other input is the
// recipe JSON itself, read with `Recipe(json:)`. Properties checked:
// - an error is one line;
// - a recipe read writes (`jsonText()`) JSON that reads back to an equal recipe;
// - a recorded drawing either decodes within the default limits or fails with a one-line error.

import Glibc
import InklingFuzzSupport
import InklingImageIO
import InklingOutputs
import InklingStrokes

/// The pixel limit for the outer PNG, so that the fuzzer spends its time in the parsers.
private let maxPixels = 1 << 20
private let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

/// Reads one input as a recipe and checks the properties above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecipe(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Fuzz.bytes(data, size)
    let recipe: Recipe
    do {
        if bytes.starts(with: pngSignature) {
            let document: PNGDocument
            do {
                document = try PNGCodec.decode(bytes, maxPixels: maxPixels)
            } catch {
                Fuzz.requireOneLine(error.description, "PNG error")
                return 0
            }
            recipe = try Recipe(document: document)
        } else {
            recipe = try Recipe(json: String(decoding: bytes, as: UTF8.self))
        }
    } catch {
        Fuzz.requireOneLine(error.description, "recipe error")
        return 0
    }
    let text = recipe.jsonText()
    do {
        let again = try Recipe(json: text, sourceImage: recipe.source?.image)
        if again != recipe { Fuzz.fail("recipe JSON round trip changed the recipe: \(text)") }
    } catch {
        Fuzz.fail("a recipe's own JSON does not read back: \(error): \(text)")
    }
    if let recorded = recipe.drawing {
        do {
            Fuzz.requireWithinLimits(try recorded.drawing(), .default, "recipe drawing")
        } catch {
            Fuzz.requireOneLine(error.description, "recipe drawing error")
        }
    }
    return 0
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
