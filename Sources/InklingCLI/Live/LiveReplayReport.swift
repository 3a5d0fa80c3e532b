import Foundation
import InklingBase

/// The figures of a replay: frames, their order, and per stroke the time from its pen-up to the
/// first frame that includes it (latency); per frame, how long ago the oldest stroke it lacks
/// ended when it arrived (staleness, 0 for a frame of everything sent); and, with
/// `--compare-generations`, the same drawing through `POST /v1/generations`.
struct LiveReplayReport: Sendable {
    /// p50, p95 and the maximum of some seconds (nearest rank).
    struct Stats: Sendable {
        var p50: Double
        var p95: Double
        var max: Double

        init?(_ values: [Double]) {
            guard !values.isEmpty else { return nil }
            let sorted = values.sorted()
            func rank(_ p: Double) -> Double { sorted[Swift.max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1)] }
            p50 = rank(0.5)
            p95 = rank(0.95)
            max = sorted[sorted.count - 1]
        }

        var json: JSONValue { ["p50": .double(Self.ms(p50)), "p95": .double(Self.ms(p95)), "max": .double(Self.ms(max))] }
        var text: String { "p50 \(NumberText.fixed(Self.ms(p50), digits: 1)) ms, p95 \(NumberText.fixed(Self.ms(p95), digits: 1)) ms, max \(NumberText.fixed(Self.ms(max), digits: 1)) ms" }
        static func ms(_ seconds: Double) -> Double { (seconds * 10_000).rounded() / 10 }
    }

    var sessions: Int
    var strokes: Int
    var frames = 0
    var outOfOrder = 0
    /// Frames the server said it skipped for a slow reader (`dropped` on its state messages).
    var dropped = 0
    /// Strokes no frame included (their frame was skipped and no newer one came).
    var unanswered = 0
    /// The newest revision a frame answered, the lowest over the sessions.
    var lastFrameRevision = -1
    var latencies: [Double] = []
    var staleness: [Double] = []
    var kept: [String] = []
    var seconds: Double
    /// Per stroke, pen-up to the image of `POST /v1/generations`, when compared.
    var generations: [Double]?

    init(_ logs: [LiveReplayLog.Snapshot], strokes: Int, seconds: Double) {
        sessions = logs.count
        self.strokes = strokes
        self.seconds = seconds
        lastFrameRevision = logs.map { $0.frames.map(\.revision).max() ?? -1 }.min() ?? -1
        for log in logs {
            frames += log.frames.count
            var newest = -1
            for frame in log.frames {
                if frame.revision <= newest { outOfOrder += 1 }
                newest = max(newest, frame.revision)
                // The oldest stroke sent before the frame arrived and not in it.
                if frame.revision < log.sent.count, log.sent[frame.revision] <= frame.arrival {
                    staleness.append(frame.arrival - log.sent[max(frame.revision, 0)])
                } else {
                    staleness.append(0)
                }
            }
            for (i, sent) in log.sent.enumerated() {
                guard let first = log.frames.first(where: { $0.revision >= i + 1 }) else { unanswered += 1; continue }
                latencies.append(first.arrival - sent)
            }
            dropped += log.dropped
            if let job = log.kept { kept.append(job) }
        }
    }

    /// Generations latency over live latency, at p50 and p95.
    var ratios: (p50: Double, p95: Double)? {
        guard let g = generations.flatMap(Stats.init), let l = Stats(latencies), l.p50 > 0, l.p95 > 0 else { return nil }
        return (g.p50 / l.p50, g.p95 / l.p95)
    }

    /// The report as lines for a person.
    var text: String {
        var lines = [
            "live replay: \(strokes) stroke\(strokes == 1 ? "" : "s") × \(sessions) session\(sessions == 1 ? "" : "s") in \(NumberText.fixed(seconds, digits: 1)) s: \(frames) frames, \(outOfOrder) out of order, "
                + "\(dropped) dropped, last frame answers revision \(lastFrameRevision) of \(strokes)",
            "pen-up → frame (latency): " + (Stats(latencies)?.text ?? "no frames") + (unanswered > 0 ? "; \(unanswered) strokes never in a frame" : ""),
            "frame staleness: " + (Stats(staleness)?.text ?? "no frames"),
        ]
        if let g = generations.flatMap(Stats.init) {
            lines.append("POST /v1/generations per stroke: " + g.text)
            if let r = ratios { lines.append("generations / live latency: \(NumberText.fixed(r.p50, digits: 1))× at p50, \(NumberText.fixed(r.p95, digits: 1))× at p95") }
        }
        lines += kept.map { "kept: job \($0)" }
        return lines.joined(separator: "\n")
    }

    /// The report as one JSON object.
    var json: JSONValue {
        var object: [String: JSONValue] = [
            "sessions": .int(Int64(sessions)), "strokes": .int(Int64(strokes)), "frames": .int(Int64(frames)),
            "framesOutOfOrder": .int(Int64(outOfOrder)), "framesDropped": .int(Int64(dropped)),
            "unansweredStrokes": .int(Int64(unanswered)), "lastFrameRevision": .int(Int64(lastFrameRevision)),
            "seconds": .double(Stats.ms(seconds) / 1000),
            "latencyMs": Stats(latencies)?.json ?? .null, "stalenessMs": Stats(staleness)?.json ?? .null,
            "kept": .array(kept.map(JSONValue.string)),
        ]
        if let generations {
            object["generations"] = [
                "latencyMs": Stats(generations)?.json ?? .null,
                "ratioP50": ratios.map { .double($0.p50) } ?? .null, "ratioP95": ratios.map { .double($0.p95) } ?? .null,
            ]
        }
        return .object(object)
    }
}
