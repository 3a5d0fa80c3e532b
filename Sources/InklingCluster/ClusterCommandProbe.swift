import InklingRedis

/// Runs every command the cluster's members and scripts use, once each, on throwaway keys, to
/// find the ones the Redis user may not run: an ACL without one of them fails jobs at run time,
/// with an error that does not name the command.
///
/// The keys are `<prefix>doctor:<random>:…` (``ClusterKeys``, inside an ACL's `~<prefix>*`
/// pattern); each gets an expiry of a minute as it is made, and all are deleted at the end.
/// Redis checks a command called from a Lua script against the same user, so a command allowed
/// here is allowed in the cluster's scripts too.
enum ClusterCommandProbe {
    /// What the probe found.
    struct Outcome: Sendable, Hashable {
        /// The commands it ran (each once or more), upper case.
        var checked: Set<String> = []
        /// Commands the user may not run (`NOPERM`), upper case, in the order tried.
        var refused: [String] = []
        /// Whether the user may not touch the probe's keys (an ACL key pattern without the prefix).
        var keysRefused = false
        /// Commands that failed otherwise, with Redis's answer (`ERR unknown command` on a Redis
        /// older than 6.2, a compile error for a script with flags on one older than 7.0, `READONLY` on a replica).
        var failed: [Failure] = []

        /// A command that failed, and how Redis answered.
        struct Failure: Sendable, Hashable {
            var command: String
            var answer: String
        }

        /// The failures as one line: commands that got the same answer together, in the order
        /// tried (`SET, HSET (READONLY You can't write against a read only replica.)`).
        var failedLine: String {
            var answers: [String] = []
            var commands: [String: [String]] = [:]
            for failure in failed {
                if commands[failure.answer] == nil { answers.append(failure.answer) }
                if commands[failure.answer]?.contains(failure.command) != true { commands[failure.answer, default: []].append(failure.command) }
            }
            return answers.map { "\(commands[$0]!.joined(separator: ", ")) (\($0))" }.joined(separator: "; ")
        }
    }

    /// Runs the probe through `client`, on keys named by `keys`; `nil` when Redis could not be reached.
    static func run(_ client: RedisClient, keys: ClusterKeys) async -> Outcome? {
        var generator = SystemRandomNumberGenerator()
        let base = keys.doctorProbe(String(generator.next() as UInt64, radix: 16))
        let s = RedisArgument("\(base):string"), h = RedisArgument("\(base):hash")
        let z = RedisArgument("\(base):zset"), x = RedisArgument("\(base):stream")
        var outcome = Outcome()
        var unreachable = false

        /// Runs one command and notes a refusal or failure; its reply, or `nil`.
        func attempt(_ command: [RedisArgument]) async -> RedisReply? {
            let name = String(decoding: command[0].bytes, as: UTF8.self).uppercased()
            outcome.checked.insert(name)
            do {
                return try await client.command(command)
            } catch .server(let message) {
                note(name, message)
            } catch {
                unreachable = true
            }
            return nil
        }
        func note(_ name: String, _ message: String) {
            if message.hasPrefix("NOPERM"), message.contains("keys") {
                outcome.keysRefused = true
            } else if message.hasPrefix("NOPERM") {
                if !outcome.refused.contains(name) { outcome.refused.append(name) }
            } else {
                outcome.failed.append(Outcome.Failure(command: name, answer: String(message.prefix(120))))
            }
        }

        let plain: [[RedisArgument]] = [
            ["PING"], ["TIME"],
            ["SET", s, "1", "EX", "60"], ["GET", s], ["MGET", s], ["INCR", s], ["EXPIRE", s, "60"], ["TTL", s], ["EXISTS", s],
            ["HSET", h, "f", "1"], ["EXPIRE", h, "60"], ["HSETNX", h, "g", "1"], ["HGET", h, "f"], ["HMGET", h, "f", "g"],
            ["HGETALL", h], ["HEXISTS", h, "f"], ["HINCRBY", h, "n", "1"], ["HLEN", h], ["HDEL", h, "f"],
            ["ZADD", z, "1", "m"], ["EXPIRE", z, "60"], ["ZCARD", z], ["ZRANK", z, "m"],
            ["ZRANGEBYSCORE", z, "-inf", "+inf", "WITHSCORES"], ["ZRANGE", z, "0", "-1", "WITHSCORES"], ["ZREMRANGEBYSCORE", z, "-inf", "0"],
            ["ZREMRANGEBYRANK", z, "0", "-101"], ["ZREM", z, "m"],
            ["XGROUP", "CREATE", x, "doctor", "0", "MKSTREAM"], ["EXPIRE", x, "60"],
            ["SCAN", "0", "MATCH", .init("\(base):*"), "COUNT", "10"], ["EVAL", "return 1", "0"],
            // A script that declares its flags, as every one of the cluster's does (Redis 7.0 or later).
            ["EVAL", "#!lua flags=allow-oom\nreturn 1", "0"],
        ]
        for command in plain {
            _ = await attempt(command)
            if unreachable { return nil }
        }
        // The stream's commands, on an entry of its own.
        let entry = RedisArgument(await attempt(["XADD", x, "MAXLEN", "~", "100", "*", "f", "1"])?.text ?? "0-1")
        let digest = RedisArgument(await attempt(["SCRIPT", "LOAD", "return 1"])?.text ?? "0")
        let following: [[RedisArgument]] = [
            ["XLEN", x], ["XRANGE", x, "-", "+"], ["XREAD", "COUNT", "1", "STREAMS", x, "0"], ["XINFO", "GROUPS", x],
            ["XREADGROUP", "GROUP", "doctor", "probe", "COUNT", "1", "STREAMS", x, ">"], ["XPENDING", x, "doctor"],
            ["XAUTOCLAIM", x, "doctor", "probe", "0", "0-0", "COUNT", "1"], ["XCLAIM", x, "doctor", "probe", "0", entry, "JUSTID"],
            ["XACK", x, "doctor", entry], ["XDEL", x, entry], ["EVALSHA", digest, "0"], ["GETDEL", s],
        ]
        for command in following {
            _ = await attempt(command)
            if unreachable { return nil }
        }
        // A transaction, as a front end writes a job. A command refused inside it is refused
        // as it is queued, and EXEC then answers EXECABORT.
        outcome.checked.formUnion(["MULTI", "EXEC"])
        guard let replies = try? await client.pipeline([["MULTI"], ["EXPIRE", h, "60"], ["EXEC"]]) else { return nil }
        if case .error(let message) = replies[0] {
            note("MULTI", message)
        } else {
            for (name, reply) in zip(["EXPIRE", "EXEC"], replies.dropFirst()) {
                if case .error(let message) = reply, !message.hasPrefix("EXECABORT") { note(name, message) }
            }
        }
        _ = await attempt(["DEL", s, h, z, x])
        return unreachable ? nil : outcome
    }
}
