import Foundation
import InklingConditioning
import InklingEngines
import InklingImageIO

/// An engine whose every variation waits until the test opens its gate, or until it is
/// cancelled; it counts the variations it was asked for and those cancelled, so a test can tell
/// whether a job ever reached the engine and whether its cancellation did.
final class GatedEngine: ImageEngine, @unchecked Sendable {
    let identifier = "gated"
    let capabilities = EngineCapabilities(languages: ["en"], sizes: [PixelSize(width: 32, height: 32)], styles: [.illustration, .sketch])
    private let lock = NSLock()
    private var isOpen = false
    private var startedCount = 0
    private var cancelledCount = 0
    private var seedsStarted: [UInt64] = []
    private var liveFramesStarted: [Bool] = []

    func availability() async -> EngineAvailability { .available }

    func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage {
        lock.withLock { startedCount += 1; seedsStarted.append(conditioning.seed); liveFramesStarted.append(conditioning.isLiveFrame) }
        do {
            while !lock.withLock({ isOpen }) { try await Task.sleep(for: .milliseconds(5)) }
        } catch {
            lock.withLock { cancelledCount += 1 }
            throw error
        }
        return RasterImage(width: 32, height: 32, format: .rgb)
    }

    /// Lets every waiting and later variation finish.
    func open() { lock.withLock { isOpen = true } }
    /// Variations the engine was asked for.
    var started: Int { lock.withLock { startedCount } }
    /// The seed of each variation asked for, in the order asked (which job started when).
    var seeds: [UInt64] { lock.withLock { seedsStarted } }
    /// Whether each variation asked for was marked a live frame, in the same order.
    var liveFrames: [Bool] { lock.withLock { liveFramesStarted } }
    /// Variations cancelled while they waited.
    var cancelled: Int { lock.withLock { cancelledCount } }
}

/// An engine that reports sampling progress: two steps per variation, then the image.
struct SteppingEngine: ImageEngine {
    let identifier = "stepping"
    let capabilities = EngineCapabilities(languages: ["en"], sizes: [PixelSize(width: 32, height: 32)], styles: [.illustration])

    func availability() async -> EngineAvailability { .available }

    func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage {
        RasterImage(width: 32, height: 32, format: .rgb)
    }

    func images(for request: EngineRequest) -> AsyncThrowingStream<EngineEvent, any Error> {
        AsyncThrowingStream { continuation in
            let work = Task {
                for variation in request.variations {
                    continuation.yield(.progress(variation: variation, step: 1, steps: 2))
                    try? await Task.sleep(for: .milliseconds(20))
                    continuation.yield(.progress(variation: variation, step: 2, steps: 2))
                    continuation.yield(.image(variation: variation, image: RasterImage(width: 32, height: 32, format: .rgb)))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in work.cancel() }
        }
    }
}

/// Polls `condition` every 10 ms for up to `seconds`; whether it came true.
func eventually(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return try condition()
}
