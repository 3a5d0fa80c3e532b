import Foundation

/// Where the server is and the bounds the client keeps: timeouts the caller sets, and how much
/// of an answer or a stream it holds at most.
public struct InklingClientConfiguration: Sendable {
    /// The server's root, `http://127.0.0.1:8080`.
    public var baseURL: URL
    /// An API key, sent as `Authorization: Bearer …` (and `?key=` on a live session's URL).
    public var apiKey: String?
    /// Seconds without a byte from the server before a request fails (URLSession's
    /// `timeoutIntervalForRequest`: between bytes, so a long stream that keeps talking lives on).
    public var requestTimeout: TimeInterval
    /// Seconds one whole exchange may take at most, stream included (`timeoutIntervalForResource`).
    public var resourceTimeout: TimeInterval
    /// The largest answer body read (images included); a larger one fails the call.
    public var maxResponseBytes: Int
    /// The longest NDJSON line of a stream; a longer one fails the stream.
    public var maxLineBytes: Int
    /// How many stream events wait for a slow reader before the download is paused (and, with
    /// 4 more, how many lines of ``maxLineBytes`` may be held unread at most before the stream
    /// fails rather than buffering more).
    public var maxBufferedEvents: Int

    /// Creates a configuration.
    public init(
        baseURL: URL, apiKey: String? = nil, requestTimeout: TimeInterval = 60, resourceTimeout: TimeInterval = 600,
        maxResponseBytes: Int = 64 << 20, maxLineBytes: Int = 1 << 20, maxBufferedEvents: Int = 32
    ) {
        self.baseURL = baseURL; self.apiKey = apiKey; self.requestTimeout = requestTimeout
        self.resourceTimeout = resourceTimeout; self.maxResponseBytes = maxResponseBytes
        self.maxLineBytes = maxLineBytes; self.maxBufferedEvents = max(1, maxBufferedEvents)
    }
}
