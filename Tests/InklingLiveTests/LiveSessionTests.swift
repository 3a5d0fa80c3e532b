import InklingConditioning
import InklingGuidance
import InklingJobs
@testable import InklingLive
import InklingStrokes
import XCTest

/// Live sessions driven message by message against a fake renderer and a clock the test moves:
/// the properties of issue 38 over random interleavings, the adaptive grace period, cancelling
/// on change, keep, refusals and closing.
final class LiveSessionTests: XCTestCase {
    static let canvas = Size2D(width: 512, height: 512)
    static func stroke(_ tag: Int) -> Stroke { LiveDrawingTests.stroke(tag) }

    private func open(
        _ renderer: FakeLiveRenderer, clock: ManualLiveClock, cancelOnChange: Bool = false, prompt: String? = "a house",
        scheduling: LiveScheduling = LiveScheduling(measuredRenders: 3), limits: LiveLimits = .default
    ) async throws -> LiveSession {
        try await LiveSession.open(
            LiveStart(canvas: Self.canvas, prompt: prompt, cancelOnChange: cancelOnChange), renderer: renderer, limits: limits,
            scheduling: scheduling, clock: clock, seed: 42)
    }

    /// Ends the generation in flight after `seconds` on the clock, and waits until the session
    /// handled it (or handled its end by a cancel asked for earlier, which may come first).
    private func finish(_ session: LiveSession, _ renderer: FakeLiveRenderer, clock: ManualLiveClock, after seconds: Double,
                        _ outcome: FakeLiveRenderer.Outcome = .frame) async throws {
        // One read of both: with two, a cancelled run could end between them, and this would
        // wait for the end of the run started after it, which nobody finishes (CI hung so).
        let (revision, ended) = await session.renderingAndEnded
        let running = try XCTUnwrap(revision, "nothing runs")
        clock.advance(by: seconds)
        renderer.finish(running, outcome)
        await session.awaitRendersEnded(ended + 1)
    }

    // MARK: Properties over random interleavings

    func testRandomInterleavingsKeepTheProperties() async throws {
        var totals = (renders: 0, frames: 0, cancelled: 0, graceWaits: 0)
        for seed in UInt64(1)...60 {
            let counts = try await interleave(seed: seed, cancelOnChange: seed % 2 == 0)
            totals.renders += counts.renders
            totals.frames += counts.frames
            totals.cancelled += counts.cancelled
            totals.graceWaits += counts.graceWaits
        }
        print("interleavings: \(totals.renders) runs, \(totals.frames) frames, \(totals.cancelled) cancelled, \(totals.graceWaits) grace waits")
        // The interleavings reach every rule: many runs, frames, cancellations, grace periods.
        XCTAssertGreaterThan(totals.renders, 600)
        XCTAssertGreaterThan(totals.frames, 300)
        XCTAssertGreaterThan(totals.cancelled, 50)
        XCTAssertGreaterThan(totals.graceWaits, 20)
    }

