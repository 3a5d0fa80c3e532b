/// Inkling's one JSON writer: appends tokens to a byte buffer, compact or indented by two
/// spaces, deterministic.
///
/// Numbers follow ``NumberText``'s one rule (integral values below 10¹⁵ without a fraction,
/// others as Swift's shortest round-trip text, so doubles read back bit for bit); non-finite
/// numbers, which JSON cannot express, become `null`. Strings are escaped over their UTF-8 bytes,
/// runs without escapes copied whole. Object keys are written in the order given
/// (``value(_:)`` sorts a ``JSONValue``'s keys), so the same calls always give the same bytes.
///
/// ```swift
/// var w = JSONWriter()
/// w.openObject(); w.key("seed"); w.integer(7); w.closeObject()
/// w.bytes  // {"seed":7}
/// ```
public struct JSONWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether containers break lines and indent (inline containers excepted).
    public let pretty: Bool
    /// Per open container: whether it has an element yet, and whether it stays on one line.
    private var stack: [(hasElement: Bool, inline: Bool)] = []
    /// Whether a key was just written, so the next value needs no separator.
    private var afterKey = false

    /// Creates an empty writer; `capacity` reserves bytes up front.
    public init(pretty: Bool = false, capacity: Int = 0) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Opens `{`; an `inline` object is written on one line even when pretty.
    public mutating func openObject(inline: Bool = false) { open(0x7B, inline: inline) }
    /// Closes the innermost object.
    public mutating func closeObject() { close(0x7D) }
    /// Opens `[`; an `inline` array is written on one line even when pretty.
    public mutating func openArray(inline: Bool = false) { open(0x5B, inline: inline) }
    /// Closes the innermost array.
    public mutating func closeArray() { close(0x5D) }

    /// Starts an object member: the separator, the quoted key and the colon.
    public mutating func key(_ name: StaticString) {
        beginValue()
        name.withUTF8Buffer { Self.appendQuoted($0, to: &bytes) }
        endKey()
    }

    /// Starts an object member whose key is computed.
    public mutating func key(_ name: String) {
        beginValue()
        var name = name
        name.withUTF8 { Self.appendQuoted($0, to: &bytes) }
        endKey()
    }

    /// Writes a string literal.
    public mutating func string(_ value: String) {
        beginValue()
        var value = value
        value.withUTF8 { Self.appendQuoted($0, to: &bytes) }
    }

    /// Writes a number by ``NumberText``'s rule; `null` for NaN and ±infinity.
    public mutating func number(_ value: Double) {
        beginValue()
        guard value.isFinite else { return appendNull() }
        NumberText.append(value, to: &bytes)
    }

    /// Writes an integer exactly.
    public mutating func integer(_ value: Int64) {
        beginValue()
        NumberText.append(value, to: &bytes)
    }

    /// Writes an integer exactly.
    public mutating func integer(_ value: Int) { integer(Int64(value)) }

    /// Writes an unsigned integer exactly (seeds up to 2⁶⁴ − 1).
    public mutating func unsigned(_ value: UInt64) {
        beginValue()
        NumberText.append(value, to: &bytes)
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        beginValue()
        bytes.append(contentsOf: value ? [0x74, 0x72, 0x75, 0x65] : [0x66, 0x61, 0x6C, 0x73, 0x65])
    }

    /// Writes `null`.
    public mutating func null() {
        beginValue()
        appendNull()
    }

    /// Writes a whole value, object keys sorted.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let b): bool(b)
        case .int(let v): integer(v)
        case .uint(let v): unsigned(v)
        case .double(let v): number(v)
        case .string(let s): string(s)
        case .array(let items):
            openArray()
            for item in items { self.value(item) }
            closeArray()
        case .object(let members):
            openObject()
            for key in members.keys.sorted() {
                self.key(key)
                self.value(members[key]!)
            }
            closeObject()
        }
    }

    /// Writes bytes that already are one JSON value (a document written by this writer).
    public mutating func raw(_ json: [UInt8]) {
        beginValue()
        bytes.append(contentsOf: json)
    }

    // MARK: Structure

    private mutating func open(_ bracket: UInt8, inline: Bool) {
        beginValue()
        bytes.append(bracket)
        stack.append((false, inline || (stack.last?.inline ?? false)))
    }

    private mutating func close(_ bracket: UInt8) {
        guard let top = stack.popLast() else { return }
        if pretty && !top.inline && top.hasElement { newline(depth: stack.count) }
        bytes.append(bracket)
    }

    /// Separates the next value from the previous one in its container (nothing after a key).
    private mutating func beginValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard var top = stack.popLast() else { return }
        if top.hasElement { bytes.append(0x2C) }
        if pretty {
            if top.inline { if top.hasElement { bytes.append(0x20) } } else { newline(depth: stack.count + 1) }
        }
        top.hasElement = true
        stack.append(top)
    }

    private mutating func endKey() {
        bytes.append(0x3A)
        if pretty { bytes.append(0x20) }
        afterKey = true
    }

    private mutating func appendNull() { bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C]) }

    private mutating func newline(depth: Int) {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }

    /// Appends `text` as a string literal: `"` and `\` escaped, `\n`, `\r`, `\t` short, other
    /// control characters and DEL as `\u00XX`, everything else verbatim UTF-8.
    static func appendQuoted(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(0x22)
        var run = 0
        for index in 0..<text.count {
            let byte = text[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F else { continue }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<index]))
            switch byte {
            case 0x22: out.append(contentsOf: [0x5C, 0x22])
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: out.append(contentsOf: [0x5C, 0x72])
            case 0x09: out.append(contentsOf: [0x5C, 0x74])
            default:
                let hex: StaticString = "0123456789abcdef"
                let digits = hex.utf8Start
                out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, digits[Int(byte >> 4)], digits[Int(byte & 15)]])
            }
            run = index + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[run...]))
        out.append(0x22)
    }
}
