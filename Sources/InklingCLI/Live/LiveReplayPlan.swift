import Foundation
import InklingBase
import InklingLive
import InklingStrokes

/// When `inkling live replay` sends each stroke of a drawing, and the messages it sends.
///
/// The timeline is the drawing's own: a stroke begins at its `creationDate` (counted from the
/// first stroke's) and ends `duration` later, its pen-up. Strokes without dates (or with dates
/// that go backwards) follow each other without a gap; a stroke ending before the one before it
/// ends with it; a pause between strokes longer than ``maxGap`` is shortened to it. `speed`
/// divides every time.
struct LiveReplayPlan: Sendable {
    /// One stroke: when it begins and ends, in seconds from the start of the replay.
    struct Step: Sendable {
        var stroke: Stroke
        var start: Double
        var end: Double
    }

    /// The longest pause between strokes kept, in drawing time (a replay of an afternoon's
    /// sketch would otherwise wait for the coffee breaks).
    static let maxGap = 5.0

    /// Every stroke, in the drawing's order.
    let steps: [Step]
    /// How many times faster than drawn.
    let speed: Double
    /// The canvas the start message names: the drawing's, else the strokes' bounds.
    let canvas: Size2D

    /// The plan for `drawing` at `speed` (> 0).
    init(_ drawing: Drawing, speed: Double) {
        let epoch = Date(timeIntervalSince1970: 0)
        let dated = drawing.strokes.allSatisfy { $0.path.creationDate != epoch }
        let first = drawing.strokes.first?.path.creationDate ?? epoch
        var steps: [Step] = []
        var lastEnd = 0.0, lastStart = 0.0, shift = 0.0
        for stroke in drawing.strokes {
            var start = dated ? stroke.path.creationDate.timeIntervalSince(first) - shift : lastEnd
            if !start.isFinite || start < lastStart { start = lastEnd }
            if start - lastEnd > Self.maxGap {
                shift += start - lastEnd - Self.maxGap
                start = lastEnd + Self.maxGap
            }
            let duration = stroke.path.duration.isFinite ? max(0, stroke.path.duration) : 0
            let end = max(start + duration, lastEnd)
            steps.append(Step(stroke: stroke, start: start / speed, end: end / speed))
            lastStart = start
            lastEnd = end
        }
        self.steps = steps
        self.speed = speed
        if let canvas = drawing.canvas {
            self.canvas = canvas
        } else {
            let bounds = drawing.bounds
            self.canvas = Size2D(width: max(1, (bounds?.maxX ?? 1).rounded(.up)), height: max(1, (bounds?.maxY ?? 1).rounded(.up)))
        }
    }

    /// Seconds from the first stroke's start to the last pen-up.
    var duration: Double { steps.last?.end ?? 0 }

    /// Why a live session would refuse this drawing (its ``LiveLimits``), or `nil`.
    func problem(_ limits: LiveLimits = .default) -> String? {
        if steps.count > limits.maxStrokes {
            return "\(steps.count) strokes, over a live session's \(limits.maxStrokes) (maxStrokes)"
        }
        let points = steps.reduce(0) { $0 + $1.stroke.path.count }
        if points > limits.maxTotalPoints {
            return "\(points) points, over a live session's \(limits.maxTotalPoints) (maxTotalPoints)"
        }
        if let (i, step) = steps.enumerated().first(where: { $0.element.stroke.path.count > limits.maxPointsPerStroke }) {
            return "stroke \(i + 1) has \(step.stroke.path.count) points, over a live session's \(limits.maxPointsPerStroke) (maxPointsPerStroke)"
        }
        if max(canvas.width, canvas.height) > limits.maxCanvasSide {
            return "a \(NumberText.compact(canvas.width))×\(NumberText.compact(canvas.height)) canvas, over a live session's \(NumberText.compact(limits.maxCanvasSide)) (maxCanvasSide)"
        }
        if let (i, _) = steps.enumerated().first(where: { Self.strokeMessage($0.element.stroke).utf8.count > limits.maxMessageBytes }) {
            return "stroke \(i + 1) is over a live message's \(limits.maxMessageBytes) bytes (maxMessageBytes)"
        }
        return nil
    }

    /// The `start` message.
    func startMessage(prompt: String?, style: String?, options: JSONValue, cancelOnChange: Bool) -> String {
        var fields: [String: JSONValue] = [
            "type": "start", "canvas": ["width": .double(canvas.width), "height": .double(canvas.height)],
            "options": options, "cancelOnChange": .bool(cancelOnChange),
        ]
        if let prompt { fields["prompt"] = .string(prompt) }
        if let style { fields["style"] = .string(style) }
        return JSONValue.object(fields).text
    }

    /// The `stroke` message of a finished stroke.
    static func strokeMessage(_ stroke: Stroke) -> String {
        #"{"type":"stroke","stroke":"# + String(decoding: StrokeJSONEncoder().encode(stroke: stroke), as: UTF8.self) + "}"
    }

    /// The `points` message of `stroke`'s first `count` points (at least one).
    static func pointsMessage(_ stroke: Stroke, count: Int) -> String {
        var partial = stroke
        partial.path.points = Array(stroke.path.points.prefix(max(1, count)))
        return #"{"type":"points","stroke":"# + String(decoding: StrokeJSONEncoder().encode(stroke: partial), as: UTF8.self) + "}"
    }

    /// The drawing of the first `count` strokes, as stroke JSON (for `POST /v1/generations`).
    func drawing(strokes count: Int) -> [UInt8] {
        StrokeJSONEncoder().encode(Drawing(strokes: steps.prefix(count).map(\.stroke), canvas: canvas))
    }
}
