import Foundation

/// A live drawing session (docs/live.md) over a ``LiveSocket``: send strokes as they finish, read
/// frames that follow the pen. Messages are sent one at a time; events are read as the caller
/// asks for them (nothing is buffered beyond the socket's own), a frame header joined with the
/// binary message that follows it.
///
/// ```swift
/// let live = try await InklingLiveSession.open(client.configuration, start: .start(canvas: InkCanvas(width: 800, height: 600), prompt: "a house"))
/// try await live.send(.stroke(InkStroke(pencilKit: fields)))
/// for try await event in live.events { if case .frame(_, _, _, _, let jpeg) = event { show(jpeg) } }
/// ```
public final class InklingLiveSession: Sendable {
    /// The connection.
    public let socket: any LiveSocket

    /// Opens a session on `socket` (by default a `URLSessionWebSocketTask` to the configuration's
    /// server) and sends `start`, which must be a ``LiveClientMessage/start(canvas:prompt:style:options:cancelOnChange:)``.
    public static func open(_ configuration: InklingClientConfiguration, start: LiveClientMessage, socket: (any LiveSocket)? = nil) async throws -> InklingLiveSession {
        guard case .start = start else { throw InklingClientError.invalidResponse("a live session opens with a start message") }
        let session = InklingLiveSession(socket: socket ?? URLSessionLiveSocket(configuration))
        try await session.send(start)
        return session
    }

    init(socket: any LiveSocket) { self.socket = socket }

    /// Sends one message.
    public func send(_ message: LiveClientMessage) async throws { try await socket.send(message.json) }

    /// The session's events, read from the socket as they are asked for; the stream throws the
    /// socket's error when the connection ends.
    public var events: AsyncThrowingStream<LiveServerEvent, any Error> {
        let socket = self.socket
        return AsyncThrowingStream(unfolding: { try await Self.next(from: socket) })
    }

    /// Closes the session.
    public func close() { socket.close() }

    /// The next event: a text message, and for a frame header the binary message after it.
    static func next(from socket: any LiveSocket) async throws -> LiveServerEvent {
        while true {
            guard case .text(let text) = try await socket.receive() else {
                throw InklingClientError.invalidResponse("a binary message without a frame header before it")
            }
            let m: LiveServerEvent.Text
            do { m = try JSONDecoder().decode(LiveServerEvent.Text.self, from: Data(text.utf8)) } catch {
                throw InklingClientError.invalidResponse("a live message that is not JSON: \(text.prefix(80))")
            }
            switch m.type {
            case "state":
                return .state(revision: m.revision ?? 0, state: m.state ?? "", rendering: m.rendering, progress: m.progress, answered: m.answered, dropped: m.dropped)
            case "frame":
                guard case .data(let image) = try await socket.receive() else {
                    throw InklingClientError.invalidResponse("a frame header not followed by its image")
                }
                guard image.count == m.bytes else {
                    throw InklingClientError.invalidResponse("a frame of \(image.count) bytes, its header said \(m.bytes ?? 0)")
                }
                return .frame(revision: m.revision ?? 0, mime: m.mime ?? "", width: m.width ?? 0, height: m.height ?? 0, image: image)
            case "error":
                return .error(InklingAPIError(status: m.status ?? 500, code: m.code ?? "unknown", message: m.message ?? ""))
            case "kept":
                return .kept(revision: m.revision ?? 0, job: m.job ?? "", url: m.url ?? "")
            default:
                continue  // a message type this client does not know yet
            }
        }
    }
}
