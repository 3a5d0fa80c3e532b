import Foundation

/// Work done once per request and shared by its variations, even when they reach an engine as
/// separate requests: an engine pool hands each member one variation at a time, all with the
/// pool request's memo, so a ComfyUI endpoint gets the guidance map uploaded once per request
/// however many variations it paints.
///
/// Keys name the work and where it was done (`comfyui uploads http://host:8188`). Concurrent
/// callers of one key wait for the same work; its result, or its error, is every caller's. The
/// memo lives as long as the request: nothing is kept between requests.
public final class EngineRequestMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var work: [String: Task<any Sendable, any Error>] = [:]

    /// An empty memo.
    public init() {}

    /// The result of `make` for `key`, made on the first call and shared with every later one.
    public func once<Value: Sendable>(_ key: String, _ make: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let task: Task<any Sendable, any Error> = lock.withLock {
            if let running = work[key] { return running }
            let started = Task<any Sendable, any Error> { try await make() }
            work[key] = started
            return started
        }
        guard let value = try await task.value as? Value else {
            throw CancellationError()  // a key reused for another type of work: a programming error, treated as no result
        }
        return value
    }
}
