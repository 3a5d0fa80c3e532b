/// Why a document could not be read as a drawing: where (a JSON path as the server writes it,
/// `strokes[0].points.force`) and what was wrong, on one line.
public struct InkJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the offending value (`$` for the whole document).
    public var path: String
    /// What was expected and what was found.
    public var message: String

    /// Creates an error.
    public init(path: String, message: String) { self.path = path; self.message = message }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }

    /// The error a `JSONDecoder` threw, with its coding path written as a JSON path.
    init(_ error: DecodingError) {
        func path(_ keys: [any CodingKey]) -> String {
            var out = ""
            for key in keys {
                if let index = key.intValue { out += "[\(index)]" } else { out += out.isEmpty ? key.stringValue : ".\(key.stringValue)" }
            }
            return out.isEmpty ? "$" : out
        }
        func detail(_ context: DecodingError.Context) -> String {
            guard let underlying = context.underlyingError else { return context.debugDescription }
            return "\(context.debugDescription) (\(String(describing: underlying).prefix(200)))"
        }
        switch error {
        case .typeMismatch(let type, let context):
            self.init(path: path(context.codingPath), message: "expected \(type): \(detail(context))")
        case .valueNotFound(let type, let context):
            self.init(path: path(context.codingPath), message: "expected \(type), got null")
        case .keyNotFound(let key, let context):
            self.init(path: path(context.codingPath + [key]), message: "expected required key \"\(key.stringValue)\", got none")
        case .dataCorrupted(let context):
            self.init(path: path(context.codingPath), message: detail(context))
        @unknown default:
            self.init(path: "$", message: String(describing: error))
        }
    }
}
