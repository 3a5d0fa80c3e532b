import Foundation
/// One part of a `multipart/form-data` body, parsed strictly (RFC 7578).
public struct MultipartPart: Sendable {
    /// The field name.
    public var name: String
    /// The file name, for file fields.
    public var filename: String?
    /// The part's `Content-Type`, if given.
    public var contentType: String?
    /// The part's bytes.
    public var data: [UInt8]

    /// The text of a text field.
    public var text: String { String(decoding: data, as: UTF8.self) }

    /// Splits `body` at `boundary`; `nil` when the framing is broken (no closing delimiter, a
    /// part without `Content-Disposition: form-data; name=…`).
    static func parse(_ body: [UInt8], boundary: String) -> [MultipartPart]? {
        let delimiter = Array("--\(boundary)".utf8)
        guard body.starts(with: delimiter) else { return nil }
        var parts: [MultipartPart] = []
        var index = delimiter.count
        while true {
            // After a delimiter: "--" ends the body, CRLF starts a part.
            if body[index...].starts(with: Array("--".utf8)) { return parts }
            guard body[index...].starts(with: [13, 10]) else { return nil }
            index += 2
            guard let headEnd = body[index...].firstRange(of: [13, 10, 13, 10]) else { return nil }
            let head = String(decoding: body[index..<headEnd.lowerBound], as: UTF8.self)
            let contentStart = headEnd.upperBound
            guard let next = body[contentStart...].firstRange(of: [13, 10] + delimiter) else { return nil }
            var name: String?, filename: String?, contentType: String?
            for line in head.components(separatedBy: "\r\n") {
                let lower = line.lowercased()
                if lower.hasPrefix("content-disposition:") {
                    guard lower.contains("form-data") else { return nil }
                    name = Self.parameter("name", in: line)
                    filename = Self.parameter("filename", in: line)
                } else if lower.hasPrefix("content-type:") {
                    contentType = line.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces)
                }
            }
            guard let name else { return nil }
            parts.append(MultipartPart(name: name, filename: filename, contentType: contentType, data: Array(body[contentStart..<next.lowerBound])))
            index = next.upperBound
        }
    }

    private static func parameter(_ key: String, in line: String) -> String? {
        guard let range = line.range(of: "; \(key)=\"") else { return nil }
        let rest = line[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}
