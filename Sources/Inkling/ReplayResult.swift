import Foundation
import InklingOutputs

/// The one image a replay waits for, set from the engine's event reader.
final class ReplayResult: @unchecked Sendable {
    private let lock = NSLock()
    private var png: GeneratedPNG?

    /// Keeps the image.
    func set(_ png: GeneratedPNG) { lock.withLock { self.png = png } }

    /// The image, once set.
    var value: GeneratedPNG? { lock.withLock { png } }
}
