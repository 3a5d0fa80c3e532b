import InklingBase

/// Why an external engine could not generate; every message is one line a person can act on.
///
/// `service` is the engine's product name and address ("ComfyUI at http://127.0.0.1:8188"),
/// `operation` the request that failed ("POST /prompt").
public enum RemoteEngineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing listens at the endpoint.
    case connectionRefused(service: String, hint: String)
    /// The host could not be reached at all (name resolution, network down, TLS).
    case unreachable(service: String, reason: String)
    /// The server did not answer within its deadline; `setting` is the configuration setting
    /// that sets it (`timeoutSeconds`, `generationTimeoutSeconds`), `nil` for a fixed one.
    case timedOut(service: String, operation: String, seconds: Double, setting: String? = "timeoutSeconds")
    /// The server closed the connection in the middle of its answer (it crashed or restarted).
    case connectionDropped(service: String, operation: String)
    /// The server took the whole request, then closed the connection without a word: it was
    /// reached, and died or restarted while working on it (stable-diffusion.cpp's `sd-server`
    /// killed mid-generation), or a proxy gave up on it.
    case closedWithoutAnswer(service: String, operation: String)
    /// The server answered with an HTTP error status; `detail` is an excerpt of its body.
    case status(service: String, operation: String, code: Int, detail: String)
    /// The answer was not the JSON (or image) the protocol promises.
    case malformedResponse(service: String, operation: String, reason: String)
    /// The server refused the request as invalid (ComfyUI's `node_errors`, A1111's 422 details).
    case rejected(service: String, details: String)
    /// A configured model is not installed on the server.
    case modelMissing(service: String, role: String, name: String, available: [String], hint: String)
    /// Generation started but failed on the server.
    case generationFailed(service: String, reason: String)
    /// The server stopped the generation itself (someone pressed cancel there).
    case interrupted(service: String)
    /// The server finished without an image.
    case noImage(service: String, operation: String)
    /// The API key's environment variable is not set.
    case missingCredential(engine: String, variable: String)
    /// The engine is turned off in the configuration.
    case disabled(engine: String)

    /// One line a person can act on.
    public var description: String {
        switch self {
        case .connectionRefused(let service, let hint):
            "\(service) refused the connection: \(hint)"
        case .unreachable(let service, let reason):
            "\(service) cannot be reached (\(reason)): check the endpoint in the engine configuration"
        case .timedOut(let service, let operation, let seconds, let setting):
            "\(service) did not answer \(operation) within \(Self.format(seconds)) s: is it overloaded or stuck?"
                + (setting.map { " raise \($0) in the engine configuration if it is just slow" } ?? " check its log, then try again")
        case .connectionDropped(let service, let operation):
            "\(service) closed the connection in the middle of its answer to \(operation): did it crash or restart? check its log, then try again"
        case .closedWithoutAnswer(let service, let operation):
            "\(service) took \(operation) but closed the connection without answering: did it crash or restart while working on it? check its log, then try again"
        case .status(let service, let operation, let code, let detail):
            "\(service) answered \(operation) with HTTP \(code)\(detail.isEmpty ? "" : ": \(detail)")"
        case .malformedResponse(let service, let operation, let reason):
            "\(service) sent an unexpected answer to \(operation) (\(reason)): is the endpoint really that engine, and a supported version?"
        case .rejected(let service, let details):
            "\(service) rejected the request: \(details)"
        case .modelMissing(let service, let role, let name, let available, let hint):
            "\(service) has no \(role) '\(name)' (\(available.isEmpty ? "it lists none" : "it has: " + Self.list(available))); \(hint)"
        case .generationFailed(let service, let reason):
            "\(service) failed while generating: \(reason)"
        case .interrupted(let service):
            "\(service) interrupted the generation itself (cancelled on the server?); run it again"
        case .noImage(let service, let operation):
            "\(service) finished \(operation) without returning an image: check the server's log"
        case .missingCredential(let engine, let variable):
            "the \(engine) engine reads its API key from $\(variable), which is not set: export it, or change apiKeyEnvironment in the engine configuration"
        case .disabled(let engine):
            "the \(engine) engine is disabled in the engine configuration (\"enabled\": false)"
        }
    }

    /// Every name when there are at most fifty (every sampler or scheduler a server has, so the
    /// message names the valid choices), else the first fifty and a count.
    public static func list(_ names: [String]) -> String {
        names.count <= 50 ? names.joined(separator: ", ") : names.prefix(50).joined(separator: ", ") + " and \(names.count - 50) more"
    }

    static func format(_ seconds: Double) -> String {
        NumberText.rounded(seconds, digits: 1)
    }
}

extension RemoteEngineError {
    /// The error as an ``EngineFailure``: its kind, this message, and the engine's own words
    /// when it gave any.
    public var failure: EngineFailure {
        let kind: EngineFailureKind, words: String?
        switch self {
        case .connectionRefused, .unreachable: (kind, words) = (.unreachable, nil)
        case .timedOut: (kind, words) = (.timeout, nil)
        case .connectionDropped, .closedWithoutAnswer: (kind, words) = (.connectionDropped, nil)
        case .status(_, _, let code, let detail): (kind, words) = (code == 503 ? .unavailable : .rejected(status: code), detail)
        case .malformedResponse, .noImage: (kind, words) = (.engineError, nil)
        case .rejected(_, let details): (kind, words) = (.rejected(status: nil), details)
        case .generationFailed(_, let reason): (kind, words) = (.engineError, reason)
        case .interrupted: (kind, words) = (.cancelled, nil)
        case .modelMissing, .missingCredential, .disabled: (kind, words) = (.unavailable, nil)
        }
        return EngineFailure(kind: kind, message: description, engineWords: words.flatMap { $0.isEmpty ? nil : $0 })
    }
}
