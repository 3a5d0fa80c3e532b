import InklingBase

/// Required and optional recipe fields over ``JSONObjectReader``: a required key that is absent
/// is a ``JSONError/Kind/missingKey`` error at its path, which ``RecipeError/init(_:)`` reports
/// as ``RecipeError/missingField(_:)``. Strings have no length limit of their own (a recipe is
/// bounded as a whole by ``Recipe/jsonLimits``; its drawing is hundreds of kilobytes of text).
extension JSONObjectReader {
    /// The error for a required `key` that is absent (or `null`).
    func missing(_ key: String) -> JSONError {
        JSONError(kind: .missingKey, path: name(key), message: "expected a value, got nothing")
    }

    /// The value of a required `key`.
    func required(_ key: String) throws(JSONError) -> JSONNode {
        guard let value = raw(key) else { throw missing(key) }
        return value
    }

    func requiredString(_ key: String) throws(JSONError) -> String {
        try required(key).requireString()
    }

    /// A string, or `nil` when absent or `null`.
    func optionalString(_ key: String) throws(JSONError) -> String? {
        guard let value = raw(key) else { return nil }
        return try value.requireString()
    }

    func requiredNumber(_ key: String, in range: ClosedRange<Double>) throws(JSONError) -> Double {
        guard let value = try number(key, in: range) else { throw missing(key) }
        return value
    }

    func requiredInteger(_ key: String, in range: ClosedRange<Int>) throws(JSONError) -> Int {
        guard let value = try integer(key, in: range) else { throw missing(key) }
        return value
    }

    func requiredBool(_ key: String) throws(JSONError) -> Bool {
        guard let value = try bool(key) else { throw missing(key) }
        return value
    }

    func requiredWord<T: RawRepresentable & CaseIterable>(_ key: String, as type: T.Type) throws(JSONError) -> T where T.RawValue == String {
        guard let value = try word(key, as: type) else { throw missing(key) }
        return value
    }

    func requiredObject(_ key: String, allowed: Set<String>) throws(JSONError) -> JSONObjectReader {
        guard let value = try object(key, allowed: allowed) else { throw missing(key) }
        return value
    }

    func requiredArray(_ key: String) throws(JSONError) -> JSONElements {
        guard let value = try array(key, maxCount: .max) else { throw missing(key) }
        return value
    }
}

extension RecipeError {
    /// The recipe error for a JSON error: problems with the document as a whole (syntax, size,
    /// nesting, not an object) are ``malformedJSON(_:)``, an absent required key is
    /// ``missingField(_:)``, anything else ``invalidField(_:reason:)`` at the value's path.
    init(_ error: JSONError) {
        if error.path == JSONError.documentPath {
            self = .malformedJSON(error.message)
        } else if error.kind == .missingKey {
            self = .missingField(error.path)
        } else {
            self = .invalidField(error.path, reason: error.message)
        }
    }
}
