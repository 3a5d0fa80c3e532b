/// A JSON value that is not what a reader expected, with where it is (`options.seed`,
/// `cases[3].strength`) and what was wrong, for one-line messages.
public struct JSONFieldError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The value's path; empty for the document itself.
    public var path: String
    /// What was expected and what was found: `expected a number within 0…1, got 1.5`.
    public var message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, or just the message for the document itself.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
