import Foundation
import Inkling
import InklingConditioning
import InklingBuiltInEngine
import InklingEngines
@testable import InklingJobs
import XCTest

/// The one runner every way of running a job uses: its progress rule, its deadline, a
/// cancellation's grace, and errors that keep their kind.
final class JobRunnerTests: XCTestCase {
    private func job(limit: Int = 1) -> JobRequest {
        JobRequest(concepts: [.text("a lighthouse")], style: .illustration, limit: limit, options: GenerationOptions(allowedStyles: [.illustration]))
    }

    /// Collects what a job reports.
    private final class Heard: @unchecked Sendable {
        let lock = NSLock()
        var events: [String] = []
        var fractions: [Double] = []
        func add(_ event: JobRunner.Event) {
            lock.withLock {
                switch event {
                case .started: events.append("started")
                case .image: events.append("image")
                case .notice: events.append("notice")
                case .progress(let progress):
                    events.append(progress.announces ? "progress" : "step")
                    fractions.append(progress.fraction)
                }
            }
        }
    }

    func testStepsAndImagesMakeOneJobWideFraction() async {
        let heard = Heard()
        let outcome = await JobRunner(engine: SteppingEngine()).run(job(limit: 2)) { heard.add($0) }
        guard case .finished(let images) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(images, 2)
        XCTAssertEqual(heard.events.first, "started")
        XCTAssertEqual(heard.events.filter { $0 == "image" }.count, 2)
        // Two variations of two steps: a quarter per step, whatever order they come in.
        XCTAssertEqual(heard.fractions.sorted(), [0.25, 0.5, 0.75, 1.0])
        XCTAssertEqual(heard.fractions, heard.fractions.sorted(), "the fraction never goes back")
    }

    func testProgressIsAnnouncedByWholePercents() {
        var progress = JobProgress(limit: 1)
        var announced: [Double] = []
        for step in 1...1000 {
            progress.step(variation: 0, step: step, steps: 1000)
            if progress.announces { announced.append(progress.announced) }
        }
        XCTAssertEqual(announced.count, 100, "1,000 steps are 100 announcements")
        XCTAssertEqual(announced.last, 1)
    }

    func testTheDeadlineStopsTheEngineAndSaysSo() async {
        let engine = GatedEngine()
        let outcome = await JobRunner(engine: engine, cancellationGrace: 30).run(job(), deadline: 0.2) { _ in }
        guard case .cancelled(.deadline, _) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(engine.cancelled, 1, "the engine's work was cancelled, not left running")
        guard case .failed(let answer) = outcome.event(timeout: 0.2) else { return XCTFail("a deadline is the job's failure") }
        XCTAssertEqual(answer.code, "generation_timeout")
    }

    func testACancellationBeforeTheEngineStartsNeverReachesIt() async {
        let engine = GatedEngine()
        let control = JobControl()
        control.cancel(.requested)
        let outcome = await JobRunner(engine: engine).run(job(), control: control) { _ in }
        guard case .cancelled(.requested, let work) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(work, [])
        XCTAssertEqual(engine.started, 0)
        control.cancel(.deadline)
        XCTAssertEqual(control.reason, .requested, "the first reason wins")
    }

    func testAnErrorInTheReportEndsTheJobWithThatError() async {
        struct Full: Error {}
        let outcome = await JobRunner(engine: SteppingEngine()).run(job(limit: 2)) { event in
            if case .image = event { throw Full() }
        }
        guard case .failed(let error) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertTrue(error is Full, "\(error)")
    }

    func testAnInvalidRequestFailsBeforeItStarts() async {
        var request = job()
        request.limit = 9
        let heard = Heard()
        let outcome = await JobRunner(engine: SteppingEngine()).run(request) { heard.add($0) }
        guard case .failed(let error) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertTrue(error is ImageCreationError, "its kind is kept: \(error)")
        XCTAssertEqual(heard.events, [])
    }

    func testCancellingTheTaskCancelsTheJob() async {
        let engine = GatedEngine()
        let request = job()
        let run = Task { await JobRunner(engine: engine).run(request) { _ in } }
        while engine.started == 0 { try? await Task.sleep(for: .milliseconds(5)) }
        run.cancel()
        guard case .cancelled(.requested, _) = await run.value else { return XCTFail("not cancelled") }
    }

    /// `inkling render` makes an emoji image set of smaller images: the runner asks for the
    /// pixels only, so no full-size PNG is encoded and thrown away; other styles are encoded.
    func testPixelsOnlyStylesAreNotEncoded() async {
        final class Encoded: @unchecked Sendable {
            let lock = NSLock()
            var flags: [Bool] = []
        }
        let encoded = Encoded()
        let runner = JobRunner(engine: BuiltInEngine(), pixelsOnly: [.emoji])
        for style in [Style.emoji, .sketch] {
            let request = JobRequest(concepts: [.text("a lighthouse")], style: style, limit: 1,
                                     options: GenerationOptions(size: .closest(to: PixelSize(width: 64, height: 64))))
            let outcome = await runner.run(request) { event in
                if case .image(let image) = event { encoded.lock.withLock { encoded.flags.append(image.isEncoded) } }
            }
            guard case .finished(1) = outcome else { return XCTFail("\(style): \(outcome)") }
        }
        XCTAssertEqual(encoded.flags, [false, true])
    }
}
