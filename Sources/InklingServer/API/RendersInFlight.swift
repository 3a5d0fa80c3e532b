import InklingLimits
import InklingHTTP
import InklingJobs
import Foundation

/// How many guidance requests are being answered at once, so that each can tell whether the
/// cores are already busy.
///
/// A map split over the cores costs about twice the CPU of one painted on one thread (512²,
/// two cores); that buys a lone request its answer sooner, but under load it only takes CPU
/// from the other requests. ``GuidanceEndpoint`` therefore renders on one thread whenever
/// another request is in flight.
final class RendersInFlight: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// Runs `body` counted as in flight; it is passed how many others were in flight when it began.
    func run<T, E: Error>(_ body: (_ others: Int) throws(E) -> T) throws(E) -> T {
        let others: Int = lock.withLock {
            count += 1
            return count - 1
        }
        defer { lock.withLock { count -= 1 } }
        return try body(others)
    }
}
