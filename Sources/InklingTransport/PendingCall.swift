import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One `URLSession` data task bridged to `async`, with a deadline and cancellation that resume
/// the waiting caller exactly once.
final class PendingCall: @unchecked Sendable {
    /// How the call ended.
    enum Outcome: Sendable {
        case response(HTTPResponse)
        case cancelled
        case timedOut
        case failed(any Error)
    }

    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var continuation: CheckedContinuation<Outcome, Never>?
    private var finished: Outcome?
    private var stop: Outcome?

    /// Starts the request and waits for its outcome.
    func run(deadline seconds: Double, request: URLRequest) async -> Outcome {
        await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            lock.lock()
            if let stop {
                lock.unlock()
                continuation.resume(returning: stop)
                return
            }
            self.continuation = continuation
            let task = HTTPClient.session.dataTask(with: request) { [self] data, response, error in
                let outcome: Outcome
                if let error {
                    outcome = .failed(error)
                } else if let http = response as? HTTPURLResponse {
                    var headers: [String: String] = [:]
                    for (key, value) in http.allHeaderFields {
                        if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
                    }
                    outcome = .response(HTTPResponse(status: http.statusCode, headers: headers, body: [UInt8](data ?? Data())))
                } else {
                    outcome = .failed(URLError(.badServerResponse))
                }
                finish(outcome)
            }
            self.task = task
            lock.unlock()
            task.resume()
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in self?.cancel(timedOut: true) }
        }
    }

    /// Abandons the request: the caller gets `.timedOut` or `.cancelled`.
    func cancel(timedOut: Bool) {
        lock.lock()
        let outcome: Outcome = timedOut ? .timedOut : .cancelled
        if stop == nil && finished == nil { stop = outcome }
        let task = self.task
        lock.unlock()
        task?.cancel()
        finish(outcome)
    }

    private func finish(_ outcome: Outcome) {
        lock.lock()
        // A deliberate stop wins over the "cancelled" error the data task then reports.
        let result = stop ?? outcome
        guard finished == nil, let continuation else {
            if finished == nil && self.continuation == nil { stop = stop ?? result }
            lock.unlock()
            return
        }
        finished = result
        self.continuation = nil
        lock.unlock()
        continuation.resume(returning: result)
    }
}
