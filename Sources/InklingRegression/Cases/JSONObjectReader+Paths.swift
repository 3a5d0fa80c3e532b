import Foundation
import InklingBase

extension JSONObjectReader {
    /// A relative path inside `folder`: never absolute, never climbing out of it with `..`.
    func path(_ key: String, inside folder: URL) throws(JSONError) -> URL? {
        guard let text = try string(key, maxBytes: 1024, nonEmpty: true) else { return nil }
        let parts = text.split(separator: "/", omittingEmptySubsequences: true)
        guard !text.hasPrefix("/"), !text.hasPrefix("~"), !parts.contains(".."), !text.contains("\0") else {
            throw invalid(key, "\(text) is outside the case's folder; use a relative path inside it")
        }
        return folder.appendingPathComponent(text)
    }
}
