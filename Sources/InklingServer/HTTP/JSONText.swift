import Foundation

/// JSON encoding of plain values (dictionaries, arrays, strings, numbers, booleans) with sorted keys.
enum JSONText {
    /// The UTF-8 JSON text of `value`; values JSONSerialization cannot encode become `null`.
    static func bytes(_ value: Any) -> [UInt8] {
        guard JSONSerialization.isValidJSONObject(["v": value]),
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return Array("null".utf8) }
        return [UInt8](data)
    }

    /// One line of newline-delimited JSON.
    static func line(_ value: Any) -> [UInt8] { bytes(value) + [UInt8(ascii: "\n")] }
}