    /// One random session of 80 steps; returns what happened in it.
    private func interleave(seed: UInt64, cancelOnChange: Bool) async throws -> (renders: Int, frames: Int, cancelled: Int, graceWaits: Int) {
        var random = SplitMix64(seed: seed)
        let clock = ManualLiveClock()
        let renderer = FakeLiveRenderer()
        let scheduling = LiveScheduling(graceSeconds: 0.25, slowSeconds: 1.5, measuredRenders: 3, penTimeoutSeconds: 1000)
        let session = try await open(renderer, clock: clock, cancelOnChange: cancelOnChange, scheduling: scheduling)
        var collector = OutputCollector(session)
        // What each revision was: its strokes and prompt.
        var revisions: [Int: (strokes: Int, prompt: String?)] = [0: (0, "a house")]
        var penDown = false
        var graceWaits = 0
        let context = "seed \(seed), cancelOnChange \(cancelOnChange)"

        for step in 0..<80 {
            let startedBefore = await session.rendersStarted
            let (runningBefore, endedBefore) = await session.renderingAndEnded
            let revisionBefore = await session.revision
            switch random.next() % 10 {
            case 0, 1:
                try await session.handle(.stroke(Self.stroke(step)))
                penDown = false
            case 2:
                try await session.handle(.points(Self.stroke(step)))
                penDown = true
            case 3:
                _ = try? await session.handle(.undo)
            case 4:
                _ = try? await session.handle(.redo)
            case 5:
                try await session.handle(.clear)
                penDown = false
            case 6:
                let patch = LiveOptionsPatch(.object(["strength": .double(Double(random.next() % 10) / 10)]))
                try await session.handle(.set(LiveSettings(prompt: random.next() % 2 == 0 ? "a barn \(step)" : nil, options: patch)))
            case 7, 8:
                if await session.renderingRevision != nil {
                    try await finish(session, renderer, clock: clock, after: Double(random.next() % 300) / 100,
                                     random.next() % 6 == 0 ? .fail : .frame)
                }
            default:
                clock.advance(by: Double(random.next() % 100) / 100)
                await session.awaitDueTimers()
            }
            let revision = await session.revision
            if revision != revisionBefore, await session.graceSeconds > 0, await session.renderingRevision == nil { graceWaits += 1 }
            if revision != revisionBefore {
                let strokes = await session.drawing.strokes.count
                revisions[revision] = (strokes, await session.prompt)
                if cancelOnChange, let running = runningBefore {
                    await session.awaitRendersEnded(endedBefore + 1)
                    XCTAssertTrue(renderer.cancelled.contains(running), "a change cancels revision \(running)'s run (\(context))")
                }
            }
            if await session.rendersStarted > startedBefore {
                XCTAssertFalse(penDown, "a generation started mid-stroke at step \(step) (\(context))")
            }
        }

        // Settle: the pen lifts, one last change, every run ends with a frame, time passes.
        if penDown { try await session.handle(.points(nil)) }
        let (runningBeforeTheEnd, endedBeforeTheEnd) = await session.renderingAndEnded
        try await session.handle(.set(LiveSettings(prompt: "the end")))
        if cancelOnChange, runningBeforeTheEnd != nil { await session.awaitRendersEnded(endedBeforeTheEnd + 1) }
        let last = await session.revision
        revisions[last] = (await session.drawing.strokes.count, "the end")
        for _ in 0..<20 {
            if await session.renderingRevision != nil {
                try await finish(session, renderer, clock: clock, after: 0.5)
            } else {
                clock.advance(by: 10)
                await session.awaitDueTimers()
                if await session.renderingRevision == nil { break }
            }
        }
        await session.close()
        let outputs = await collector.finished()
        _ = outputs

        let frames = collector.frameRevisions
        XCTAssertEqual(frames, frames.sorted(), "frames went backwards (\(context))")
        XCTAssertEqual(Set(frames).count, frames.count, "a revision answered twice (\(context))")
        XCTAssertEqual(frames.last, last, "the last frame answers the last revision (\(context))")
        XCTAssertEqual(collector.states.last, LiveStateReport(revision: last, state: .upToDate, answered: last), context)
        XCTAssertLessThanOrEqual(renderer.maxInFlight, 1, context)
        if !cancelOnChange { XCTAssertEqual(renderer.cancelled, [], context) }
        for request in renderer.calls {
            XCTAssertEqual(request.options.seed, 42, "the session's seed, always")
            let expected = try XCTUnwrap(revisions[request.revision], context)
            XCTAssertEqual(request.drawing.strokes.count, expected.strokes, "revision \(request.revision)'s drawing, never a stroke in progress (\(context))")
            XCTAssertEqual(request.prompt, expected.prompt, context)
            XCTAssertEqual(request.drawing.canvas, Self.canvas)
        }
        // Revisions run in increasing order, each at most once.
        let ran = renderer.calls.map(\.revision)
        XCTAssertEqual(ran, ran.sorted(), context)
        XCTAssertEqual(Set(ran).count, ran.count, context)
        return (renderer.calls.count, frames.count, renderer.cancelled.count, graceWaits)
    }

    // MARK: Grace period

