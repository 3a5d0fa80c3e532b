import CJSONC
import Foundation

/// Borrowed, allocation-free accessors (package-internal: only the JSON layer and the stroke
/// decoder touch json-c pointers) for values inside a live ``JSONDocument``.
///
/// Every function takes a json-c value pointer (`nil` is JSON `null`) and never retains it.
/// Nothing here converts keys to Swift strings: keys are compared byte by byte.
package enum JSONCTree {
    /// ±2⁵³: json-c saturates larger integers, and doubles cannot hold them exactly anyway.
    package static let exactIntegerBound: Int64 = 1 << 53

    /// The outcome of reading a number, for building precise error messages.
    package enum NumberStatus {
        /// A finite number, exactly as written (integers up to ±2⁵³).
        case finite(Double)
        /// Not a JSON number at all.
        case notNumber
        /// `NaN`, `±Infinity`, or a literal that overflows a double.
        case notFinite
        /// An integer beyond ±2⁵³.
        case hugeInteger
    }

    @inlinable
    package static func type(_ value: OpaquePointer?) -> json_type {
        json_object_get_type(value)
    }

    /// The value as a finite double, or `nil` for anything else (see ``numberStatus(_:)``).
    @inlinable
    package static func finiteNumber(_ value: OpaquePointer?) -> Double? {
        switch json_object_get_type(value) {
        case json_type_double:
            let d = json_object_get_double(value)
            return d.isFinite ? d : nil
        case json_type_int:
            let i = json_object_get_int64(value)
            return i >= -exactIntegerBound && i <= exactIntegerBound ? Double(i) : nil
        default:
            return nil
        }
    }

    /// Classifies a value as a number, for error messages.
    @inlinable
    package static func numberStatus(_ value: OpaquePointer?) -> NumberStatus {
        switch json_object_get_type(value) {
        case json_type_double:
            let d = json_object_get_double(value)
            return d.isFinite ? .finite(d) : .notFinite
        case json_type_int:
            let i = json_object_get_int64(value)
            return i >= -exactIntegerBound && i <= exactIntegerBound ? .finite(Double(i)) : .hugeInteger
        default:
            return .notNumber
        }
    }

    /// Calls `body` with the bytes of a string value (no terminator); `nil` when not a string.
    @inlinable
    package static func withString<R>(_ value: OpaquePointer?, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
        guard json_object_get_type(value) == json_type_string, let chars = json_object_get_string(value) else { return nil }
        let length = Int(json_object_get_string_len(value))
        return body(UnsafeRawBufferPointer(start: chars, count: max(length, 0)))
    }

    /// The string value as a Swift string (invalid UTF-8 is repaired); `nil` when not a string.
    @inlinable
    package static func string(_ value: OpaquePointer?) -> String? {
        withString(value) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether a string value equals `expected` byte for byte.
    @inlinable
    package static func stringEquals(_ value: OpaquePointer?, _ expected: StaticString) -> Bool {
        withString(value) { bytes in
            bytes.count == expected.utf8CodeUnitCount
                && memcmp(bytes.baseAddress ?? UnsafeRawPointer(expected.utf8Start), expected.utf8Start, bytes.count) == 0
        } ?? false
    }

    /// The number of elements of an array value; `nil` when not an array.
    @inlinable
    package static func arrayCount(_ value: OpaquePointer?) -> Int? {
        guard json_object_get_type(value) == json_type_array, let list = json_object_get_array(value) else { return nil }
        return Int(list.pointee.length)
    }

    /// Calls `body` with each element of an array value and its index, in order.
    /// Does nothing when `value` is not an array.
    @inlinable
    package static func forEachElement<E: Error>(
        _ value: OpaquePointer?, _ body: (Int, OpaquePointer?) throws(E) -> Void
    ) throws(E) {
        guard json_object_get_type(value) == json_type_array, let list = json_object_get_array(value),
              let elements = list.pointee.array else { return }
        let count = Int(list.pointee.length)
        for i in 0..<count {
            try body(i, OpaquePointer(elements[i]))
        }
    }

    /// Calls `body` with each key (NUL-terminated bytes) and value of an object, in document
    /// order; duplicate keys appear once, holding the last value (json-c's rule).
    /// Does nothing when `value` is not an object.
    @inlinable
    package static func forEachMember<E: Error>(
        _ value: OpaquePointer?, _ body: (UnsafePointer<UInt8>, OpaquePointer?) throws(E) -> Void
    ) throws(E) {
        guard json_object_get_type(value) == json_type_object, let table = json_object_get_object(value) else { return }
        var entry = lh_table_head(table)
        while let current = entry {
            if let key = lh_entry_k(current) {
                try body(key.assumingMemoryBound(to: UInt8.self), OpaquePointer(lh_entry_v(current)))
            }
            entry = lh_entry_next(current)
        }
    }

    /// Looks up `key` in an object: `.some(value)` when present (the value may be `null`),
    /// `nil` when absent or when `object` is not an object.
    @inlinable
    package static func member(_ object: OpaquePointer?, _ key: StaticString) -> OpaquePointer?? {
        guard json_object_get_type(object) == json_type_object else { return nil }
        var found: OpaquePointer? = nil
        // A StaticString's storage is NUL-terminated.
        let name = UnsafeRawPointer(key.utf8Start).assumingMemoryBound(to: CChar.self)
        return json_object_object_get_ex(object, name, &found) != 0 ? .some(found) : nil
    }

    /// Whether a NUL-terminated key equals `name`.
    @inlinable
    package static func keyEquals(_ key: UnsafePointer<UInt8>, _ name: StaticString) -> Bool {
        let expected = name.utf8Start
        let count = name.utf8CodeUnitCount
        for i in 0..<count where key[i] != expected[i] {
            return false
        }
        return key[count] == 0
    }
}
