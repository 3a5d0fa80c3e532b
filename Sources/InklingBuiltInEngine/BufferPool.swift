import Foundation

/// Large `Float` buffers kept for the next painting instead of being handed back to the system.
///
/// A 1024×1024 painting makes about fifty megabytes of planes, and the C allocator returns such
/// large blocks to the system when they are freed, so every painting used to touch fresh pages:
/// some 15,000 page faults (the kernel zeroing each page) per image, a third of its CPU time.
/// ``FloatBuffer`` takes its memory from here and gives it back when its last copy goes away.
///
/// Only buffers of at least ``minimumCount`` elements are kept, at most ``limit`` elements in
/// all (128 MiB); a buffer that would go over is freed. Thread-safe.
final class BufferPool: @unchecked Sendable {
    /// The pool the engine uses.
    static let shared = BufferPool()

    /// Smallest buffer worth keeping (256 KiB); smaller ones go straight to the allocator.
    static let minimumCount = 1 << 16
    /// Most elements kept at once (128 MiB).
    static let limit = 32 << 20

    private let lock = NSLock()
    /// Free buffers by element count (guarded by `lock`).
    private var free: [Int: [UnsafeMutablePointer<Float>]] = [:]
    /// Elements in `free` (guarded by `lock`).
    private var kept = 0

    /// Uninitialized memory for `count` elements: a kept buffer of that size, else a new one.
    func take(_ count: Int) -> UnsafeMutablePointer<Float> {
        if count >= Self.minimumCount {
            lock.lock()
            let reused = free[count]?.popLast()
            if reused != nil { kept -= count }
            lock.unlock()
            if let reused { return reused }
        }
        return UnsafeMutablePointer<Float>.allocate(capacity: max(count, 1))
    }

    /// Takes back `pointer` (from ``take(_:)`` with the same `count`): kept when there is room, else freed.
    func give(_ pointer: UnsafeMutablePointer<Float>, count: Int) {
        if count >= Self.minimumCount {
            lock.lock()
            let keep = kept + count <= Self.limit
            if keep {
                free[count, default: []].append(pointer)
                kept += count
            }
            lock.unlock()
            if keep { return }
        }
        pointer.deallocate()
    }
}
