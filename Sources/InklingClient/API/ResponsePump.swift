import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP exchange read through a `URLSessionDataDelegate`, bounded: a whole body up to a
/// byte limit, or NDJSON lines up to a line limit with at most a few waiting for the reader.
/// When that many wait, the task is suspended (the socket stops being read) until the reader
/// has taken half; if bytes still pile up past (that many + 4) lines of the longest length, the
/// exchange fails rather than buffering more. Waits are cancelled with the caller's task.
final class ResponsePump: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// How the body is kept.
    enum Mode { case whole(maxBytes: Int), lines(maxLineBytes: Int, maxBuffered: Int) }

    private let lock = NSLock()
    private var mode: Mode
    private var session: URLSession?
    private var task: URLSessionDataTask?
    private var response: HTTPURLResponse?
    private var body = Data()
    private var lines: [Data] = []
    private var suspended = false
    private var completed = false
    private var failure: InklingClientError?
    private var changes = 0
    private var waiter: CheckedContinuation<Void, Never>?

    /// Starts `request` on a session of its own with `configuration`'s timeouts.
    init(_ request: URLRequest, configuration: InklingClientConfiguration, mode: Mode) {
        self.mode = mode
        super.init()
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.requestTimeout
        sessionConfiguration.timeoutIntervalForResource = configuration.resourceTimeout
        let session = URLSession(configuration: sessionConfiguration, delegate: self, delegateQueue: nil)
        let task = session.dataTask(with: request)
        lock.withLock { self.session = session; self.task = task }
        task.resume()
    }

    /// The response head, once it came (or the failure).
    func head() async throws(InklingClientError) -> HTTPURLResponse {
        while true {
            let (seen, state): (Int, (HTTPURLResponse?, InklingClientError?, Bool)) = lock.withLock { (changes, (response, failure, completed)) }
            if let failure = state.1 { throw failure }
            if let response = state.0 { return response }
            if state.2 { throw .invalidResponse("no HTTP response") }
            await wait(after: seen)
            if Task.isCancelled { cancel(); throw .transport("cancelled") }
        }
    }

    /// The whole body, once the exchange completed.
    func wholeBody() async throws(InklingClientError) -> Data {
        while true {
            let (seen, done, failure, body): (Int, Bool, InklingClientError?, Data) = lock.withLock { (changes, completed, self.failure, self.body) }
            if let failure { throw failure }
            if done { return body }
            await wait(after: seen)
            if Task.isCancelled { cancel(); throw .transport("cancelled") }
        }
    }

    /// The next line, or `nil` at the end of the body.
    func nextLine() async throws(InklingClientError) -> Data? {
        while true {
            let (seen, line, done, failure): (Int, Data?, Bool, InklingClientError?) = lock.withLock {
                let line = lines.isEmpty ? nil : lines.removeFirst()
                return (changes, line, completed, self.failure)
            }
            if let line { resumeIfDrained(); return line }
            if let failure { throw failure }
            if done { return nil }
            await wait(after: seen)
            if Task.isCancelled { cancel(); throw .transport("cancelled") }
        }
    }

    /// Stops the exchange.
    func cancel() { lock.withLock { task }?.cancel() }

    private func resumeIfDrained() {
        let resume: URLSessionDataTask? = lock.withLock {
            guard suspended, case .lines(_, let max) = mode, lines.count <= max / 2 else { return nil }
            suspended = false
            return task
        }
        resume?.resume()
    }

    private func wait(after seen: Int) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready: Bool = lock.withLock {
                    if changes != seen || Task.isCancelled { return true }
                    waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            self.signal()
        }
    }

    private func signal(_ update: () -> Void = {}) {
        let continuation: CheckedContinuation<Void, Never>? = lock.withLock {
            update()
            changes += 1
            defer { waiter = nil }
            return waiter
        }
        continuation?.resume()
    }

    private func fail(_ error: InklingClientError) {
        signal { if failure == nil { failure = error } }
        cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        signal {
            self.response = response as? HTTPURLResponse
            // An error answer is read whole, whatever was asked: it is one JSON object.
            if let status = self.response?.statusCode, !(200..<300).contains(status) { mode = .whole(maxBytes: 1 << 20) }
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        var problem: InklingClientError?
        var pause: URLSessionDataTask?
        signal {
            switch mode {
            case .whole(let maxBytes):
                guard body.count + data.count <= maxBytes else {
                    problem = .invalidResponse("an answer over \(maxBytes) bytes (maxResponseBytes)")
                    return
                }
                body.append(data)
            case .lines(let maxLineBytes, let maxBuffered):
                body.append(data)
                while let newline = body.firstIndex(of: 0x0A) {
                    let line = body[body.startIndex..<newline]
                    if line.count > maxLineBytes { problem = .invalidResponse("a stream line over \(maxLineBytes) bytes (maxLineBytes)"); return }
                    if !line.isEmpty { lines.append(Data(line)) }
                    body = Data(body[(newline + 1)...])
                }
                if body.count > maxLineBytes {
                    problem = .invalidResponse("a stream line over \(maxLineBytes) bytes (maxLineBytes)")
                } else if lines.reduce(0, { $0 + $1.count }) > (maxBuffered + 4) * maxLineBytes {
                    problem = .invalidResponse("the reader fell \(lines.count) lines behind and the stream could not be paused")
                } else if lines.count >= maxBuffered, !suspended {
                    suspended = true
                    pause = task
                }
            }
        }
        pause?.suspend()
        if let problem { fail(problem) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        signal {
            completed = true
            // What is left after the last newline is a last line, when the body ended well: not
            // the unfinished line of a failed exchange (an over-long line, a dropped connection),
            // which the reader would otherwise take before the failure.
            if case .lines = mode {
                if error == nil, failure == nil, !body.isEmpty { lines.append(body) }
                body = Data()
            }
            if let error, failure == nil { failure = .transport(error.localizedDescription) }
        }
        session.finishTasksAndInvalidate()
    }
}
