import CJSONC

/// The bare json-c baseline: tokenize the bytes into json-c's DOM, then free it. No
/// validation, no model: the floor any json-c based decoder stands on.
enum JSONCParser {
    /// Parses `bytes` with `json_tokener_parse_ex` and releases the tree with
    /// `json_object_put`. Returns the top-level object's type, so the work cannot be skipped.
    static func parse(_ bytes: [UInt8]) throws(BenchError) -> Int {
        guard let tokener = json_tokener_new() else { throw .failed("json_tokener_new failed") }
        defer { json_tokener_free(tokener) }
        let root = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                json_tokener_parse_ex(tokener, chars.baseAddress, Int32(chars.count))
            }
        }
        guard let root, json_tokener_get_error(tokener) == json_tokener_success else {
            let message = String(cString: json_tokener_error_desc(json_tokener_get_error(tokener)))
            throw .failed("json-c: \(message)")
        }
        let type = Int(json_object_get_type(root).rawValue)
        json_object_put(root)
        return type
    }
}
