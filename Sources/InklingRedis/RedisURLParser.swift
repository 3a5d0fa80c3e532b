/// The grammar of ``RedisURL``, strict and bounded.
///
/// - `redis://` or `rediss://` (scheme in any case), then optional `user:password@` (split at
///   the last `@` and the first `:`; both percent-decoded, UTF-8; empty parts count as absent),
///   then a host (letters, digits, `.`, `-`, `_`; or an IPv6 address in brackets), an optional
///   `:port` (1…65535, digits only), and an optional `/db` (0…65535). No query, no fragment.
/// - `unix://` then an absolute path (at most 107 bytes, the size of `sun_path` less its NUL),
///   then an optional `?db=N`.
/// - At most 4096 bytes in all; no spaces or control characters anywhere (percent-encode them).
///
/// Messages start with `redis URL:`, are one line, and quote only the scheme, port, database or
/// query key, shortened; never the user information.
enum RedisURLParser {
    /// The longest text accepted, in UTF-8 bytes.
    static let maxLength = 4096
    /// The longest unix socket path, in bytes.
    static let maxSocketPath = 107
    /// The longest host name (DNS allows 253).
    static let maxHost = 253

    /// The URL `text` describes, the password as given there (no environment).
    static func parse(_ text: String) throws(RedisError) -> RedisURL {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw invalid("the URL is empty; expected redis://host:port, rediss://… or unix:///path") }
        guard bytes.count <= maxLength else {
            throw invalid("the URL is \(bytes.count) bytes long; at most \(maxLength) are accepted")
        }
        if let offset = bytes.firstIndex(where: { $0 <= 0x20 || $0 == 0x7F }) {
            throw invalid("a space or control character at byte \(offset); percent-encode it")
        }
        guard let separator = find(Array("://".utf8), in: bytes) else {
            throw invalid("no scheme; expected redis://host:port, rediss://… or unix:///path")
        }
        let scheme = String(decoding: bytes[..<separator], as: UTF8.self).lowercased()
        let rest = Array(bytes[(separator + 3)...])
        switch scheme {
        case "redis": return try tcp(rest, tls: false)
        case "rediss": return try tcp(rest, tls: true)
        case "unix": return try unix(rest)
        default:
            // Only something that looks like a scheme is repeated (never a password typed there).
            let looksLikeScheme = scheme.utf8.first.map(isLetter) == true
                && scheme.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
            throw invalid("the scheme\(looksLikeScheme ? " " + quoted(scheme) : "") is not redis://, rediss:// or unix://")
        }
    }

    /// `rest` after `redis://` or `rediss://`.
    private static func tcp(_ rest: [UInt8], tls: Bool) throws(RedisError) -> RedisURL {
        let authorityEnd = rest.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
            ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let tail = rest[authorityEnd...]
        // A '/', '?' or '#' left raw in a password ends the host early; say so without quoting.
        guard !tail.contains(UInt8(ascii: "@")) else {
            throw invalid("an '@' after the host; percent-encode '/', '?', '#' and '@' in the user and password")
        }
        var user: String?
        var password: String?
        var hostPort = authority
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
            let userInfo = authority[..<at]
            hostPort = authority[(at + 1)...]
            if let colon = userInfo.firstIndex(of: UInt8(ascii: ":")) {
                user = try decoded(userInfo[..<colon], "the user")
                password = try decoded(userInfo[(colon + 1)...], "the password")
            } else {
                user = try decoded(userInfo, "the user")
            }
        }
        let (host, port) = try hostAndPort(hostPort)
        let database = try database(tail)
        return RedisURL(endpoint: .tcp(host: host, port: port), user: user, password: password, database: database, tls: tls)
    }

    /// The host and port of `text` (the authority without user information).
    private static func hostAndPort(_ text: ArraySlice<UInt8>) throws(RedisError) -> (String, UInt16) {
        var host: ArraySlice<UInt8>
        var portText: ArraySlice<UInt8>?
        if text.first == UInt8(ascii: "[") {
            guard let close = text.firstIndex(of: UInt8(ascii: "]")) else { throw invalid("an IPv6 host lacks its closing ]") }
            host = text[(text.startIndex + 1)..<close]
            let after = text[(close + 1)...]
            if !after.isEmpty {
                guard after.first == UInt8(ascii: ":") else { throw invalid("only :port may follow an IPv6 host's ]") }
                portText = after.dropFirst()
            }
            let ipv6 = Set(Array("0123456789abcdefABCDEF:.".utf8))
            guard !host.isEmpty, host.contains(UInt8(ascii: ":")), host.allSatisfy({ ipv6.contains($0) }) else {
                throw invalid("the host in brackets is not an IPv6 address")
            }
        } else {
            let colons = text.filter { $0 == UInt8(ascii: ":") }.count
            guard colons <= 1 else { throw invalid("an IPv6 host must be in brackets, as redis://[::1]:6379") }
            if let colon = text.firstIndex(of: UInt8(ascii: ":")) {
                host = text[..<colon]
                portText = text[(colon + 1)...]
            } else {
                host = text
            }
            guard !host.isEmpty else { throw invalid("the host is empty") }
            guard host.allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
            else { throw invalid("the host may hold only letters, digits, '.', '-' and '_' (an IPv6 address goes in brackets)") }
        }
        guard host.count <= maxHost else { throw invalid("the host is \(host.count) characters long; at most \(maxHost) are accepted") }
        var port = RedisURL.defaultPort
        if let portText {
            guard !portText.isEmpty else { throw invalid("the port after ':' is empty") }
            guard let value = number(portText) else { throw invalid("port \(quoted(portText)) is not a number") }
            guard (1...65535).contains(value) else { throw invalid("port \(shortened(portText)) is out of range 1…65535") }
            port = UInt16(value)
        }
        return (String(decoding: host, as: UTF8.self), port)
    }

    /// The database of a `redis://` URL's tail: empty, `/`, or `/N`.
    private static func database(_ tail: ArraySlice<UInt8>) throws(RedisError) -> Int {
        guard let first = tail.first else { return 0 }
        if first == UInt8(ascii: "#") {
            throw invalid("a '#' ends the host (a fragment is not supported); percent-encode '#' in a password as %23")
        }
        if first == UInt8(ascii: "?") { throw invalid("a query (?…) is not supported with redis://; give the database as /N") }
        let text = tail.dropFirst()
        if text.isEmpty { return 0 }
        return try databaseNumber(text)
    }

    /// `text` as a database number.
    private static func databaseNumber(_ text: ArraySlice<UInt8>) throws(RedisError) -> Int {
        guard let value = number(text) else { throw invalid("database \(quoted(text)) is not a number") }
        guard RedisURL.databaseRange.contains(value) else {
            throw invalid("database \(shortened(text)) is out of range \(RedisURL.databaseRange.lowerBound)…\(RedisURL.databaseRange.upperBound)")
        }
        return value
    }

    /// `rest` after `unix://`.
    private static func unix(_ rest: [UInt8]) throws(RedisError) -> RedisURL {
        let queryStart = rest.firstIndex(of: UInt8(ascii: "?")) ?? rest.endIndex
        let path = rest[..<queryStart]
        guard !path.isEmpty else { throw invalid("the socket path is empty; expected unix:///path/to/redis.sock") }
        guard path.first == UInt8(ascii: "/") else {
            throw invalid("the socket path must be absolute, as unix:///path/to/redis.sock (no host or user in a unix URL)")
        }
        guard path.count > 1 else { throw invalid("the socket path is only '/'") }
        guard path.count <= maxSocketPath else {
            throw invalid("the socket path is \(path.count) bytes long; a unix socket path has at most \(maxSocketPath)")
        }
        guard !path.contains(UInt8(ascii: "#")) else { throw invalid("a '#' in the socket path (a fragment is not supported)") }
        var database = 0
        if queryStart < rest.endIndex {
            var seen = false
            for parameter in rest[(queryStart + 1)...].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
                let parts = parameter.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, String(decoding: parts[0], as: UTF8.self) == "db" else {
                    throw invalid("query parameter \(quoted(parts[0])) is not supported (only db=N)")
                }
                guard !seen else { throw invalid("the query gives db twice") }
                seen = true
                database = try databaseNumber(parts[1])
            }
        }
        return RedisURL(endpoint: .unix(path: String(decoding: path, as: UTF8.self)), database: database)
    }

    /// `text` percent-decoded as UTF-8; `nil` when empty.
    private static func decoded(_ text: ArraySlice<UInt8>, _ what: String) throws(RedisError) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var i = text.startIndex
        while i < text.endIndex {
            if text[i] == UInt8(ascii: "%") {
                guard i + 2 < text.endIndex, let high = hexValue(text[i + 1]), let low = hexValue(text[i + 2]) else {
                    throw invalid("\(what) has a '%' that is not followed by two hex digits; write '%' as %25")
                }
                bytes.append(high << 4 | low)
                i += 3
            } else {
                bytes.append(text[i])
                i += 1
            }
        }
        if bytes.isEmpty { return nil }
        guard let string = String(validating: bytes, as: UTF8.self) else { throw invalid("\(what) is not UTF-8 after percent-decoding") }
        return string
    }

    /// `text` with every byte outside RFC 3986's unreserved set percent-encoded.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "~") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(digits[Int(byte >> 4)])
                out.unicodeScalars.append(digits[Int(byte & 15)])
            }
        }
        return out
    }

    /// The value of ASCII digits (saturating at `Int.max`); `nil` for anything else (`+1`, `0x1`, `80x`).
    private static func number(_ text: ArraySlice<UInt8>) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return text.reduce(0) { value, digit in
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            return overflow || times10 > Int.max - 9 ? Int.max : times10 + Int(digit - 0x30)
        }
    }

    /// `text` for a message, at most 16 bytes, then `…`.
    private static func shortened<S: Sequence<UInt8>>(_ text: S) -> String {
        let bytes = Array(text)
        return String(decoding: bytes.prefix(16), as: UTF8.self) + (bytes.count > 16 ? "…" : "")
    }

    /// `shortened(text)` in quotes.
    private static func quoted<S: Sequence<UInt8>>(_ text: S) -> String {
        "\"" + shortened(text) + "\""
    }

    /// `quoted` for a string.
    private static func quoted(_ text: String) -> String { quoted(Array(text.utf8)) }

    /// The value of one hex digit.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// Whether `byte` is an ASCII letter or digit.
    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || isLetter(byte)
    }

    /// Whether `byte` is an ASCII letter.
    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// The index where `needle` first occurs in `haystack`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
        return nil
    }

    /// The error for `why`.
    private static func invalid(_ why: String) -> RedisError {
        .invalidURL("redis URL: \(why)")
    }
}