    func testGracePeriodAdaptsToGenerationTime() async throws {
        let clock = ManualLiveClock()
        let renderer = FakeLiveRenderer()
        let session = try await open(renderer, clock: clock)
        do { let observed = await session.renderingRevision; XCTAssertEqual(observed, 0, "revision 0 starts at once") }
        // Three slow generations: the median is 2 s.
        try await finish(session, renderer, clock: clock, after: 2)
        for tag in 1...2 {
            try await session.handle(.stroke(Self.stroke(tag)))
            clock.advance(by: 0.25)
            await session.awaitDueTimers()
            try await finish(session, renderer, clock: clock, after: 2)
        }
        let slowGrace = await session.graceSeconds
        XCTAssertEqual(slowGrace, 0.25)
        try await session.handle(.stroke(Self.stroke(3)))
        do { let observed = await session.renderingRevision; XCTAssertNil(observed, "slow: waits for the grace period") }
        clock.advance(by: 0.2)
        await session.awaitDueTimers()
        do { let observed = await session.renderingRevision; XCTAssertNil(observed) }
        // A change inside the grace period moves it on.
        try await session.handle(.stroke(Self.stroke(4)))
        clock.advance(by: 0.1)
        await session.awaitDueTimers()
        do { let observed = await session.renderingRevision; XCTAssertNil(observed, "0.1 s after the latest change") }
        clock.advance(by: 0.15)
        await session.awaitDueTimers()
        do { let observed = await session.renderingRevision; XCTAssertEqual(observed, 4, "0.25 s after it: the newest runs") }
        // Fast generations: the grace period goes.
        try await finish(session, renderer, clock: clock, after: 0.1)
        for tag in 5...6 {
            try await session.handle(.stroke(Self.stroke(tag)))
            clock.advance(by: 0.25)
            await session.awaitDueTimers()
            try await finish(session, renderer, clock: clock, after: 0.1)
        }
        let fastGrace = await session.graceSeconds
        XCTAssertEqual(fastGrace, 0)
        try await session.handle(.stroke(Self.stroke(7)))
        do { let observed = await session.renderingRevision; XCTAssertEqual(observed, 7, "fast: starts at once") }
        await session.close()
    }

    // MARK: Cancel on change, and without it

    func testCancelOnChangeCancelsAndRunsTheNewest() async throws {
        let clock = ManualLiveClock()
        let renderer = FakeLiveRenderer()
        let session = try await open(renderer, clock: clock, cancelOnChange: true)
        let ended = await session.rendersEnded
        try await session.handle(.stroke(Self.stroke(1)))
        await session.awaitRendersEnded(ended + 1)
        XCTAssertEqual(renderer.cancelled, [0])
        do { let observed = await session.renderingRevision; XCTAssertEqual(observed, 1) }
        try await session.handle(.set(LiveSettings(cancelOnChange: false)))
        try await session.handle(.stroke(Self.stroke(2)))
        do { let observed = await session.renderingRevision; XCTAssertEqual(observed, 1, "no longer cancelled: it finishes") }
        try await finish(session, renderer, clock: clock, after: 0.1)
        do { let observed = await session.renderingRevision; XCTAssertEqual(observed, 2) }
        try await finish(session, renderer, clock: clock, after: 0.1)
        var collector = OutputCollector(session)
        await session.close()
        _ = await collector.finished()
        XCTAssertEqual(renderer.cancelled, [0])
        XCTAssertEqual(renderer.calls.map(\.revision), [0, 1, 2])
    }

    func testCloseCancelsTheRunInFlight() async throws {
        let clock = ManualLiveClock()
        let renderer = FakeLiveRenderer()
        let session = try await open(renderer, clock: clock)
        var collector = OutputCollector(session)
        await session.close()
        XCTAssertEqual(renderer.cancelled, [0])
        let outputs = await collector.finished()
        XCTAssertEqual(collector.frameRevisions, [])
        XCTAssertTrue(outputs.allSatisfy { if case .error = $0.message { false } else { true } }, "a cancelled run is no error")
        do {
            try await session.handle(.undo)
            XCTFail("accepted after close")
        } catch {
            XCTAssertEqual(error.code, "session_closed")
        }
    }

    // MARK: Messages

