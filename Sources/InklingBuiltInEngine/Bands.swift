import InklingBase
import Dispatch
import Foundation

/// Whole-image loops shared out among the processor cores: `0 ..< count` (rows, columns or
/// pixels) is cut into consecutive bands and the bands run concurrently.
///
/// Every element is computed by exactly one band and the same way whichever band computes it,
/// so the result never depends on the number of cores or on timing: a loop goes to ``forEach``
/// only when each element is written once and reads nothing another band writes.
enum Bands {
    /// The processor cores available.
    static let cores = ActiveCores.count

    /// Calls `body` once for each band of `0 ..< count`, the bands concurrently, and returns
    /// when all are done. Bands hold at least `grain` elements; with one core, or fewer than
    /// `2 × grain` elements, `body` runs once with the whole range on the calling thread.
    /// There are a few bands per core, so that a core slowed by other work hands bands to
    /// the others.
    static func forEach(_ count: Int, grain: Int = 16, _ body: (Range<Int>) -> Void) {
        let parts = min(cores * 4, count / max(grain, 1))
        guard cores > 1, parts > 1 else {
            if count > 0 { body(0..<count) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let work = Work(body: body)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                work.body((count * part / parts)..<(count * (part + 1) / parts))
            }
        }
    }

    /// A band's work, handed to the threads of `concurrentPerform`: the bands write disjoint
    /// elements (see ``Bands``), which is what makes sharing it safe.
    private struct Work: @unchecked Sendable {
        let body: (Range<Int>) -> Void
    }
}
