extension JSONNode {
    /// An error about this value in your own words, at its path.
    public func error(_ message: String, kind: JSONError.Kind = .wrongType) -> JSONError {
        JSONError(kind: kind, path: path.description, message: message)
    }

    /// `expected <what>, got <excerpt>` at this value's path. The kind, unless given, follows
    /// what was found: `notFinite` for NaN/±Infinity/overflow, `outOfRange` for a number that
    /// broke a range, `wrongType` for anything else.
    public func expected(_ what: String, kind: JSONError.Kind? = nil) -> JSONError {
        let chosen: JSONError.Kind
        if let kind {
            chosen = kind
        } else {
            switch JSONCTree.numberStatus(pointer) {
            case .notNumber: chosen = .wrongType
            case .notFinite: chosen = .notFinite
            case .hugeInteger, .finite: chosen = .outOfRange
            }
        }
        return error("expected \(what), got \(excerpt)", kind: chosen)
    }

    /// The string, or an error; at most `maxBytes` UTF-8 bytes.
    public func requireString(maxBytes: Int = .max, expected what: String = "a string") throws(JSONError) -> String {
        guard let text = string else { throw expected(what, kind: .wrongType) }
        guard text.utf8.count <= maxBytes else { throw error("expected \(what) of at most \(maxBytes) bytes, got \(text.utf8.count)", kind: .outOfRange) }
        return text
    }

    /// A finite number, within `range` when given, or an error.
    public func requireNumber(in range: ClosedRange<Double>? = nil, expected what: String? = nil) throws(JSONError) -> Double {
        let description = what ?? range.map { "a number within \(NumberText.compact($0.lowerBound))…\(NumberText.compact($0.upperBound))" } ?? "a finite number"
        guard let n = number, range?.contains(n) ?? true else { throw expected(description) }
        return n
    }

    /// `true` or `false`, or an error.
    public func requireBool() throws(JSONError) -> Bool {
        guard let flag = bool else { throw expected("true or false", kind: .wrongType) }
        return flag
    }

    /// The elements of an array of at most `maxCount` elements, or an error.
    public func requireArray(maxCount: Int = .max, expected what: String = "an array") throws(JSONError) -> JSONElements {
        guard kind == .array else { throw expected(what, kind: .wrongType) }
        let list = elements
        guard list.count <= maxCount else { throw error("expected at most \(maxCount) entries, got \(list.count)", kind: .limitExceeded) }
        return list
    }

    /// The object's members as a strict reader that refuses keys outside `allowed`.
    public func fields(allowed: Set<String>) throws(JSONError) -> JSONObjectReader {
        try JSONObjectReader(self, allowed: allowed)
    }
}