    func testRevisionsCountAcceptedChangesOnly() async throws {
        let clock = ManualLiveClock()
        let renderer = FakeLiveRenderer()
        let session = try await open(renderer, clock: clock)
        do { let observed = await session.revision; XCTAssertEqual(observed, 0) }
        try await session.handle(.points(Self.stroke(1)))
        do { let observed = await session.revision; XCTAssertEqual(observed, 0, "points are no change") }
        try await session.handle(.stroke(Self.stroke(1)))
        do { let observed = await session.revision; XCTAssertEqual(observed, 1) }
        try await session.handle(.set(LiveSettings(prompt: "a house")))
        do { let observed = await session.revision; XCTAssertEqual(observed, 1, "the same prompt is no change") }
        try await session.handle(.set(LiveSettings(options: LiveOptionsPatch(.object(["strength": .double(0.9)])))))
        do { let observed = await session.revision; XCTAssertEqual(observed, 2) }
        do { let observed = await session.drawingRevision; XCTAssertEqual(observed, 1, "the drawing last changed at 1") }
        try await session.handle(.undo)
        try await session.handle(.clear)  // nothing to clear: no change
        do { let observed = await session.revision; XCTAssertEqual(observed, 3) }
        try await session.handle(.redo)
        do { let observed = await session.revision; XCTAssertEqual(observed, 4) }
        do { let observed = await session.drawingRevision; XCTAssertEqual(observed, 4) }
        do {
            try await session.handle(.redo)
            XCTFail("redo with nothing to redo")
        } catch {
            XCTAssertEqual(error.code, "nothing_to_redo")
        }
        do { let observed = await session.revision; XCTAssertEqual(observed, 4) }
        await session.close()
    }

