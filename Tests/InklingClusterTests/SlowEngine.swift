import Foundation
import InklingConditioning
import InklingEngines
import InklingImageIO

/// An engine that works until cancelled and remembers that it was.
final class SlowEngine: ImageEngine, @unchecked Sendable {
    let identifier = "slow"
    let capabilities = EngineCapabilities(languages: ["en"], sizes: [PixelSize(width: 32, height: 32)], styles: [.sketch])
    private let lock = NSLock()
    private var sawCancellation = false

    /// Whether a generation was cancelled.
    var cancelled: Bool { lock.withLock { sawCancellation } }

    func availability() async -> EngineAvailability { .available }

    func generate(_ conditioning: Conditioning, variation: Int) async throws -> RasterImage {
        do {
            try await Task.sleep(for: .seconds(60))
        } catch {
            lock.withLock { sawCancellation = true }
            throw error
        }
        return RasterImage(width: 32, height: 32, format: .rgb)
    }
}
