import CJSONC

/// A JSON document as a `Sendable` value: what the adapters send to and read from engine
/// servers, and what answers are built from.
///
/// Parsing goes through ``JSONDocument`` (json-c, budgeted before it builds anything); writing
/// through ``JSONWriter``, with object keys sorted so that the same value always gives the same
/// bytes, and integers written exactly (seeds up to 2⁶⁴ − 1).
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses `bytes` within `limits` (an engine's `/object_info` is megabytes: 64 MiB and four
    /// million values by default).
    public static func parse(_ bytes: [UInt8], limits: JSONLimits = JSONLimits(maxBytes: 64 << 20, maxValues: 4_000_000, maxArrayCount: 4_000_000)) throws(JSONError) -> JSONValue {
        JSONValue(try JSONDocument.parse(bytes, limits: limits).root)
    }

    /// A copy of a parsed value. Integers stay exact (above `Int64.max` as ``uint(_:)``),
    /// numbers written with a fraction or exponent are doubles.
    public init(_ node: JSONNode) {
        switch node.kind {
        case .null: self = .null
        case .bool: self = .bool(node.bool ?? false)
        case .string: self = .string(node.string ?? "")
        case .number:
            let pointer = node.pointer
            if json_object_get_type(pointer) == json_type_int {
                let signed = json_object_get_int64(pointer)
                self = signed == Int64.max ? .uint(json_object_get_uint64(pointer)) : .int(signed)
            } else {
                self = .double(json_object_get_double(pointer))
            }
        case .array: self = .array(node.elements.map(JSONValue.init))
        case .object:
            var members: [String: JSONValue] = [:]
            for (key, value) in node.members { members[key] = JSONValue(value) }
            self = .object(members)
        }
    }

    /// The member `key` of an object (`nil` for other values or a missing key).
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string, if this is one.
    public var string: String? { if case .string(let s) = self { return s }; return nil }
    /// The array, if this is one.
    public var array: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    /// The members, if this is an object.
    public var object: [String: JSONValue]? { if case .object(let o) = self { return o }; return nil }
    /// The boolean, if this is one.
    public var bool: Bool? { if case .bool(let b) = self { return b }; return nil }
    /// Whether this is `null`.
    public var isNull: Bool { self == .null }

    /// The number as a `Double`, if this is a number.
    public var double: Double? {
        switch self {
        case .int(let v): Double(v)
        case .uint(let v): Double(v)
        case .double(let v): v
        default: nil
        }
    }

    /// The number as an `Int`, if it is a whole number that fits.
    public var int: Int? {
        switch self {
        case .int(let v): Int(exactly: v)
        case .uint(let v): Int(exactly: v)
        case .double(let v): v.rounded() == v ? Int(exactly: v) : nil
        default: nil
        }
    }

    /// Compact UTF-8 JSON text with sorted keys (``JSONWriter/value(_:)``).
    public func serialized() -> [UInt8] {
        var writer = JSONWriter()
        writer.value(self)
        return writer.bytes
    }

    /// ``serialized()`` as a `String`.
    public var text: String { String(decoding: serialized(), as: UTF8.self) }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
}
