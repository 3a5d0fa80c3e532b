import Foundation

/// The elements of a ``Plane`` or a ``Painting``: a fixed-size array of `Float` with value
/// semantics (copied on write, like `Array`) whose memory comes from, and goes back to,
/// ``BufferPool`` (so that the next painting reuses pages instead of faulting in new ones).
struct FloatBuffer: RandomAccessCollection, MutableCollection {
    /// The memory, shared by copies until one of them is written.
    private final class Storage {
        let base: UnsafeMutablePointer<Float>
        let count: Int

        /// Uninitialized storage for `count` elements.
        init(count: Int) {
            self.count = count
            base = BufferPool.shared.take(count)
        }

        deinit { BufferPool.shared.give(base, count: count) }
    }

    private var storage: Storage

    /// `count` elements equal to `value`.
    init(repeating value: Float, count: Int) {
        storage = Storage(count: count)
        if value.bitPattern == 0 {
            // +0 is all zero bits: one memset.
            _ = memset(storage.base, 0, count * MemoryLayout<Float>.stride)
        } else {
            storage.base.initialize(repeating: value, count: count)
        }
    }

    /// `count` elements whose values are unspecified until written: for scratch space that is
    /// written before it is read.
    init(unspecified count: Int) {
        storage = Storage(count: count)
    }

    /// `count` elements, each `element(i)`.
    init(count: Int, _ element: (Int) -> Float) {
        storage = Storage(count: count)
        for i in 0..<count { storage.base[i] = element(i) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { storage.count }

    subscript(i: Int) -> Float {
        get {
            precondition(i >= 0 && i < storage.count, "index out of range")
            return storage.base[i]
        }
        set {
            precondition(i >= 0 && i < storage.count, "index out of range")
            makeUnique()
            storage.base[i] = newValue
        }
    }

    /// Calls `body` with the elements.
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Float>) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(UnsafeBufferPointer(start: storage.base, count: storage.count)) }
    }

    /// Calls `body` with the elements to change (copied first if another copy shares them).
    mutating func withUnsafeMutableBufferPointer<R>(_ body: (inout UnsafeMutableBufferPointer<Float>) throws -> R) rethrows -> R {
        makeUnique()
        var buffer = UnsafeMutableBufferPointer(start: storage.base, count: storage.count)
        return try withExtendedLifetime(storage) { try body(&buffer) }
    }

    /// Gives this copy its own storage if it shares it.
    private mutating func makeUnique() {
        guard !isKnownUniquelyReferenced(&storage) else { return }
        let copy = Storage(count: storage.count)
        copy.base.initialize(from: storage.base, count: storage.count)
        storage = copy
    }
}
