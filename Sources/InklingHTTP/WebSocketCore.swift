import Dispatch
import Foundation
import InklingTransport

/// The state and the two threads of one server-side WebSocket connection; ``WebSocketConnection``
/// is its face.
///
/// Threads: a reader (blocking reads of at most 64 KiB, one second at most each, so timers are
/// checked at least once a second) and a writer (one frame at a time, in order, control frames
/// first), both dedicated, never Swift's cooperative pool. Everything else here is guarded by
/// `condition`. The threads hold this object and the socket, not the connection, so dropping the
/// connection closes it (1001) and the threads end once the close handshake does.
final class WebSocketCore: @unchecked Sendable {
    /// One frame waiting to be written.
    private struct Outgoing {
        var bytes: [UInt8]
        /// Bytes counted against the queue bound (data frames only).
        var counted: Int
        var isClose = false
        var isPong = false
    }

    /// A task waiting for room in the send queue.
    private struct RoomWaiter {
        var id: UInt64
        var bytes: Int
        var continuation: CheckedContinuation<Result<Void, WebSocketConnectionError>, Never>
    }

    let limits: WebSocketLimits
    private let condition = NSCondition()
    /// The socket; `nil` once both threads have ended and it was handed back.
    private var socket: UpgradedSocket?
    /// Called once both threads have ended; set before ``start()``.
    var ended: @Sendable () -> Void = {}

    // Guarded by `condition`.
    private var control: [Outgoing] = []
    private var data: [Outgoing] = []
    private var dataIndex = 0
    private var queued = 0
    private var roomWaiters: [RoomWaiter] = []
    /// Frames of senders waiting for room, by waiter.
    private var pendingFrames: [UInt64: [UInt8]] = [:]
    private var nextWaiter: UInt64 = 0
    private var inbox: [WebSocketMessage] = []
    private var inboxIndex = 0
    private var receiver: CheckedContinuation<Result<WebSocketMessage?, WebSocketConnectionError>, Never>?
    /// How the messages end: `.success` for a clean close, once set.
    private var outcome: Result<Void, WebSocketConnectionError>?
    private var status: WebSocketCloseStatus?
    private var closeQueued = false
    private var closeSent = false
    private var closeReceived = false
    /// The reader stops (a violation, a close received, the socket ended).
    private var readingDone = false
    private var closeDeadline: Double?
    private var lastHeard: Double
    private var pingOutstanding = false
    private var threads = 2
    /// Whether the socket has been shut.
    private var shut = false
    private var endWaiters: [CheckedContinuation<Void, Never>] = []

    init(socket: UpgradedSocket, limits: WebSocketLimits) {
        self.socket = socket
        self.limits = limits
        lastHeard = Self.now()
    }

    /// Starts the reader and writer threads.
    func start() {
        let reader = Thread { [self] in readLoop() }
        reader.name = "inkling.websocket.read"
        let writer = Thread { [self] in writeLoop() }
        writer.name = "inkling.websocket.write"
        reader.start()
        writer.start()
    }

    /// Seconds on a monotonic clock.
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    // MARK: Receiving

