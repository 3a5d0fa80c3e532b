import Foundation
import InklingConditioning
import InklingEngines
import InklingImageIO

/// An engine that paints a plain 64×64 image at once, unless the test holds it: then every
/// variation waits until released or cancelled, and the cancellations are counted.
final class ValveEngine: ImageEngine, @unchecked Sendable {
    let identifier = "valve"
    let capabilities = EngineCapabilities(languages: ["en"], sizes: [PixelSize(width: 64, height: 64)], styles: [.sketch])
    private let lock = NSLock()
    private var held = false
    private var runningCount = 0
    private var cancelledCount = 0

    func availability() async -> EngineAvailability { .available }

    func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage {
        lock.withLock { runningCount += 1 }
        defer { lock.withLock { runningCount -= 1 } }
        do {
            while lock.withLock({ held }) { try await Task.sleep(for: .milliseconds(5)) }
        } catch {
            lock.withLock { cancelledCount += 1 }
            throw error
        }
        return RasterImage(width: 64, height: 64, format: .rgb)
    }

    /// Makes later and waiting variations wait.
    func hold() { lock.withLock { held = true } }
    /// Lets every variation finish.
    func release() { lock.withLock { held = false } }
    /// Variations being painted (or held) now.
    var running: Int { lock.withLock { runningCount } }
    /// Variations cancelled while held.
    var cancelled: Int { lock.withLock { cancelledCount } }
}
