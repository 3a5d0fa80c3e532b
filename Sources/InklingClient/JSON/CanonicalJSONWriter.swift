import Foundation

/// Writes JSON text the way Inkling's canonical writer does, byte for byte: compact, keys in the
/// order given, integral numbers below 10¹⁵ without a fraction and every other number as Swift's
/// shortest round-trip text (so `-0.0` stays `-0.0`, which json-c would read back as `+0` if
/// written `-0` as `JSONEncoder` writes it), non-finite numbers as `null`.
///
/// Foundation only: the client cannot use `InklingBase`'s writer, which links json-c.
struct CanonicalJSONWriter {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []
    /// Per open container, whether it has an element yet.
    private var hasElement: [Bool] = []
    /// Whether a key was just written.
    private var afterKey = false

    /// Creates an empty writer reserving `capacity` bytes.
    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func openObject() { beginValue(); bytes.append(0x7B); hasElement.append(false) }
    mutating func closeObject() { hasElement.removeLast(); bytes.append(0x7D) }
    mutating func openArray() { beginValue(); bytes.append(0x5B); hasElement.append(false) }
    mutating func closeArray() { hasElement.removeLast(); bytes.append(0x5D) }

    /// Starts an object member.
    mutating func key(_ name: String) {
        beginValue()
        appendQuoted(name)
        bytes.append(0x3A)
        afterKey = true
    }

    /// A string, escaped as JSON requires.
    mutating func string(_ value: String) { beginValue(); appendQuoted(value) }

    /// `true` or `false`.
    mutating func bool(_ value: Bool) { beginValue(); bytes.append(contentsOf: Array((value ? "true" : "false").utf8)) }

    /// An unsigned integer.
    mutating func integer(_ value: UInt64) { beginValue(); bytes.append(contentsOf: Array(String(value).utf8)) }

    /// A value already written as JSON text (a drawing's document inside a request body).
    mutating func raw(_ json: Data) { beginValue(); bytes.append(contentsOf: json) }

    /// A number: see the type's rule.
    mutating func number(_ value: Double) {
        beginValue()
        bytes.append(contentsOf: Array(Self.text(value).utf8))
    }

    /// The text of a number by the canonical rule.
    static func text(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15, !(value == 0 && value.sign == .minus) {
            return String(Int64(value))
        }
        return value.description
    }

    private mutating func beginValue() {
        if afterKey { afterKey = false; return }
        guard let last = hasElement.indices.last else { return }
        if hasElement[last] { bytes.append(0x2C) }
        hasElement[last] = true
    }

    private mutating func appendQuoted(_ s: String) {
        bytes.append(0x22)
        for b in s.utf8 {
            switch b {
            case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
            case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
            case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
            case 0..<0x20: bytes.append(contentsOf: Array(String(format: "\\u%04x", b).utf8))
            default: bytes.append(b)
            }
        }
        bytes.append(0x22)
    }
}
