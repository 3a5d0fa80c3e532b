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
    ///
    /// Works on the UTF-8 bytes: every byte that needs escaping is ASCII, and no byte of a
    /// multi-byte sequence is, so runs without escapes are copied whole (a recipe's drawing is
    /// hundreds of kilobytes of JSON).
    static func quoted(_ value: String) -> String {
        var value = value
        return value.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 2)
            out.append(0x22)
            var run = 0
            for (index, byte) in bytes.enumerated() {
                let escape: [UInt8]
                switch byte {
                case 0x22: escape = [0x5C, 0x22]
                case 0x5C: escape = [0x5C, 0x5C]
                case 0x0A: escape = [0x5C, 0x6E]
                case 0x0D: escape = [0x5C, 0x72]
                case 0x09: escape = [0x5C, 0x74]
                case 0..<0x20, 0x7F:
                    let hex = String(byte, radix: 16)
                    escape = Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                default: continue
                }
                out.append(contentsOf: bytes[run..<index])
                out.append(contentsOf: escape)
                run = index + 1
            }
            out.append(contentsOf: bytes[run...])
            out.append(0x22)
            return String(decoding: out, as: UTF8.self)
        }
    }
}
