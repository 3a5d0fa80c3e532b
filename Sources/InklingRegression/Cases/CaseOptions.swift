import InklingBase
import InklingConditioning

/// A case file as a source of generation options (``GenerationOptionsCodec``): the same keys as
/// the API's `options`, at the top level of the case; a size is `"WxH"`; errors are the case
/// file's JSON errors, naming the key.
struct CaseOptions: OptionSource {
    let reader: JSONObjectReader

    func number(_ field: OptionField, in range: ClosedRange<Double>) throws(JSONError) -> Double? {
        try reader.number(field.key, in: range)
    }

    func integer(_ field: OptionField, in range: ClosedRange<Int>) throws(JSONError) -> Int? {
        try reader.integer(field.key, in: range)
    }

    func unsigned(_ field: OptionField, in range: ClosedRange<UInt64>) throws(JSONError) -> UInt64? {
        try reader.unsigned(field.key, in: range)
    }

    func text(_ field: OptionField, maxBytes: Int) throws(JSONError) -> String? {
        try reader.string(field.key, maxBytes: maxBytes)
    }

    func bool(_ field: OptionField) throws(JSONError) -> Bool? {
        try reader.bool(field.key)
    }

    func size(_ field: OptionField, sides: ClosedRange<Int>) throws(JSONError) -> PixelSize? {
        guard let text = try reader.string(field.key, maxBytes: 32) else { return nil }
        guard let size = SizeText.parse(text, sides: sides) else { throw reader.invalid(field.key, expected: SizeText.expectation(sides: sides)) }
        return PixelSize(width: size.width, height: size.height)
    }

    func invalid(_ field: OptionField, _ message: String) -> JSONError {
        reader.invalid(field.key, message, kind: .outOfRange)
    }
}
