import CJSONC
import InklingBase

extension DrawingReader {
    /// Reads a `shape` object (`{"preset": "freehand", "size": 8, …}`) at `path`: every key one
    /// of ``StrokeShape/keys``, every value checked by ``StrokeShape/set(_:to:)``. An empty
    /// object is no shape.
    func readShape(_ value: OpaquePointer?, path: String) throws(StrokeJSONError) -> StrokeShape? {
        guard JSONCTree.type(value) == json_type_object else {
            throw .expected("a shape object {\"preset\": …, \"size\": …, \"thinning\": …}", got: value, kind: .wrongType, at: path)
        }
        var shape = StrokeShape()
        try JSONCTree.forEachMember(value) { (keyBytes, member) throws(StrokeJSONError) in
            let key = String(cString: keyBytes)
            let fieldPath = "\(path).\(key.prefix(40))"
            let given: StrokeShape.Value
            let isNumber: Bool
            switch JSONCTree.type(member) {
            case json_type_boolean:
                given = .bool(json_object_get_boolean(member) != 0)
                isNumber = false
            case json_type_string:
                given = .string(JSONCTree.string(member) ?? "")
                isNumber = false
            default:
                switch JSONCTree.numberStatus(member) {
                case .finite:
                    given = .number(JSONCTree.finiteNumber(member) ?? .nan)
                    isNumber = true
                case .notFinite, .hugeInteger:
                    throw .badNumber(member, expected: "a finite number", rangeKind: .outOfRange, at: fieldPath)
                case .notNumber:
                    // null, an array or an object: no field takes one, so the field's own rule
                    // says what it wanted.
                    given = .string("")
                    isNumber = false
                }
            }
            if let problem = shape.set(key, to: given) {
                let numeric = isNumber && StrokeShape.Field(rawValue: key) != nil
                throw StrokeJSONError(
                    kind: numeric ? .outOfRange : .wrongType, path: fieldPath,
                    message: "\(problem), got \(JSONExcerpt.of(member))")
            }
        }
        return shape.isEmpty ? nil : shape
    }
}
