import Foundation

/// A JSON document as a `Sendable` value: what the adapters send to and read from engine servers.
///
/// Parsing goes through Foundation's `JSONDecoder` (which bounds nesting and never crashes on
/// malformed input); writing is Inkling's own, with object keys sorted so that the same value
/// always gives the same bytes, and integers written exactly (seeds up to 2⁶⁴ − 1).
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses `bytes`; throws Foundation's error (with its own description) for malformed JSON.
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
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

    /// Compact UTF-8 JSON text with sorted keys.
    public func serialized() -> [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    /// ``serialized()`` as a `String`.
    public var text: String { String(decoding: serialized(), as: UTF8.self) }

    private func write(into out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .int(let v): out += Array(String(v).utf8)
        case .uint(let v): out += Array(String(v).utf8)
        case .double(let v):
            if !v.isFinite { out += Array("null".utf8) }
            else if v == v.rounded(), abs(v) < 1e15 { out += Array(String(Int64(v)).utf8) }
            else { out += Array("\(v)".utf8) }
        case .string(let s): Self.writeString(s, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, key) in members.keys.sorted().enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                members[key]!.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [92, 34]
            case UInt8(ascii: "\\"): out += [92, 92]
            case 0x0A: out += [92, UInt8(ascii: "n")]
            case 0x0D: out += [92, UInt8(ascii: "r")]
            case 0x09: out += [92, UInt8(ascii: "t")]
            case 0..<0x20: out += Array(String(format: "\\u%04x", byte).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONValue: Decodable {
    /// Decodes any JSON value; booleans stay booleans, whole numbers stay exact.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let b = try? container.decode(Bool.self) { self = .bool(b) }
        else if let i = try? container.decode(Int64.self) { self = .int(i) }
        else if let u = try? container.decode(UInt64.self) { self = .uint(u) }
        else if let d = try? container.decode(Double.self) { self = .double(d) }
        else if let s = try? container.decode(String.self) { self = .string(s) }
        else if let a = try? container.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }
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
