import CHiredis

extension RedisReply {
    /// A copy of hiredis's `reply` and everything it holds (the caller still frees `reply`).
    ///
    /// Throws ``RedisError/protocolError(_:)`` for a reply type hiredis 0.14 never produces.
    init(copying reply: UnsafePointer<redisReply>) throws(RedisError) {
        let r = reply.pointee
        switch r.type {
        case REDIS_REPLY_STRING:
            self = .string(Self.bytes(r.str, r.len))
        case REDIS_REPLY_STATUS:
            self = .status(String(decoding: Self.bytes(r.str, r.len), as: UTF8.self))
        case REDIS_REPLY_ERROR:
            self = .error(String(decoding: Self.bytes(r.str, r.len), as: UTF8.self))
        case REDIS_REPLY_INTEGER:
            self = .integer(Int64(r.integer))
        case REDIS_REPLY_NIL:
            self = .null
        case REDIS_REPLY_ARRAY:
            var elements: [RedisReply] = []
            elements.reserveCapacity(r.elements)
            for i in 0..<r.elements {
                guard let element = r.element?[i] else { throw .protocolError("hiredis gave an array with a missing element") }
                elements.append(try RedisReply(copying: element))
            }
            self = .array(elements)
        default:
            throw .protocolError("hiredis gave a reply of unknown type \(r.type)")
        }
    }

    /// The `length` bytes at `pointer` (none for a null pointer).
    private static func bytes(_ pointer: UnsafeMutablePointer<CChar>?, _ length: Int) -> [UInt8] {
        guard let pointer, length > 0 else { return [] }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }
}
