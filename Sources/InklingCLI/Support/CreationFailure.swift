import Inkling
import InklingOutputs

/// Maps API, recipe and output errors onto the CLI's exit statuses.
enum CreationFailure {
    /// The failure to report for `error`.
    static func failure(_ error: any Error) -> CommandFailure {
        switch error {
        case let error as CommandFailure:
            return error
        case let error as ImageCreationError:
            switch error {
            case .invalidLimit, .styleNotAllowed, .invalidOption:
                return CommandFailure(.usage, error.description)
            case .unsupportedLanguage, .unsupportedInputImage, .conceptsEmpty:
                return CommandFailure(.inputRejected, error.description)
            case .outputFailed:
                return CommandFailure(.io, error.description)
            case .notSupported, .unavailable, .creationCancelled, .creationFailed:
                return CommandFailure(.failure, error.description)
            case .engineFailed:
                // Every kind exits 4; the message names what happened and the engine's words.
                return CommandFailure(.failure, error.description)
            }
        case let error as RecipeError:
            if case .unreadable = error { return CommandFailure(.io, error.description) }
            return CommandFailure(.inputRejected, error.description)
        case let error as OutputError:
            return CommandFailure(.io, error.description)
        default:
            return CommandFailure(.failure, String(describing: error))
        }
    }
}
