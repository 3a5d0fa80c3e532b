// libFuzzer target for the stroke shape's text form (product fuzz-stroke-shape): the input's
// bytes, as UTF-8 text (invalid sequences replaced), through `StrokeShape(parsing:)`, the form
// `--shape` and `POST /v1/guidance?shape=` read.
//
// Properties checked on every input:
// - a refusal is one line of at most 400 characters, however long the input;
// - an accepted shape has every field inside its documented range and finite;
// - its description parses back to the same shape, and describes it the same way again.

import InklingFuzzSupport
import InklingStrokes

/// Parses one input and checks the properties above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStrokeShape(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: Fuzz.bytes(data, size), as: UTF8.self)
    let shape: StrokeShape
    do {
        shape = try StrokeShape(parsing: text)
    } catch {
        Fuzz.requireOneLine(error.description, "refusal")
        if error.description.count > 400 { Fuzz.fail("refusal of \(error.description.count) characters") }
        return 0
    }
    let values: [(StrokeShape.Field, Double?)] = [
        (.size, shape.size), (.thinning, shape.thinning), (.smoothing, shape.smoothing),
        (.streamline, shape.streamline), (.taperStart, shape.taperStart), (.taperEnd, shape.taperEnd),
    ]
    for case let (field, value?) in values where !value.isFinite || !field.range.contains(value) {
        Fuzz.fail("accepted \(field.rawValue) = \(value)")
    }
    let again: StrokeShape
    do {
        again = try StrokeShape(parsing: shape.description)
    } catch {
        Fuzz.fail("its description \(shape.description.debugDescription) is refused: \(error)")
    }
    let expected = shape.isEmpty ? StrokeShape(preset: .ink) : shape
    if again != expected && !(shape.isEmpty && again.isEmpty) {
        Fuzz.fail("\(text.debugDescription) → \(shape.description.debugDescription) → \(again)")
    }
    if again.description != (shape.isEmpty ? "ink" : shape.description) { Fuzz.fail("described as \(again.description.debugDescription)") }
    return 0
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
