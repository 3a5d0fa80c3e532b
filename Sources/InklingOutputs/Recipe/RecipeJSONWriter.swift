/// A small writer for recipe JSON: keys in the order written, compact, deterministic.
///
/// Numbers are written with Swift's shortest round-trip `description`, so doubles read back
/// bit for bit; 64-bit seeds are written as strings (JSON readers keep only 53 bits of integers).
struct RecipeJSONWriter {
    private(set) var text = ""
    private var needsComma = [false]

    mutating func openObject() { separate(); text += "{"; needsComma.append(false) }
    mutating func closeObject() { text += "}"; needsComma.removeLast() }
    mutating func openArray() { separate(); text += "["; needsComma.append(false) }
    mutating func closeArray() { text += "]"; needsComma.removeLast() }

    /// Writes `"name":` inside an object.
    mutating func key(_ name: String) {
        separate()
        text += Self.quoted(name) + ":"
        needsComma[needsComma.count - 1] = false
    }

    mutating func string(_ value: String) { separate(); text += Self.quoted(value) }
    mutating func number(_ value: Double) { separate(); text += value.isFinite ? "\(value)" : "null" }
    mutating func integer(_ value: Int) { separate(); text += "\(value)" }
    mutating func bool(_ value: Bool) { separate(); text += value ? "true" : "false" }
    mutating func null() { separate(); text += "null" }

    /// `key: value` for an optional string (`null` when absent).
    mutating func field(_ name: String, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }

    private mutating func separate() {
        if needsComma[needsComma.count - 1] { text += "," }
        needsComma[needsComma.count - 1] = true
    }

    /// A JSON string literal; control characters escaped, everything else verbatim UTF-8.
    static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
