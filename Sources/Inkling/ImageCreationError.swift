import InklingEngines

/// Why an image could not be created; mirrors Image Playground's `ImageCreator.Error` where the
/// cases apply, plus Inkling's own.
///
/// `ImageCreator.Error.faceInImageTooSmall` has no counterpart: no Inkling engine recognises
/// faces, so a source image is judged by its size and readability only
/// (``unsupportedInputImage(_:)``). Every ``description`` is one line saying what to do.
public enum ImageCreationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The engine can never generate here (a platform or style it lacks); the reason says which.
    case notSupported(reason: String)
    /// The engine could generate in principle but not now (server down, disabled); the reason says why.
    case unavailable(reason: String)
    /// The request was cancelled before it finished; its temporary files were removed.
    /// `engineWork` says, one line per variation, what became of the work a remote engine had
    /// started (``EngineFailure/cancelled(service:summary:)``); empty when there was none.
    case creationCancelled(engineWork: [String] = [])
    /// The text concepts are in a language the engine does not understand.
    case unsupportedLanguage(detected: String, supported: [String])
    /// An image concept cannot be used (too small, too large, unreadable); the payload says why.
    case unsupportedInputImage(String)
    /// The engine failed while generating; the payload is its reason.
    case creationFailed(reason: String)
    /// An external engine failed: the failure keeps its kind (timeout, unreachable, connection
    /// dropped, rejected, engine error, unavailable, cancelled) and the engine's own words, so
    /// the CLI and the HTTP server can answer by kind.
    case engineFailed(EngineFailure)
    /// `limit` is outside `1 ... 4`.
    case invalidLimit(Int)
    /// The style asked for (in code or in the text) is not among the allowed ones.
    case styleNotAllowed(requested: String, allowed: [String])
    /// An option is out of range (strength, schedule, seed …); the payload names it and the range.
    case invalidOption(String)
    /// No concepts were given, or none has content (empty text, an empty drawing).
    case conceptsEmpty
    /// The result could not be written to its temporary file; the payload says why.
    case outputFailed(String)

    /// The error an engine's failure becomes: a ``RemoteEngineError`` or an ``EngineFailure``
    /// keeps its kind (``engineFailed(_:)``), anything else becomes ``creationFailed(reason:)``.
    public static func engine(_ error: any Error) -> ImageCreationError {
        switch error {
        case let error as ImageCreationError: error
        case let failure as EngineFailure: .engineFailed(failure)
        case let error as RemoteEngineError: .engineFailed(error.failure)
        default: .creationFailed(reason: String(describing: error))
        }
    }

    /// One line a person can act on.
    public var description: String {
        switch self {
        case .notSupported(let reason):
            "image generation is not supported here: \(reason)"
        case .unavailable(let reason):
            "image generation is unavailable right now: \(reason); try again once it is fixed"
        case .creationCancelled(let work):
            "image creation was cancelled; no files were kept" + work.map { "; \($0)" }.joined()
        case .unsupportedLanguage(let detected, let supported):
            "the text is in '\(detected)', which this engine does not support; write it in one of: \(supported.joined(separator: ", "))"
        case .unsupportedInputImage(let why):
            "the source image cannot be used: \(why)"
        case .creationFailed(let reason):
            "image creation failed: \(reason)"
        case .engineFailed(let failure):
            "image creation failed: \(failure.message)"
        case .invalidLimit(let limit):
            "limit must be 1…4, got \(limit)"
        case .styleNotAllowed(let requested, let allowed):
            "style '\(requested)' is not allowed; use one of: \(allowed.joined(separator: ", "))"
        case .invalidOption(let what):
            "invalid option: \(what)"
        case .conceptsEmpty:
            "nothing to make an image of: give some text, a drawing or an image"
        case .outputFailed(let why):
            "cannot write the result: \(why)"
        }
    }
}
