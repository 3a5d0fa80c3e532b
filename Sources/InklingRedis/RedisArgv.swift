/// A command's arguments in the `argc`/`argv`/`argvlen` form hiredis takes, binary-safe.
///
/// All arguments are copied into one buffer, so that a single `withUnsafeBufferPointer` keeps
/// every pointer valid for the call.
enum RedisArgv {
    /// The most arguments one command may have (Redis's own limit is far higher; this bounds the
    /// pointer arrays built here and keeps `argc` an `Int32`).
    static let maxArguments = 1 << 20
    /// The most commands one pipeline may hold.
    static let maxCommands = 1 << 20

    /// Throws unless `arguments` can be sent: at least one argument, at most ``maxArguments``.
    static func check(_ arguments: [RedisArgument]) throws(RedisError) {
        guard !arguments.isEmpty else { throw .protocolError("a command needs at least one argument (its name)") }
        guard arguments.count <= maxArguments else {
            throw .protocolError("a command has \(arguments.count) arguments; at most \(maxArguments) are sent")
        }
    }

    /// Calls `body` with `argc`, `argv` and `argvlen` for `arguments` (already ``check(_:)``ed).
    static func with<R>(
        _ arguments: [RedisArgument],
        _ body: (Int32, UnsafeMutablePointer<UnsafePointer<CChar>?>, UnsafePointer<Int>) -> R
    ) -> R {
        var storage: [UInt8] = []
        storage.reserveCapacity(arguments.reduce(1) { $0 + $1.bytes.count })
        var offsets: [Int] = []
        var lengths: [Int] = []
        offsets.reserveCapacity(arguments.count)
        lengths.reserveCapacity(arguments.count)
        for argument in arguments {
            offsets.append(storage.count)
            lengths.append(argument.bytes.count)
            storage.append(contentsOf: argument.bytes)
        }
        // One byte more, so that even an all-empty command has a real base address.
        storage.append(0)
        return storage.withUnsafeBytes { buffer in
            let base = buffer.baseAddress!.assumingMemoryBound(to: CChar.self)
            var pointers = offsets.map { Optional(UnsafePointer(base + $0)) }
            return pointers.withUnsafeMutableBufferPointer { argv in
                lengths.withUnsafeBufferPointer { argvlen in
                    body(Int32(truncatingIfNeeded: arguments.count), argv.baseAddress!, argvlen.baseAddress!)
                }
            }
        }
    }
}
