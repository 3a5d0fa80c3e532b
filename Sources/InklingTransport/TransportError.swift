/// A request to a server that did not come back as an answer, or came back as one the caller
/// cannot use: the transport's own failures, each naming the server (`service`, "ComfyUI at
/// http://…") and the request (`operation`, "POST /prompt"). The engines turn them into their
/// failures (`RemoteEngineError` in InklingRemoteEngines, through ``HTTPClient/failure``).
public enum TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing listens at the address; `hint` says how to start the server.
    case connectionRefused(service: String, hint: String)
    /// The address cannot be reached (name resolution, routing, TLS…), in the system's words.
    case unreachable(service: String, reason: String)
    /// No whole answer within `seconds`; `setting` is the configuration setting that sets them.
    case timedOut(service: String, operation: String, seconds: Double, setting: String?)
    /// The connection closed in the middle of the answer.
    case connectionDropped(service: String, operation: String)
    /// The server took the request and closed the connection without a word.
    case closedWithoutAnswer(service: String, operation: String)
    /// An answer with a status outside 2xx; `detail` is what its body said.
    case status(service: String, operation: String, code: Int, detail: String)
    /// An answer that is not HTTP, or not the JSON asked for.
    case malformedResponse(service: String, operation: String, reason: String)
    /// The task was cancelled; the request was abandoned (thrown as `CancellationError`).
    case cancelled

    public var description: String {
        switch self {
        case .connectionRefused(let service, let hint): "\(service) refused the connection: \(hint)"
        case .unreachable(let service, let reason): "\(service) cannot be reached (\(reason))"
        case .timedOut(let service, let operation, let seconds, _): "\(service) did not answer \(operation) within \(seconds) s"
        case .connectionDropped(let service, let operation): "\(service) closed the connection in the middle of its answer to \(operation)"
        case .closedWithoutAnswer(let service, let operation): "\(service) took \(operation) but closed the connection without answering"
        case .status(let service, let operation, let code, let detail): "\(service) answered \(operation) with HTTP \(code)\(detail.isEmpty ? "" : ": \(detail)")"
        case .malformedResponse(let service, let operation, let reason): "\(service) sent an unexpected answer to \(operation) (\(reason))"
        case .cancelled: "the request was cancelled"
        }
    }
}
