import InklingBase

/// A JSON request body parsed once, with the one member that may be large (a drawing) set aside
/// as its bytes rather than parsed into the request's tree.
///
/// A drawing inside a request is decoded the way `POST /v1/guidance` decodes a drawing sent
/// alone: from its own bytes, by format detection and the format's reader, under the drawing
/// limits. Parsing it as part of the body instead would build json-c's tree of every point
/// under the request's small budget, and handing it on would mean writing it out again. So:
///
/// 1. one pass of ``JSONNesting/children(in:)-([UInt8])`` finds the byte ranges of the top-level
///    members (at most ``JSONLimits/maxValues`` of them are looked at; a body with more is refused
///    by the budget anyway);
/// 2. the value of the last member named `key` (json-c keeps the last of repeated keys; keys
///    written with escapes, `"dr\u0061wing"`, count), when it is an object or an array, is set
///    aside as a slice of the body;
/// 3. the rest of the body, that value replaced by `0`, is parsed by ``JSONDocument`` under the
///    request's `limits`: the same strict reader, and the same errors (positions counted in the
///    body as sent), as for any other body.
///
/// A value of `key` that is a string, a number, `null` or anything else stays in the tree. A
/// body that is not one JSON object is parsed whole, so the reader's own error speaks.
struct RequestBody {
    /// The body's tree: an object, the set-aside value (if any) replaced by `0`.
    let document: JSONDocument
    /// The bytes of the set-aside value: an object or an array, not yet checked in any way.
    let setAside: ArraySlice<UInt8>?

    /// Parses `body` within `limits`, setting aside the value of `key` when it is an object or
    /// an array. Throws 400 `invalid_json` for an empty body, JSON the reader refuses (syntax,
    /// nesting, budget) and a body that is not an object.
    init(parsing body: [UInt8], settingAside key: String, limits: JSONLimits) throws(APIError) {
        guard !body.isEmpty else {
            throw APIError(400, "invalid_json", "the request body is empty; send a JSON object (see /openapi.json)")
        }
        var document: JSONDocument?
        var setAside: ArraySlice<UInt8>?
        if let range = Self.containerValue(of: Array(key.utf8), in: body, maxMembers: limits.maxValues) {
            var rest: [UInt8] = []
            rest.reserveCapacity(body.count - range.count + 1)
            rest.append(contentsOf: body[..<range.lowerBound])
            rest.append(UInt8(ascii: "0"))
            rest.append(contentsOf: body[range.upperBound...])
            do {
                let parsed = try JSONDocument.parse(rest, limits: limits)
                // The placeholder is where the scan said: otherwise read the body whole (it is
                // then malformed, and the reader says where).
                if parsed.root.member(key)?.integer == 0 {
                    document = parsed
                    setAside = body[range]
                }
            } catch {
                // Say it again from a copy of the body's own length, so the error's byte, line
                // and column are those of the body as sent (this path only costs on a refusal).
                var padded = body
                padded.replaceSubrange(range, with: [UInt8(ascii: "0")] + repeatElement(UInt8(ascii: " "), count: range.count - 1))
                throw Self.refusal(Self.error(parsing: padded, limits: limits) ?? error)
            }
        }
        if document == nil {
            do {
                document = try JSONDocument.parse(body, limits: limits)
            } catch {
                throw Self.refusal(error)
            }
        }
        guard let document else { throw Self.refusal(JSONError(kind: .syntax, path: JSONError.documentPath, message: "unreadable")) }
        let root = document.root
        guard root.kind == .object else {
            throw APIError(400, "invalid_json", "the request body must be a JSON object, got \(root.typeName) (\(root.excerpt))")
        }
        self.document = document
        self.setAside = setAside
    }

    /// The 400 answer for a body the reader refused.
    private static func refusal(_ error: JSONError) -> APIError {
        APIError(400, "invalid_json", "the request body is not a JSON object this server can read: \(error.message); send a JSON object (see /openapi.json)")
    }

    private static func error(parsing bytes: [UInt8], limits: JSONLimits) -> JSONError? {
        do {
            _ = try JSONDocument.parse(bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    /// The byte range of the value of the last top-level member named `key`, when the body is
    /// an object and that value is an object or an array; `nil` otherwise (no such member,
    /// another kind of value, more than `maxMembers` members, or text the scan cannot split:
    /// the body is then parsed whole).
    static func containerValue(of key: [UInt8], in body: [UInt8], maxMembers: Int) -> Range<Int>? {
        var first = 0
        while first < body.count, isWhitespace(body[first]) { first += 1 }
        guard first < body.count, body[first] == UInt8(ascii: "{"),
              let children = JSONNesting.children(in: body),
              children.count % 2 == 0, children.count / 2 <= maxMembers else { return nil }
        var found: Range<Int>?
        for pair in stride(from: 0, to: children.count, by: 2) where isKey(body[children[pair]], named: key) {
            found = children[pair + 1]
        }
        guard let found, !found.isEmpty, body[found.lowerBound] == UInt8(ascii: "{") || body[found.lowerBound] == UInt8(ascii: "[") else {
            return nil
        }
        return found
    }

    /// Whether `quoted` (a string literal, quotes included) spells `name`, escapes decoded. Only
    /// ASCII names: an escape of anything beyond ASCII never matches.
    static func isKey(_ quoted: ArraySlice<UInt8>, named name: [UInt8]) -> Bool {
        guard quoted.count >= 2, quoted.first == UInt8(ascii: "\""), quoted.last == UInt8(ascii: "\"") else { return false }
        var index = quoted.startIndex + 1
        let end = quoted.endIndex - 1
        var matched = 0
        while index < end {
            var c = quoted[index]
            index += 1
            if c == UInt8(ascii: "\\") {
                guard index < end else { return false }
                let escape = quoted[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): c = escape
                case UInt8(ascii: "b"): c = 0x08
                case UInt8(ascii: "f"): c = 0x0C
                case UInt8(ascii: "n"): c = 0x0A
                case UInt8(ascii: "r"): c = 0x0D
                case UInt8(ascii: "t"): c = 0x09
                case UInt8(ascii: "u"):
                    guard end - index >= 4 else { return false }
                    var unit = 0
                    for digit in quoted[index..<(index + 4)] {
                        guard let value = hexValue(digit) else { return false }
                        unit = unit << 4 | value
                    }
                    index += 4
                    guard unit < 0x80 else { return false }
                    c = UInt8(unit)
                default: return false
                }
            }
            guard matched < name.count, name[matched] == c else { return false }
            matched += 1
        }
        return matched == name.count
    }

    private static func hexValue(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(c - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(c - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    private static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
}
