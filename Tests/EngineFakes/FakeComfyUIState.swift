import Foundation
import InklingEngines

/// The mutable state of a ``FakeComfyUI``, behind one lock.
final class FakeComfyUIState: @unchecked Sendable {
    var behavior = FakeComfyUI.Behavior()
    var workflows: [JSONValue] = []
    var uploads: [String: [UInt8]] = [:]
    var outputs: [String: [UInt8]] = [:]
    var history: [String: JSONValue] = [:]
    var sockets: [String: WebSocketPeer] = [:]
    var interrupts = 0
    var interruptRequested = false
    var deleted: [String] = []
    var violations: [String] = []
    var progressSent = 0
    var socketsDropped = 0
    var queued = 0

    private let lock = NSLock()

    func locked<T>(_ body: (FakeComfyUIState) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(self)
    }
}
