/// Why an engine could not generate, kept typed from the adapter to the edges: its ``kind`` and
/// the one-line ``message`` that says what to do, in which the engine's own words
/// (``engineWords``) appear when it gave any.
public struct EngineFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure it is.
    public var kind: EngineFailureKind
    /// One line a person can act on (the adapter's message).
    public var message: String
    /// What the engine itself said (the message of its error body), when it said anything.
    public var engineWords: String?

    /// Creates a failure.
    public init(kind: EngineFailureKind, message: String, engineWords: String? = nil) {
        self.kind = kind
        self.message = message
        self.engineWords = engineWords
    }

    /// The ``message``.
    public var description: String { message }
}
