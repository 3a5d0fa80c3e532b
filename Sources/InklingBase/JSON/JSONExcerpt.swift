import CJSONC
import Foundation

/// A short, single-line rendering of a JSON value for error messages (`got …`).
///
/// It never serializes more than it shows: strings, keys and containers are cut once the
/// budget is spent, so an excerpt of a 60 MB array costs no more than one of a number.
/// Control characters, line and paragraph separators are escaped.
package enum JSONExcerpt {
    /// The longest excerpt, in bytes, before `…` is appended.
    static let limit = 40

    /// The excerpt of `value` (`nil` is `null`).
    package static func of(_ value: OpaquePointer?) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(limit + 8)
        append(value, to: &out)
        guard out.count > limit else { return String(decoding: out, as: UTF8.self) }
        var cut = limit
        while cut > 0 && out[cut] & 0xC0 == 0x80 { cut -= 1 }  // keep whole UTF-8 sequences
        return String(decoding: out[..<cut], as: UTF8.self) + "…"
    }

    private static func full(_ out: [UInt8]) -> Bool { out.count > limit }

    private static func append(_ value: OpaquePointer?, to out: inout [UInt8]) {
        switch json_object_get_type(value) {
        case json_type_string:
            JSONCTree.withString(value) { appendQuoted($0, to: &out) }
        case json_type_array:
            out.append(UInt8(ascii: "["))
            var first = true
            var stopped = false
            JSONCTree.forEachElement(value) { (_, element) in
                guard !stopped else { return }
                if full(out) { stopped = true; return }
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                append(element, to: &out)
            }
            if !full(out) { out.append(UInt8(ascii: "]")) }
        case json_type_object:
            out.append(UInt8(ascii: "{"))
            var first = true
            var stopped = false
            JSONCTree.forEachMember(value) { (key, member) in
                guard !stopped else { return }
                if full(out) { stopped = true; return }
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                appendQuoted(UnsafeRawBufferPointer(start: key, count: strlen(key)), to: &out)
                out.append(UInt8(ascii: ":"))
                append(member, to: &out)
            }
            if !full(out) { out.append(UInt8(ascii: "}")) }
        default:
            // null, booleans and numbers; json-c prints numbers as they were written
            // (`1e400`, `NaN`), so the excerpt shows what the client sent.
            if let text = json_object_to_json_string_ext(value, JSON_C_TO_STRING_PLAIN) {
                var p = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
                var n = 0
                while p.pointee != 0 && n <= limit {
                    out.append(p.pointee)
                    p += 1
                    n += 1
                }
            }
        }
    }

    /// Appends `bytes` as a JSON string literal, stopping once the budget is spent.
    private static func appendQuoted(_ bytes: UnsafeRawBufferPointer, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var i = 0
        while i < bytes.count {
            if full(out) { return }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: Array("\\n".utf8))
            case 0x0D: out.append(contentsOf: Array("\\r".utf8))
            case 0x09: out.append(contentsOf: Array("\\t".utf8))
            case 0x00..<0x20, 0x7F: out.append(contentsOf: Array(hexEscape(UInt16(b)).utf8))
            case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                out.append(contentsOf: Array(hexEscape(bytes[i + 2] == 0xA8 ? 0x2028 : 0x2029).utf8))
                i += 2
            default: out.append(b)
            }
            i += 1
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func hexEscape(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