    /// The next message; `nil` after a clean close.
    func nextMessage() async -> Result<WebSocketMessage?, WebSocketConnectionError> {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                condition.lock()
                defer { condition.unlock() }
                if inboxIndex < inbox.count {
                    continuation.resume(returning: .success(takeMessageLocked()))
                } else if let outcome {
                    continuation.resume(returning: outcome.map { _ -> WebSocketMessage? in nil })
                } else if receiver != nil {
                    continuation.resume(returning: .failure(.closed))
                } else if Task.isCancelled {
                    continuation.resume(returning: .failure(.cancelled))
                } else {
                    receiver = continuation
                }
            }
        } onCancel: {
            condition.lock()
            defer { condition.unlock() }
            if let receiver {
                self.receiver = nil
                receiver.resume(returning: .failure(.cancelled))
            }
        }
    }

    private func takeMessageLocked() -> WebSocketMessage {
        let message = inbox[inboxIndex]
        inboxIndex += 1
        if inboxIndex == inbox.count {
            inbox.removeAll(keepingCapacity: true)
            inboxIndex = 0
        }
        condition.broadcast()
        return message
    }

    private func readLoop() {
        var decoder = WebSocketDecoder(maxMessageBytes: limits.maxMessageBytes, maxFramesPerMessage: limits.maxFramesPerMessage,
                                       expectsMasked: true)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let pendingLimit = max(1, limits.maxPendingMessages)
        condition.lock()
        let socket = self.socket
        condition.unlock()
        guard let socket else { return threadEnded() }
        while true {
            condition.lock()
            // Backpressure: a full inbox stops reading until the application takes a message.
            while !readingDone, !closeQueued, inbox.count - inboxIndex >= pendingLimit {
                lastHeard = Self.now()
                _ = condition.wait(until: Date().addingTimeInterval(1))
            }
            // What was read already is decoded first, while there is room for its messages.
            do {
                while !readingDone, closeQueued || inbox.count - inboxIndex < pendingLimit, let event = try decoder.next() {
                    takeLocked(event)
                }
            } catch {
                failLocked(error)
            }
            if readingDone {
                condition.unlock()
                break
            }
            if !closeQueued, inbox.count - inboxIndex >= pendingLimit {
                condition.unlock()
                continue
            }
            let wait = timerCheckLocked()
            condition.unlock()
            guard let wait else { continue }
            switch socket.read(into: &buffer, milliseconds: wait) {
            case .nothing:
                continue
            case .ended:
                condition.lock()
                readingDone = true
                endLocked(closeReceived || closeSent ? .success(()) : .failure(.dropped))
                shutLocked()
                condition.unlock()
            case .bytes(let count):
                decoder.append(buffer[0..<count])
                condition.lock()
                lastHeard = Self.now()
                pingOutstanding = false
                condition.unlock()
            }
        }
        threadEnded()
    }

    /// Acts on the timers; the milliseconds to wait in the next read, or `nil` to look again.
    private func timerCheckLocked() -> Int? {
        let now = Self.now()
        if let closeDeadline, now >= closeDeadline {
            // The peer never answered our close: stop waiting.
            readingDone = true
            endLocked(.success(()))
            shutLocked()
            return nil
        }
        let silent = now - lastHeard
        if !closeQueued, limits.idleTimeout > 0 {
            if silent >= limits.idleTimeout {
                // The peer is silent, perhaps gone: the socket is shut once the close frame is out.
                readingDone = true
                endLocked(.failure(.idle(seconds: limits.idleTimeout)))
                queueCloseLocked(code: 1001, reason: "idle for \(Int(limits.idleTimeout)) s", discardQueued: true)
                return nil
            }
            if silent >= limits.idleTimeout / 2, !pingOutstanding {
                pingOutstanding = true
                control.append(Outgoing(bytes: WebSocketFrame(opcode: .ping, payload: []).encoded(masked: false), counted: 0))
                condition.broadcast()
            }
        }
        var next = 1.0
        if let closeDeadline { next = min(next, closeDeadline - now) }
        if !closeQueued, limits.idleTimeout > 0 {
            next = min(next, (pingOutstanding ? limits.idleTimeout : limits.idleTimeout / 2) - silent)
        }
        return max(1, Int((next * 1000).rounded(.up)))
    }

    private func takeLocked(_ event: WebSocketDecoder.Event) {
        switch event {
        case .message(let message):
            // After our close frame, data is read and dropped (RFC 6455 §5.5.1).
            guard !closeQueued, outcome == nil else { return }
            if let receiver {
                self.receiver = nil
                receiver.resume(returning: .success(message))
            } else {
                inbox.append(message)
            }
        case .ping(let payload):
            guard !closeQueued else { return }
            // Only the latest ping is answered (RFC 6455 §5.5.3): a peer that pings and does
            // not read queues one pong at most.
            control.removeAll { $0.isPong }
            control.append(Outgoing(bytes: WebSocketFrame(opcode: .pong, payload: payload).encoded(masked: false), counted: 0, isPong: true))
            condition.broadcast()
        case .pong:
            break
        case .close(let code, let reason):
            closeReceived = true
            readingDone = true
            if status == nil { status = WebSocketCloseStatus(code: code ?? 1005, reason: reason, byPeer: true) }
            endLocked(.success(()))
            if closeQueued {
                if closeSent { shutLocked() }
            } else {
                // Echo the code (RFC 6455 §5.5.1); queued messages still go out first.
                queueCloseLocked(code: code, reason: "", discardQueued: false)
            }
        }
    }

    /// Answers a violation: close with its code, queued data dropped, the messages end with it.
    private func failLocked(_ violation: WebSocketViolation) {
        readingDone = true
        endLocked(.failure(.violation(code: violation.closeCode, reason: violation.reason)))
        if !closeQueued {
            queueCloseLocked(code: violation.closeCode, reason: violation.reason, discardQueued: true)
        } else if closeSent {
            shutLocked()
        }
    }

    /// Ends the messages (once) and fails whatever waits.
    private func endLocked(_ result: Result<Void, WebSocketConnectionError>) {
        guard outcome == nil else { return }
        outcome = result
        if let receiver, inboxIndex == inbox.count {
            self.receiver = nil
            receiver.resume(returning: result.map { _ -> WebSocketMessage? in nil })
        }
        condition.broadcast()
    }

    // MARK: Sending

    /// Queues a data message when it fits (or the queue is empty); `false` when it does not fit.
    func sendIfRoom(_ message: WebSocketMessage) -> Result<Bool, WebSocketConnectionError> {
        let frame = Self.frame(message)
        condition.lock()
        defer { condition.unlock() }
        guard !closeQueued, outcome == nil else { return .failure(.closed) }
        guard fitsLocked(frame.count) else { return .success(false) }
        queueDataLocked(frame)
        return .success(true)
    }

    /// Queues a data message, waiting for room.
    func send(_ message: WebSocketMessage) async -> Result<Void, WebSocketConnectionError> {
        let frame = Self.frame(message)
        let id: UInt64 = condition.withLock {
            nextWaiter += 1
            return nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, WebSocketConnectionError>, Never>) in
                condition.lock()
                defer { condition.unlock() }
                if closeQueued || outcome != nil {
                    continuation.resume(returning: .failure(.closed))
                } else if Task.isCancelled {
                    continuation.resume(returning: .failure(.cancelled))
                } else if roomWaiters.isEmpty, fitsLocked(frame.count) {
                    queueDataLocked(frame)
                    continuation.resume(returning: .success(()))
                } else {
                    roomWaiters.append(RoomWaiter(id: id, bytes: frame.count, continuation: continuation))
                    pendingFrames[id] = frame
                }
            }
        } onCancel: {
            condition.lock()
            defer { condition.unlock() }
            if let index = roomWaiters.firstIndex(where: { $0.id == id }) {
                let waiter = roomWaiters.remove(at: index)
                pendingFrames[id] = nil
                waiter.continuation.resume(returning: .failure(.cancelled))
            }
        }
    }

    private func fitsLocked(_ bytes: Int) -> Bool {
        queued == 0 || queued + bytes <= limits.maxQueuedBytes
    }

    private func queueDataLocked(_ frame: [UInt8]) {
        data.append(Outgoing(bytes: frame, counted: frame.count))
        queued += frame.count
        condition.broadcast()
    }

    /// Moves waiting senders into the queue while they fit, in order.
    private func admitWaitersLocked() {
        while let first = roomWaiters.first, fitsLocked(first.bytes) {
            roomWaiters.removeFirst()
            if let frame = pendingFrames.removeValue(forKey: first.id) { queueDataLocked(frame) }
            first.continuation.resume(returning: .success(()))
        }
    }

    /// Fails every waiting sender.
    private func failWaitersLocked() {
        for waiter in roomWaiters { waiter.continuation.resume(returning: .failure(.closed)) }
        roomWaiters.removeAll()
        pendingFrames.removeAll()
    }

    /// Starts the close handshake: `code` (`nil`: an empty close frame) after queued data, or
    /// instead of it. Later sends fail.
    func close(code: UInt16?, reason: String, discardQueued: Bool) {
        condition.lock()
        defer { condition.unlock() }
        guard !closeQueued else { return }
        if status == nil, let code { status = WebSocketCloseStatus(code: code, reason: reason, byPeer: false) }
        queueCloseLocked(code: code, reason: reason, discardQueued: discardQueued)
    }

    private func queueCloseLocked(code: UInt16?, reason: String, discardQueued: Bool) {
        guard !closeQueued else { return }
        closeQueued = true
        if status == nil, let code { status = WebSocketCloseStatus(code: code, reason: reason, byPeer: false) }
        if discardQueued {
            data.removeAll()
            dataIndex = 0
            queued = 0
        }
        failWaitersLocked()
        var payload: [UInt8] = []
        if let code {
            payload = [UInt8(code >> 8), UInt8(code & 0xFF)]
            // A control frame carries at most 125 bytes: the reason is cut on a character boundary.
            var cut = Array(reason.utf8.prefix(123))
            while !cut.isEmpty, String(validating: cut, as: UTF8.self) == nil { cut.removeLast() }
            payload += cut
        }
        let frame = Outgoing(bytes: WebSocketFrame(opcode: .close, payload: payload).encoded(masked: false), counted: 0, isClose: true)
        data.append(frame)
        condition.broadcast()
    }

    private func writeLoop() {
        condition.lock()
        let socket = self.socket
        condition.unlock()
        guard let socket else { return threadEnded() }
        let timeout = max(1, Int(limits.sendTimeout * 1000))
        while true {
            condition.lock()
            while control.isEmpty, dataIndex >= data.count, !shut { condition.wait() }
            if shut {
                condition.unlock()
                break
            }
            let frame: Outgoing
            if !control.isEmpty {
                frame = control.removeFirst()
            } else {
                frame = data[dataIndex]
                dataIndex += 1
                if dataIndex == data.count {
                    data.removeAll(keepingCapacity: true)
                    dataIndex = 0
                }
            }
            condition.unlock()
            let written = socket.write(frame.bytes, milliseconds: timeout)
            condition.lock()
            queued -= min(queued, frame.counted)
            if written != .written {
                readingDone = true
                endLocked(.failure(written == .stalled ? .slowReader(seconds: limits.sendTimeout) : .dropped))
                failWaitersLocked()
                shutLocked()
                condition.unlock()
                break
            }
            admitWaitersLocked()
            if frame.isClose {
                closeSent = true
                if closeReceived || readingDone {
                    shutLocked()
                } else {
                    closeDeadline = Self.now() + limits.closeTimeout
                }
                condition.unlock()
                break
            }
            condition.unlock()
        }
        threadEnded()
    }

    // MARK: Ending

    private func shutLocked() {
        guard !shut else { return }
        shut = true
        readingDone = true
        socket?.shutdown()
        failWaitersLocked()
        condition.broadcast()
    }

    /// Waits until both threads have ended (the socket has been handed back).
    func waitUntilEnded() async {
        await withCheckedContinuation { continuation in
            condition.lock()
            defer { condition.unlock() }
            if threads == 0 { continuation.resume() } else { endWaiters.append(continuation) }
        }
    }

    private func threadEnded() {
        condition.lock()
        threads -= 1
        let last = threads == 0
        var waiters: [CheckedContinuation<Void, Never>] = []
        if last {
            endLocked(closeReceived ? .success(()) : .failure(.dropped))
            shut = true
            // The last reference but the threads' own: the handle goes back to libmicrohttpd
            // as they return.
            socket = nil
            waiters = endWaiters
            endWaiters = []
        }
        condition.broadcast()
        condition.unlock()
        guard last else { return }
        ended()
        for waiter in waiters { waiter.resume() }
    }

    /// Bytes queued to send and not yet written.
    var queuedBytes: Int { condition.withLock { queued } }

    /// The first close frame's code and reason, and who sent it.
    var closeStatus: WebSocketCloseStatus? { condition.withLock { status } }

    /// Whether no close frame has been queued, nor the connection ended.
    var isOpen: Bool { condition.withLock { !closeQueued && outcome == nil } }

    /// The encoded (unmasked) frame of a message.
    private static func frame(_ message: WebSocketMessage) -> [UInt8] {
        switch message {
        case .text(let text): WebSocketFrame(opcode: .text, payload: Array(text.utf8)).encoded(masked: false)
        case .binary(let bytes): WebSocketFrame(opcode: .binary, payload: bytes).encoded(masked: false)
        }
    }
}
