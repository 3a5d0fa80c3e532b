import CJSONC

/// One value inside a parsed ``JSONDocument``, with its JSON path, read strictly.
///
/// A node holds its document (so the tree lives as long as any node of it) and builds its path
/// only when asked (``path``), so walking a million points allocates no paths. Reading never
/// crashes and never converts numbers with a trap: ``number`` is `nil` for anything but a finite
/// number (integers beyond ±2⁵³ included), and the throwing readers say what was expected and
/// what was found, at the value's path (`points[3].x: expected a finite number, got "3"`).
public struct JSONNode {
    /// The JSON types.
    public enum Kind: String, Sendable, Hashable {
        case null, bool, number, string, array, object
    }

    /// The document the value lives in.
    public let document: JSONDocument
    /// The json-c value (`nil` is `null`); valid while ``document`` is alive.
    package let pointer: OpaquePointer?
    /// Where the container of this value is (`nil`: the root), shared by its siblings.
    private let parent: JSONPathLink?
    /// This value's own step from its container; `nil` for the root.
    private let step: JSONPath.Step?

    init(document: JSONDocument, pointer: OpaquePointer?, parent: JSONPathLink?, step: JSONPath.Step?) {
        self.document = document
        self.pointer = pointer
        self.parent = parent
        self.step = step
    }

    /// Where the value is: `strokes[3].points[17]`; `$` for the document itself.
    public var path: JSONPath { JSONPathLink.path(of: parent, then: step) }

    /// The link children of this value hang from: one small allocation, none for the root.
    var link: JSONPathLink? { step.map { JSONPathLink(parent: parent, step: $0) } ?? parent }

    /// The value's JSON type.
    public var kind: Kind {
        switch json_object_get_type(pointer) {
        case json_type_boolean: .bool
        case json_type_double, json_type_int: .number
        case json_type_string: .string
        case json_type_array: .array
        case json_type_object: .object
        default: .null
        }
    }

    /// Whether the value is `null`.
    public var isNull: Bool { json_object_get_type(pointer) == json_type_null }

    /// The string, when the value is one.
    public var string: String? { JSONCTree.string(pointer) }

    /// Calls `body` with a string value's UTF-8 bytes (no copy); `nil` when not a string.
    public func withStringBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R? { JSONCTree.withString(pointer, body) }

    /// The boolean, when the value is `true` or `false`.
    public var bool: Bool? {
        json_object_get_type(pointer) == json_type_boolean ? json_object_get_boolean(pointer) != 0 : nil
    }

    /// The number as a finite double; `nil` for non-numbers, NaN, ±infinity, overflow and
    /// integers beyond ±2⁵³ (which a double cannot hold exactly).
    public var number: Double? { JSONCTree.finiteNumber(pointer) }

    /// The number as an exact integer: written as an integer (or a double with no fraction)
    /// within ±2⁵³; `nil` otherwise.
    public var integer: Int64? {
        switch json_object_get_type(pointer) {
        case json_type_int:
            let i = json_object_get_int64(pointer)
            return abs(i) <= JSONCTree.exactIntegerBound ? i : nil
        case json_type_double:
            let d = json_object_get_double(pointer)
            return d.isFinite && d == d.rounded() && abs(d) <= Double(JSONCTree.exactIntegerBound) ? Int64(d) : nil
        default:
            return nil
        }
    }

    /// The number as an exact unsigned integer written without a fraction (seeds); `nil` for
    /// negative or fractional numbers, doubles beyond 2⁵³, integers of 2⁶⁴ − 1 and more (json-c
    /// saturates those, so they cannot be told apart) and anything else.
    public var unsigned: UInt64? {
        guard json_object_get_type(pointer) == json_type_int else {
            guard let d = number, d >= 0, d == d.rounded(), d <= Double(JSONCTree.exactIntegerBound) else { return nil }
            return UInt64(d)
        }
        guard json_object_get_int64(pointer) >= 0 else { return nil }
        let value = json_object_get_uint64(pointer)
        return value == UInt64.max ? nil : value
    }

    /// The number of elements of an array, or of members of an object; `nil` for other values.
    public var count: Int? {
        switch json_object_get_type(pointer) {
        case json_type_array: JSONCTree.arrayCount(pointer)
        case json_type_object: Int(json_object_object_length(pointer))
        default: nil
        }
    }

    /// The elements of an array (empty for any other value), each with its path.
    public var elements: JSONElements { JSONElements(of: self, parent: link) }

    /// The member `key` of an object, `null` values included; `nil` when absent or when this is
    /// not an object.
    public func member(_ key: String) -> JSONNode? {
        guard json_object_get_type(pointer) == json_type_object else { return nil }
        var found: OpaquePointer? = nil
        guard json_object_object_get_ex(pointer, key, &found) != 0 else { return nil }
        return JSONNode(document: document, pointer: found, parent: link, step: .key(key))
    }

    /// The member `key` of an object when present and not `null`.
    public subscript(key: String) -> JSONNode? {
        guard let value = member(key), !value.isNull else { return nil }
        return value
    }

    /// The members of an object in document order (duplicate keys once, holding the last value:
    /// json-c's rule); empty for any other value.
    public var members: [(key: String, value: JSONNode)] {
        var result: [(key: String, value: JSONNode)] = []
        let link = self.link
        JSONCTree.forEachMember(pointer) { key, value in
            let name = String(cString: key)
            result.append((name, JSONNode(document: document, pointer: value, parent: link, step: .key(name))))
        }
        return result
    }

    /// The keys of an object in document order; empty for any other value.
    public var keys: [String] {
        var result: [String] = []
        JSONCTree.forEachMember(pointer) { key, _ in result.append(String(cString: key)) }
        return result
    }

    /// A short, single-line quotation of the value for messages (`"high"`, `[1,2,…`, `1e400`).
    public var excerpt: String { JSONExcerpt.of(pointer) }

    /// The value's type in words: `a string`, `a number`, `an array`, `null`.
    public var typeName: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: JSONCTree.finiteNumber(pointer) == nil ? "a number beyond what a double holds exactly" : "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as a ``JSONValue`` (a `Sendable` copy, independent of the document).
    public var value: JSONValue { JSONValue(self) }
}
