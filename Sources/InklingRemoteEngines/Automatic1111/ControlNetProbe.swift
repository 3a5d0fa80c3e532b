import Foundation

/// What an A1111-compatible server said about its ControlNet API (`GET /controlnet/model_list`),
/// shared by the copies of one engine so the check runs once: unknown, present, or absent (a
/// 404: no sd-webui-controlnet extension, or stable-diffusion.cpp's `/sdapi/v1`).
final class ControlNetProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var present: Bool?

    /// `true` or `false` once known, `nil` before.
    var hasControlNet: Bool? { lock.withLock { present } }

    /// Records the answer.
    func record(_ hasControlNet: Bool) { lock.withLock { present = hasControlNet } }
}
