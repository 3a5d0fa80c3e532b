import InklingBase

/// The server's JSON answers, written by InklingBase's one writer: compact, object keys sorted,
/// numbers by ``NumberText``'s rule (whole numbers without a fraction), so the same answer is
/// always the same bytes.
package enum JSONText {
    /// The UTF-8 JSON text of `value`.
    package static func bytes(_ value: JSONValue) -> [UInt8] { value.serialized() }

    /// One line of newline-delimited JSON.
    package static func line(_ value: JSONValue) -> [UInt8] {
        var bytes = value.serialized()
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// A JSON answer.
    package static func response(_ value: JSONValue, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: bytes(value), headers: headers)
    }
}
