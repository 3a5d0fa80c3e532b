import InklingRedis

extension RedisReply {
    /// A flat `[field, value, field, value, …]` reply (HGETALL, a stream entry's fields) as a dictionary of raw values.
    var fields: [String: [UInt8]] {
        guard let items = array else { return [:] }
        var result: [String: [UInt8]] = [:]
        var i = 0
        while i + 1 < items.count {
            if let key = items[i].text, let value = items[i + 1].bytes { result[key] = value }
            i += 2
        }
        return result
    }

    /// Stream entries `[[id, [field, value, …]], …]` as (id, fields) pairs.
    var entries: [(id: String, fields: [String: [UInt8]])] {
        (array ?? []).compactMap { entry in
            guard let parts = entry.array, parts.count == 2, let id = parts[0].text else { return nil }
            return (id, parts[1].fields)
        }
    }

    /// The entries of an `XREAD`/`XREADGROUP` reply for its one stream (empty on a timeout's nil).
    var streamEntries: [(id: String, fields: [String: [UInt8]])] {
        guard let streams = array, let first = streams.first?.array, first.count == 2 else { return [] }
        return first[1].entries
    }
}

extension Dictionary where Key == String, Value == [UInt8] {
    /// A field as text.
    func text(_ key: String) -> String? { self[key].map { String(decoding: $0, as: UTF8.self) } }
    /// A field as a whole number.
    func int(_ key: String) -> Int? { text(key).flatMap { Int($0) } }
    /// A field as a number.
    func double(_ key: String) -> Double? { text(key).flatMap { Double($0) } }
}
