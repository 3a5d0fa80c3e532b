import Foundation

/// A value shared between test threads, read and changed under a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// What `body` makes of the value, under the lock.
    func read<T>(_ body: (Value) throws -> T) rethrows -> T { try lock.withLock { try body(value) } }

    /// Changes the value under the lock.
    func write<T>(_ body: (inout Value) throws -> T) rethrows -> T { try lock.withLock { try body(&value) } }
}
