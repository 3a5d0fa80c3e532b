import InklingEngines
import InklingTransport

extension RemoteEngineError {
    /// The engine failure a transport failure is: the same server and request, in the words
    /// the engines use (what to check, which setting to raise).
    package init(_ error: TransportError) {
        switch error {
        case .connectionRefused(let service, let hint): self = .connectionRefused(service: service, hint: hint)
        case .unreachable(let service, let reason): self = .unreachable(service: service, reason: reason)
        case .timedOut(let service, let operation, let seconds, let setting):
            self = .timedOut(service: service, operation: operation, seconds: seconds, setting: setting)
        case .connectionDropped(let service, let operation): self = .connectionDropped(service: service, operation: operation)
        case .closedWithoutAnswer(let service, let operation): self = .closedWithoutAnswer(service: service, operation: operation)
        case .status(let service, let operation, let code, let detail):
            self = .status(service: service, operation: operation, code: code, detail: detail)
        case .malformedResponse(let service, let operation, let reason):
            self = .malformedResponse(service: service, operation: operation, reason: reason)
        case .cancelled: self = .interrupted(service: "the request")
        }
    }

    /// What an ``HTTPClient`` of an engine throws for a transport failure.
    package static let fromTransport: @Sendable (TransportError) -> any Error = { RemoteEngineError($0) }
}
