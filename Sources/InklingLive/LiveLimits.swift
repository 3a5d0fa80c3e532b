import InklingBase
import InklingStrokes

/// The bounds of one live session: how large a message may be and how deep it may nest, how
/// many points a stroke and how many strokes the drawing may hold, how much undo history is
/// kept. Every message is held to them before any work is done on it.
public struct LiveLimits: Sendable, Hashable {
    /// Largest message, in bytes; checked before a byte is parsed (default 1 MiB).
    public var maxMessageBytes: Int
    /// Deepest nesting of arrays and objects in a message (default 10; a stroke with a mask
    /// needs 6).
    public var maxDepth: Int
    /// Most control points in one stroke, and mask vertices in its mask (default 10,000).
    public var maxPointsPerStroke: Int
    /// Most strokes in the session's drawing (default 2,000).
    public var maxStrokes: Int
    /// Most control points in the session's drawing (default 500,000).
    public var maxTotalPoints: Int
    /// Most undo steps kept; older ones are forgotten (default 200).
    public var maxUndo: Int
    /// Longest prompt, in UTF-8 bytes (default 20,000, as `/v1/generations`).
    public var maxPromptBytes: Int
    /// Largest canvas width or height (default 16,384, as stroke JSON).
    public var maxCanvasSide: Double
    /// Messages a session takes per second, sustained (default 60: a `points` message each
    /// animation frame); more are refused unread (``messageBurst`` at once).
    public var maxMessagesPerSecond: Double
    /// Messages a session takes at once before ``maxMessagesPerSecond`` applies (default 240).
    public var messageBurst: Double

    /// Creates limits; every argument defaults to the documented value.
    public init(
        maxMessageBytes: Int = 1 << 20,
        maxDepth: Int = 10,
        maxPointsPerStroke: Int = 10_000,
        maxStrokes: Int = 2_000,
        maxTotalPoints: Int = 500_000,
        maxUndo: Int = 200,
        maxPromptBytes: Int = 20_000,
        maxCanvasSide: Double = 16_384,
        maxMessagesPerSecond: Double = 60,
        messageBurst: Double = 240
    ) {
        self.maxMessageBytes = maxMessageBytes
        self.maxDepth = maxDepth
        self.maxPointsPerStroke = maxPointsPerStroke
        self.maxStrokes = maxStrokes
        self.maxTotalPoints = maxTotalPoints
        self.maxUndo = maxUndo
        self.maxPromptBytes = maxPromptBytes
        self.maxCanvasSide = maxCanvasSide
        self.maxMessagesPerSecond = maxMessagesPerSecond
        self.messageBurst = messageBurst
    }

    /// The documented defaults.
    public static let `default` = LiveLimits()

    /// What one pass over a message may count before json-c builds anything: a stroke's points
    /// (21 values each with every channel, as stroke JSON counts them) and a few thousand more.
    var json: JSONLimits {
        let points = max(maxPointsPerStroke, 0)
        return JSONLimits(
            maxBytes: maxMessageBytes, maxDepth: maxDepth,
            maxValues: 21 &* points &+ 4096, maxArrayCount: 2 &* points &+ 16)
    }

    /// The stroke decoder's limits for one stroke of a message.
    var stroke: StrokeJSONDecoder.Limits {
        StrokeJSONDecoder.Limits(
            maxBytes: maxMessageBytes, maxStrokes: 1, maxPointsPerStroke: maxPointsPerStroke,
            maxTotalPoints: 2 &* maxPointsPerStroke, maxDepth: maxDepth, maxCanvasSide: maxCanvasSide)
    }
}