    func testRefusalsLeaveTheSessionAsItWas() async throws {
        let clock = ManualLiveClock()
        let renderer = FakeLiveRenderer()
        let session = try await open(renderer, clock: clock, limits: LiveLimits(maxStrokes: 2))
        var collector = OutputCollector(session)
        await session.receive(Array(#"{"type": "stroke", "stroke": {"points": [{"x": 1, "y": 2}]}}"#.utf8))
        await session.receive(Array(#"{"type": "stroke", "stroke": {"points": [{"x": 3, "y": 4}]}}"#.utf8))
        await session.receive(Array(#"{"type": "stroke", "stroke": {"points": [{"x": 5, "y": 6}]}}"#.utf8))
        await session.receive(Array(#"{"type": "start", "canvas": {"width": 5, "height": 5}}"#.utf8))
        await session.receive(Array(#"{"type": "set", "options": {"guidanceStart": 0.9, "guidanceEnd": 0.1}}"#.utf8))
        await session.receive(Array("not json".utf8))
        do { let observed = await session.revision; XCTAssertEqual(observed, 2) }
        do { let observed = await session.drawing.strokes.count; XCTAssertEqual(observed, 2) }
        await session.close()
        _ = await collector.finished()
        XCTAssertEqual(collector.errors, ["too_many_strokes", "already_started", "invalid_message", "invalid_json"])
    }

    func testSetStyleMustBeAllowed() async throws {
        var base = GenerationOptions()
        base.allowedStyles = [.sketch, .illustration]
        let renderer = FakeLiveRenderer()
        do {
            _ = try await LiveSession.open(LiveStart(canvas: Self.canvas, style: .emoji), base: base, renderer: renderer, clock: ManualLiveClock())
            XCTFail("opened with a style not allowed")
        } catch {
            XCTAssertEqual(error.code, "style_not_allowed")
        }
        let session = try await LiveSession.open(LiveStart(canvas: Self.canvas), base: base, renderer: renderer, clock: ManualLiveClock())
        do {
            try await session.handle(.set(LiveSettings(style: .animation)))
            XCTFail("set a style not allowed")
        } catch {
            XCTAssertEqual(error.code, "style_not_allowed")
        }
        await session.close()
    }

    func testSeedFromOptionsOrChosen() async throws {
        let renderer = FakeLiveRenderer()
        let given = try await LiveSession.open(
            LiveStart(canvas: Self.canvas, options: LiveOptionsPatch(.object(["seed": .uint(7)]))), renderer: renderer, clock: ManualLiveClock(), seed: 99)
        do { let observed = await given.seed; XCTAssertEqual(observed, 7) }
        await given.close()
        let chosen = try await LiveSession.open(LiveStart(canvas: Self.canvas), renderer: renderer, clock: ManualLiveClock(), seed: 99)
        do { let observed = await chosen.seed; XCTAssertEqual(observed, 99) }
        await chosen.close()
    }

    func testKeepIsTheCurrentRevisionAsAJob() async throws {
        let renderer = FakeLiveRenderer()
        let session = try await open(renderer, clock: ManualLiveClock(), prompt: nil)
        do {
            _ = try await session.handle(.keep)
            XCTFail("kept nothing")
        } catch {
            XCTAssertEqual(error.code, "nothing_to_keep")
        }
        try await session.handle(.stroke(Self.stroke(1)))
        try await session.handle(.set(LiveSettings(prompt: "a lighthouse", style: .sketch)))
        let kept = try await session.handle(.keep)
        let keep = try XCTUnwrap(kept)
        XCTAssertEqual(keep.revision, 2)
        XCTAssertEqual(keep.request.concepts, [.text("a lighthouse"), .drawing(Drawing(strokes: [Self.stroke(1)], canvas: Self.canvas))])
        XCTAssertEqual(keep.request.style, .sketch)
        XCTAssertEqual(keep.request.options.seed, 42)
        let submission = keep.submission(owner: "key a")
        XCTAssertEqual(submission.owner, "key a")
        XCTAssertTrue(submission.request.asynchronous)
        do { let observed = await session.revision; XCTAssertEqual(observed, 2, "keep is no change") }
        await session.kept(LiveKept(revision: 2, job: "j1", url: "/v1/jobs/j1"))
        var collector = OutputCollector(session)
        await session.close()
        _ = await collector.finished()
    }

    func testFailureIsReportedAndNotRetried() async throws {
        let clock = ManualLiveClock()
        let renderer = FakeLiveRenderer()
        let session = try await open(renderer, clock: clock)
        var collector = OutputCollector(session)
        try await finish(session, renderer, clock: clock, after: 0.1, .fail)
        clock.advance(by: 10)
        await session.awaitDueTimers()
        do { let observed = await session.renderingRevision; XCTAssertNil(observed) }
        try await session.handle(.stroke(Self.stroke(1)))
        do { let observed = await session.renderingRevision; XCTAssertEqual(observed, 1) }
        try await finish(session, renderer, clock: clock, after: 0.1)
        await session.close()
        _ = await collector.finished()
        XCTAssertEqual(collector.errors, ["engine_error"])
        XCTAssertEqual(collector.frameRevisions, [1])
        XCTAssertTrue(collector.states.contains(LiveStateReport(revision: 0, state: .idle)))
        let frame = try XCTUnwrap(collector.outputs.first { $0.binary != nil })
        XCTAssertEqual(frame.binary, Array("frame 1".utf8))
    }

    // MARK: Bounds

    func testMessagesBeyondTheRateAreRefusedUnreadAndReportedOnceASecond() async throws {
        let clock = ManualLiveClock()
        let renderer = FakeLiveRenderer()
        let session = try await open(renderer, clock: clock, limits: LiveLimits(maxMessagesPerSecond: 2, messageBurst: 3))
        var collector = OutputCollector(session)
        let stroke = Array(#"{"type": "stroke", "stroke": {"points": [{"x": 1, "y": 2}]}}"#.utf8)
        for _ in 0..<5 { await session.receive(stroke) }
        do { let observed = await session.revision; XCTAssertEqual(observed, 3, "the burst is taken, the rest refused unread") }
        // Half a second: one message regained; the refusals after it are not reported again yet.
        clock.advance(by: 0.5)
        for _ in 0..<3 { await session.receive(stroke) }
        do { let observed = await session.revision; XCTAssertEqual(observed, 4) }
        // A second after the first report: the next refusal reports those since it.
        clock.advance(by: 0.5)
        for _ in 0..<4 { await session.receive(stroke) }
        do { let observed = await session.revision; XCTAssertEqual(observed, 5) }
        await session.close()
        _ = await collector.finished()
        XCTAssertEqual(collector.errors, ["too_many_messages", "too_many_messages"])
        let messages = collector.outputs.compactMap { output -> String? in
            if case .error(let error) = output.message { return error.message }
            return nil
        }
        XCTAssertTrue(messages[0].hasPrefix("1 message was refused unread"), messages[0])
        XCTAssertTrue(messages[1].hasPrefix("4 messages were refused unread"), messages[1])  // 1 at the start, 2 at 0.5 s, 1 now
    }

    func testDroppedFramesAreCountedInTheStateMessages() async throws {
        let clock = ManualLiveClock()
        let renderer = FakeLiveRenderer()
        let session = try await open(renderer, clock: clock)
        var collector = OutputCollector(session)
        try await finish(session, renderer, clock: clock, after: 0.1)
        await session.dropped()
        await session.dropped(2)
        await session.dropped(0)
        await session.close()
        _ = await collector.finished()
        XCTAssertEqual(collector.states.compactMap(\.dropped), [1, 3])
        let text = try XCTUnwrap(collector.outputs.last { if case .state = $0.message { true } else { false } }?.message.text)
        XCTAssertTrue(text.hasSuffix(#""answered":0,"dropped":3}"#), text)
    }
}
