import Foundation
import InklingJobs

extension ClusterWorker {
    /// One job this worker runs.
    final class RunningJob: @unchecked Sendable {
        let id: String
        /// Its entry's stream: the engine's live or batch stream.
        let stream: String
        let entry: String
        let lock = NSLock()
        /// The runner's handle on the job: a stop of any kind cancels it there.
        let control = JobControl()
        /// When the job's generation timeout runs out (set as it starts).
        var deadline = ContinuousClock.now + .seconds(120)
        var ending: Ending?
        var progress: Double?
        /// The progress last announced.
        var announced: Double?

        /// Why the worker stopped the job: a cancellation it heard (recorded as the job's end),
        /// or a job it lost to another worker or handed back (nothing recorded here).
        enum Ending { case cancelled(JobCancelReason), lost, handedBack }

        init(id: String, stream: String, entry: String) {
            self.id = id
            self.stream = stream
            self.entry = entry
        }

        /// What the worker's running jobs are told apart by: an entry id is unique in its
        /// stream only.
        var key: String { stream + " " + entry }

        /// Records why the job stops (the first reason wins) and stops the runner.
        func end(_ ending: Ending) {
            lock.withLock { if self.ending == nil { self.ending = ending } }
            switch ending {
            case .cancelled(let reason): control.cancel(reason)
            case .lost, .handedBack: control.cancel(.stopping)
            }
        }

        var why: Ending? { lock.withLock { ending } }
    }

    /// What one job's painting has come to, between the runner's events.
    final class Painting: @unchecked Sendable {
        private let lock = NSLock()
        private var _announcement: Task<Void, Never>?
        private var _limit = 1
        private var _painted = 0
        private var _ended = false
        /// The task writing the job's `started` event.
        var announcement: Task<Void, Never>? { lock.withLock { _announcement } }
        /// Whether the last image's delivery recorded the job as succeeded.
        var ended: Bool { lock.withLock { _ended } }
        func start(limit: Int, announcing: Task<Void, Never>) { lock.withLock { _limit = limit; _announcement = announcing } }
        /// Counts an image; whether it is the last.
        func paint() -> Bool { lock.withLock { _painted += 1; return _painted == _limit } }
        func end() { lock.withLock { _ended = true } }
    }
}
