import Foundation

/// Typed access to one JSON object of a recipe, with errors that name the field's full path.
struct RecipeJSONReader {
    let object: [String: Any]
    let path: String

    init(_ object: [String: Any], path: String = "") {
        self.object = object
        self.path = path
    }

    /// Parses `text` as a JSON object.
    static func parse(_ text: String) throws(RecipeError) -> RecipeJSONReader {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [])
        } catch {
            throw .malformedJSON("not JSON")
        }
        guard let object = parsed as? [String: Any] else { throw .malformedJSON("the top level is not an object") }
        return RecipeJSONReader(object)
    }

    func name(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    func isNull(_ key: String) -> Bool { object[key] == nil || object[key] is NSNull }

    func string(_ key: String) throws(RecipeError) -> String {
        guard let raw = object[key], !(raw is NSNull) else { throw .missingField(name(key)) }
        guard let value = raw as? String else { throw .invalidField(name(key), expected: "a string") }
        return value
    }

    func optionalString(_ key: String) throws(RecipeError) -> String? {
        isNull(key) ? nil : try string(key)
    }

    func number(_ key: String, in range: ClosedRange<Double>) throws(RecipeError) -> Double {
        guard let raw = object[key], !(raw is NSNull) else { throw .missingField(name(key)) }
        let expected = "a number within \(range.lowerBound)…\(range.upperBound)"
        guard let number = raw as? NSNumber, !(raw is String), !JSONBoolean.isBoolean(number),
              let value = JSONBoolean.exactDouble(number), value.isFinite, range.contains(value) else {
            throw .invalidField(name(key), expected: expected)
        }
        return value
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(RecipeError) -> Int {
        let value = try number(key, in: Double(range.lowerBound)...Double(range.upperBound))
        guard value == value.rounded() else {
            throw .invalidField(name(key), expected: "a whole number within \(range.lowerBound)…\(range.upperBound)")
        }
        return Int(value)
    }

    func bool(_ key: String) throws(RecipeError) -> Bool {
        guard let raw = object[key], !(raw is NSNull) else { throw .missingField(name(key)) }
        guard let number = raw as? NSNumber, JSONBoolean.isBoolean(number) else {
            throw .invalidField(name(key), expected: "true or false")
        }
        return number.boolValue
    }

    func enumeration<T: RawRepresentable & CaseIterable>(_ key: String, as type: T.Type) throws(RecipeError) -> T where T.RawValue == String {
        let raw = try string(key)
        guard let value = T(rawValue: raw) else {
            throw .invalidField(name(key), expected: "one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return value
    }

    func object(_ key: String) throws(RecipeError) -> RecipeJSONReader {
        guard let raw = object[key], !(raw is NSNull) else { throw .missingField(name(key)) }
        guard let value = raw as? [String: Any] else { throw .invalidField(name(key), expected: "an object") }
        return RecipeJSONReader(value, path: name(key))
    }

    func optionalObject(_ key: String) throws(RecipeError) -> RecipeJSONReader? {
        isNull(key) ? nil : try object(key)
    }

    func array(_ key: String) throws(RecipeError) -> [RecipeJSONReader] {
        guard let raw = object[key], !(raw is NSNull) else { throw .missingField(name(key)) }
        guard let values = raw as? [Any] else { throw .invalidField(name(key), expected: "an array") }
        var result: [RecipeJSONReader] = []
        for (index, value) in values.enumerated() {
            guard let element = value as? [String: Any] else {
                throw .invalidField("\(name(key))[\(index)]", expected: "an object")
            }
            result.append(RecipeJSONReader(element, path: "\(name(key))[\(index)]"))
        }
        return result
    }
}

/// Tells JSON booleans from numbers (both arrive as `NSNumber`) and reads doubles exactly.
enum JSONBoolean {
    /// Whether `number` came from `true` or `false`.
    static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    /// The double the JSON text spelled; long mantissas arrive as `NSDecimalNumber`, whose
    /// `doubleValue` may be off by an ulp, so those are re-read from their digits.
    static func exactDouble(_ number: NSNumber) -> Double? {
        number is NSDecimalNumber ? Double(number.stringValue) : number.doubleValue
    }
}
