import Foundation
import InklingGuidance

/// The latest guidance maps a live renderer made, by session, drawing revision and map
/// options: a revision that changed only the prompt or options reuses its drawing's map.
/// Holds at most ``capacity`` maps, the least recently used forgotten first.
final class GuidanceMapCache: @unchecked Sendable {
    /// What a map is made from.
    struct Key: Hashable {
        var session: UInt64
        var drawingRevision: Int
        var options: GuidanceOptions
    }

    /// Most maps kept.
    let capacity: Int
    private let lock = NSLock()
    private var entries: [(key: Key, map: GuidanceMap)] = []
    /// Maps made and maps reused, for tests and benchmarks.
    private(set) var counts = (made: 0, reused: 0)

    /// An empty cache of at most `capacity` maps.
    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
    }

    /// The map for `key`, made by `make` when it is not kept.
    func map(for key: Key, make: () throws -> GuidanceMap) throws -> GuidanceMap {
        if let found = lock.withLock({ () -> GuidanceMap? in
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = entries.remove(at: index)
            entries.append(entry)
            counts.reused += 1
            return entry.map
        }) {
            return found
        }
        let map = try make()
        lock.withLock {
            counts.made += 1
            entries.removeAll { $0.key == key }
            entries.append((key, map))
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
        return map
    }

    /// Maps made and reused so far.
    var statistics: (made: Int, reused: Int) { lock.withLock { counts } }
}
