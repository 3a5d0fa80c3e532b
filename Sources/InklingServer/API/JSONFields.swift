import Foundation

/// Typed, strict reading of one JSON object of a request: wrong types, out-of-range values and
/// unknown fields are errors naming the field (`options.seed: expected a whole number …`).
struct JSONFields {
    private let object: [String: Any]
    private let path: String

    /// Parses `bytes` as a JSON object (400 `invalid_json` otherwise).
    init(parsing bytes: [UInt8], allowed: Set<String>) throws(APIError) {
        guard !bytes.isEmpty else { throw APIError(400, "invalid_json", "the request body is empty; send a JSON object (see /openapi.json)") }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw APIError(400, "invalid_json", "the request body is not valid JSON: \(Self.reason(error))")
        }
        guard let object = root as? [String: Any] else {
            throw APIError(400, "invalid_json", "the request body must be a JSON object, got \(Self.kind(root))")
        }
        try self.init(object, path: "", allowed: allowed)
    }

    /// Wraps an object found at `path`, refusing fields outside `allowed`.
    init(_ object: [String: Any], path: String, allowed: Set<String>) throws(APIError) {
        self.object = object
        self.path = path
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw invalid(unknown, "unknown field; expected one of \(allowed.sorted().joined(separator: ", "))")
        }
    }

    /// The raw value of `key`, `nil` when absent or null.
    func raw(_ key: String) -> Any? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        return value
    }

    func string(_ key: String, maxLength: Int = 20_000) throws(APIError) -> String? {
        guard let value = raw(key) else { return nil }
        guard let text = value as? String else { throw invalid(key, "expected a string, got \(Self.kind(value))") }
        guard text.utf8.count <= maxLength else { throw invalid(key, "longer than \(maxLength) bytes") }
        return text
    }

    func number(_ key: String, in range: ClosedRange<Double>) throws(APIError) -> Double? {
        guard let value = raw(key) else { return nil }
        guard !Self.isBoolean(value), let number = (value as? NSNumber)?.doubleValue, number.isFinite else {
            throw invalid(key, "expected a number, got \(Self.kind(value))")
        }
        guard range.contains(number) else { throw invalid(key, "must be within \(Self.format(range.lowerBound))…\(Self.format(range.upperBound)), got \(Self.format(number))") }
        return number
    }

    func integer(_ key: String, in range: ClosedRange<Double>) throws(APIError) -> UInt64? {
        guard let number = try number(key, in: range) else { return nil }
        guard number == number.rounded(), number < 1.8e19 else { throw invalid(key, "expected a whole number, got \(Self.format(number))") }
        return UInt64(number)
    }

    func bool(_ key: String) throws(APIError) -> Bool? {
        guard let value = raw(key) else { return nil }
        guard Self.isBoolean(value), let flag = value as? Bool else {
            throw invalid(key, "expected true or false, got \(Self.kind(value))")
        }
        return flag
    }

    func object(_ key: String, allowed: Set<String>) throws(APIError) -> JSONFields? {
        guard let value = raw(key) else { return nil }
        guard let object = value as? [String: Any] else { throw invalid(key, "expected an object, got \(Self.kind(value))") }
        return try JSONFields(object, path: name(key), allowed: allowed)
    }

    func array(_ key: String, maxCount: Int) throws(APIError) -> [Any]? {
        guard let value = raw(key) else { return nil }
        guard let array = value as? [Any] else { throw invalid(key, "expected an array, got \(Self.kind(value))") }
        guard array.count <= maxCount else { throw invalid(key, "at most \(maxCount) entries, got \(array.count)") }
        return array
    }

    /// The full name of `key` (`options.seed`).
    func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// A 400 `invalid_request` error about `key`.
    func invalid(_ key: String, _ message: String) -> APIError {
        APIError(400, "invalid_request", "\(name(key)): \(message)")
    }

    static func kind(_ value: Any) -> String {
        switch value {
        case is NSNull: "null"
        case is String: "a string"
        case _ where isBoolean(value): "a boolean"
        case is NSNumber: "a number"
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        default: "a \(type(of: value))"
        }
    }

    /// Whether a parsed JSON value is `true` or `false` (JSONSerialization gives numbers and
    /// booleans alike as NSNumber, and `1 is Bool` holds for either; booleans have type `c`).
    static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    private static func reason(_ error: Error) -> String {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? String(describing: error)
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}
