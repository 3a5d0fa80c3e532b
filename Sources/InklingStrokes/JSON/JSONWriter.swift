/// Appends JSON tokens to a byte buffer, with optional two-space indentation.
///
/// Numbers are written as the shortest text that reads back to the same double (Swift's
/// `description`); non-finite numbers, which JSON cannot express, become `null`.
struct JSONWriter {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []
    /// Whether containers opened with ``open(_:inline:)`` break lines and indent.
    let pretty: Bool
    /// Per open container: whether it has an element yet, and whether it stays on one line.
    private var stack: [(hasElement: Bool, inline: Bool)] = []

    init(pretty: Bool, capacity: Int = 0) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    /// Opens `{` or `[`; an `inline` container is written on one line even when pretty.
    mutating func open(_ bracket: UInt8, inline: Bool = false) {
        bytes.append(bracket)
        stack.append((false, inline || (stack.last?.inline ?? false)))
    }

    /// Closes the innermost container with `}` or `]`.
    mutating func close(_ bracket: UInt8) {
        guard let top = stack.popLast() else { return }
        if pretty && !top.inline && top.hasElement { newline(depth: stack.count) }
        bytes.append(bracket)
    }

    /// Starts the next element of the innermost container: a comma when needed, then a line break.
    mutating func element() {
        guard var top = stack.popLast() else { return }
        if top.hasElement { bytes.append(UInt8(ascii: ",")) }
        if pretty {
            if top.inline { if top.hasElement { bytes.append(UInt8(ascii: " ")) } } else { newline(depth: stack.count + 1) }
        }
        top.hasElement = true
        stack.append(top)
    }

    /// Starts an object member: the separator, the quoted key and the colon.
    mutating func key(_ name: StaticString) {
        element()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(UInt8(ascii: " ")) }
    }

    /// Writes a number: integral values without a fraction, others as shortest round-trip
    /// text, and `null` for NaN and ±infinity.
    mutating func number(_ value: Double) {
        guard value.isFinite else {
            bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])  // null
            return
        }
        if value == value.rounded(), abs(value) < 1e15, !(value == 0 && value.sign == .minus) {
            integer(Int64(value))
            return
        }
        var text = value.description
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Writes an integer.
    mutating func integer(_ value: Int64) {
        var v = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(v % 10))
            v /= 10
        } while v > 0
        bytes[start...].reverse()
    }

    /// Writes a string literal, escaping quotes, backslashes and control characters.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for b in value.utf8 {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(b)
            case 0x00..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]])
            default:
                bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func newline(depth: Int) {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }
}
