/// A JSON object parsed once, with one member that may be large (a drawing inside a request)
/// set aside as its bytes rather than parsed into the object's tree.
///
/// A drawing inside a request is decoded the way a drawing sent alone is: from its own bytes,
/// by format detection and the format's reader, under the drawing's limits. Parsing it as part
/// of the body instead would build json-c's tree of every point under the request's small
/// budget, and handing it on would mean writing it out again. So:
///
/// 1. one pass of ``JSONNesting/members(in:depthLimit:maxMembers:)-([UInt8],_,_)`` finds the byte
///    ranges of the top-level members and counts what each holds (at most
///    ``JSONLimits/maxValues`` of them are looked at; a body with more is refused by the budget
///    anyway); the set-aside member's counts go to its reader with its bytes
///    (``setAsideScan``), so they are scanned once in all;
/// 2. the value of the last member named `key` (json-c keeps the last of repeated keys; keys
///    written with escapes, `"dr\u0061wing"`, count), when it is an object or an array, is set
///    aside as a slice of the body;
/// 3. the rest of the body, that value replaced by `0`, is parsed by ``JSONDocument`` under
///    `limits`: the same strict reader, and the same errors (positions counted in the body as
///    sent), as for any other document.
///
/// A value of `key` that is a string, a number, `null` or anything else stays in the tree. Text
/// that is not one JSON object is parsed whole, so the reader's own error speaks.
public struct JSONSetAsideDocument {
    /// The tree: the object with the set-aside value (if any) replaced by `0`.
    public let document: JSONDocument
    /// The bytes of the set-aside value: an object or an array, not yet checked in any way.
    public let setAside: ArraySlice<UInt8>?
    /// What the one pass counted in the set-aside value, for its reader (it need not scan the
    /// same bytes again).
    public let setAsideScan: JSONNesting.Member?

    /// Parses `body` within `limits`, setting aside the value of `key` when it is an object or
    /// an array. Throws the reader's ``JSONError`` for text it refuses (syntax, nesting, budget).
    public init(parsing body: [UInt8], settingAside key: String, limits: JSONLimits) throws(JSONError) {
        var document: JSONDocument?
        var setAside: ArraySlice<UInt8>?
        var setAsideScan: JSONNesting.Member?
        if let member = Self.containerValue(of: Array(key.utf8), in: body, maxMembers: limits.maxValues) {
            let range = member.range
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
                    setAsideScan = member
                }
            } catch {
                // Say it again from a copy of the body's own length, so the error's byte, line
                // and column are those of the body as sent (this path only costs on a refusal).
                var padded = body
                padded.replaceSubrange(range, with: [UInt8(ascii: "0")] + repeatElement(UInt8(ascii: " "), count: range.count - 1))
                throw Self.error(parsing: padded, limits: limits) ?? error
            }
        }
        if let document {
            self.document = document
        } else {
            self.document = try JSONDocument.parse(body, limits: limits)
        }
        self.setAside = setAside
        self.setAsideScan = setAsideScan
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
    package static func containerValue(of key: [UInt8], in body: [UInt8], maxMembers: Int) -> JSONNesting.Member? {
        var first = 0
        while first < body.count, isWhitespace(body[first]) { first += 1 }
        guard first < body.count, body[first] == UInt8(ascii: "{"),
              let children = JSONNesting.members(in: body, depthLimit: Self.scanDepth, maxMembers: 2 * min(maxMembers, Int.max / 2)),
              children.count % 2 == 0 else { return nil }
        var found: JSONNesting.Member?
        for pair in stride(from: 0, to: children.count, by: 2) where isKey(body[children[pair].range], named: key) {
            found = children[pair + 1]
        }
        guard let found, !found.range.isEmpty,
              body[found.range.lowerBound] == UInt8(ascii: "{") || body[found.range.lowerBound] == UInt8(ascii: "[") else {
            return nil
        }
        return found
    }

    /// How deep the one pass counts nesting: as deep as any drawing reader parses (the
    /// importers' 64; stroke JSON's default is 32); deeper levels are followed without counts,
    /// and the set-aside value's reader refuses them.
    static let scanDepth = 64

    /// Whether `quoted` (a string literal, quotes included) spells `name`, escapes decoded. Only
    /// ASCII names: an escape of anything beyond ASCII never matches.
    package static func isKey(_ quoted: ArraySlice<UInt8>, named name: [UInt8]) -> Bool {
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
