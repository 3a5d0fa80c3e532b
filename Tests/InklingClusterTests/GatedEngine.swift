import Foundation
import InklingConditioning
import InklingEngines
import InklingImageIO

/// An engine whose images wait until the test opens its gate, and that counts what it painted
/// and notes the seed of each image in the order it was asked for.
final class GatedEngine: ImageEngine, @unchecked Sendable {
    let identifier = "gated"
    let capabilities = EngineCapabilities(languages: ["en"], sizes: [PixelSize(width: 32, height: 32)], styles: [.sketch])
    private let lock = NSLock()
    private var open = false
    private var painted = 0
    private var seedsStarted: [UInt64] = []

    /// Lets every waiting and later generation finish.
    func openGate() { lock.withLock { open = true } }

    /// The seed of each image asked for, in the order asked (which job started when).
    var seeds: [UInt64] { lock.withLock { seedsStarted } }

    /// How many images it has painted.
    var paintedCount: Int { lock.withLock { painted } }

    func availability() async -> EngineAvailability { .available }

    func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage {
        lock.withLock { seedsStarted.append(conditioning.seed) }
        while !lock.withLock({ open }) { try await Task.sleep(for: .milliseconds(10)) }
        lock.withLock { painted += 1 }
        return RasterImage(width: 32, height: 32, format: .rgb)
    }
}
