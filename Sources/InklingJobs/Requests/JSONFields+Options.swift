import InklingBase
import InklingConditioning

/// The API's `options` object (and a job spec's) as a source of generation options: errors are
/// 400 answers that name the field by its JSON path.
extension JSONFields: OptionSource {
    package func number(_ field: OptionField, in range: ClosedRange<Double>) throws(APIError) -> Double? {
        try number(field.key, in: range)
    }

    package func integer(_ field: OptionField, in range: ClosedRange<Int>) throws(APIError) -> Int? {
        try integer(field.key, in: range)
    }

    package func unsigned(_ field: OptionField, in range: ClosedRange<UInt64>) throws(APIError) -> UInt64? {
        try unsigned(field.key, in: range)
    }

    package func text(_ field: OptionField, maxBytes: Int) throws(APIError) -> String? {
        try string(field.key, maxLength: maxBytes)
    }

    package func bool(_ field: OptionField) throws(APIError) -> Bool? {
        try bool(field.key)
    }

    /// `"WxH"` or `{"width", "height"}`.
    package func size(_ field: OptionField, sides: ClosedRange<Int>) throws(APIError) -> PixelSize? {
        guard let node = raw(field.key) else { return nil }
        return try GenerationRequest.size(node, sides: sides)
    }

    package func invalid(_ field: OptionField, _ message: String) -> APIError {
        invalid(field.key, message)
    }
}
