import Foundation

/// A `multipart/form-data` body (RFC 7578): text fields and files, in order.
public struct MultipartForm: Sendable {
    /// The boundary between parts (random, never in the payload by construction of its length).
    public let boundary: String
    private var parts: [[UInt8]] = []

    /// Creates an empty form with a random boundary.
    public init(boundary: String = "inkling-" + UUID().uuidString.lowercased()) {
        self.boundary = boundary
    }

    /// The `Content-Type` header value.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Adds a text field.
    public mutating func add(_ name: String, _ value: String) {
        parts.append(Array("Content-Disposition: form-data; name=\"\(Self.escaped(name))\"\r\n\r\n\(value)".utf8))
    }

    /// Adds a file field.
    public mutating func add(_ name: String, filename: String, contentType: String, data: [UInt8]) {
        let head = "Content-Disposition: form-data; name=\"\(Self.escaped(name))\"; filename=\"\(Self.escaped(filename))\"\r\n"
            + "Content-Type: \(contentType)\r\n\r\n"
        parts.append(Array(head.utf8) + data)
    }

    /// The encoded body.
    public var body: [UInt8] {
        var out: [UInt8] = []
        for part in parts {
            out += Array("--\(boundary)\r\n".utf8)
            out += part
            out += Array("\r\n".utf8)
        }
        out += Array("--\(boundary)--\r\n".utf8)
        return out
    }

    private static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: "")
    }
}
