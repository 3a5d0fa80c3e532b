import InklingRedis

/// `inkling doctor --cluster`: whether a Redis can carry a cluster, one finding per line.
public enum ClusterDoctor {
    /// One finding.
    public struct Finding: Sendable, Hashable {
        /// `false` when the cluster cannot work this way (too old, unreachable, scripts refused);
        /// advice that does not stop it (persistence, eviction) is `true` with a `warning`.
        public var ok: Bool
        /// Advice worth acting on although the cluster works.
        public var warning: Bool
        /// The line to print.
        public var line: String
    }

    /// Checks the Redis at `settings.url`: reachable, version ≥ 6.2 (XAUTOCLAIM, GETDEL), Lua
    /// scripts, persistence (AOF) and the eviction policy (`noeviction`).
    public static func check(_ settings: ClusterSettings) async -> [Finding] {
        if settings.url.tls {
            return [Finding(ok: false, warning: false, line: "redis \(settings.url): rediss:// needs hiredis with TLS, which this build does not have")]
        }
        let client = RedisClient(url: settings.url, poolSize: 1, connectTimeout: 2, commandTimeout: 5)
        defer { client.close() }
        if let error = await client.ping() {
            return [Finding(ok: false, warning: false, line: "redis \(settings.url): unreachable: \(error.description)")]
        }
        var findings: [Finding] = []
        let info = (try? await client.command(["INFO", "server"]))?.text ?? ""
        let version = info.split(whereSeparator: \.isNewline).first { $0.hasPrefix("redis_version:") }.map { String($0.dropFirst("redis_version:".count)) } ?? "unknown"
        let parts = version.split(separator: ".").compactMap { Int($0) }
        let recent = parts.count >= 2 && (parts[0] > 6 || (parts[0] == 6 && parts[1] >= 2))
        findings.append(Finding(ok: recent, warning: false, line: recent
            ? "redis \(settings.url): reachable, version \(version)"
            : "redis \(settings.url): version \(version); the cluster needs 6.2 or later (XAUTOCLAIM, GETDEL)"))
        let script = try? await client.command(["EVAL", "return 1", "0"])
        findings.append(Finding(ok: script?.integer == 1, warning: false, line: script?.integer == 1
            ? "lua scripts: run" : "lua scripts: refused; the cluster's state changes are scripts (EVAL must be allowed)"))
        if let config = try? await client.command(["CONFIG", "GET", "appendonly"]), let value = config.array?.last?.text {
            let aof = value == "yes"
            findings.append(Finding(ok: true, warning: !aof, line: aof
                ? "persistence: AOF on (queued jobs survive a restart)"
                : "persistence: AOF off; queued jobs are lost if Redis restarts (set appendonly yes)"))
        } else {
            findings.append(Finding(ok: true, warning: true, line: "persistence: cannot read CONFIG (disabled here); make sure appendonly is yes"))
        }
        if let config = try? await client.command(["CONFIG", "GET", "maxmemory-policy"]), let value = config.array?.last?.text {
            let safe = value == "noeviction"
            findings.append(Finding(ok: true, warning: !safe, line: safe
                ? "eviction: noeviction (a full Redis refuses writes rather than dropping jobs)"
                : "eviction: \(value); Redis may evict jobs and images under memory pressure (set maxmemory-policy noeviction)"))
        }
        if let report = try? await ClusterReport.read(settings) {
            let live = report.workers.filter { $0.lastSeen <= report.staleAfter }
            findings.append(Finding(ok: true, warning: live.isEmpty, line: "cluster: \(live.count) live worker\(live.count == 1 ? "" : "s"), "
                + "\(report.frontends.filter { $0.lastSeen <= report.staleAfter }.count) live front end(s), \(report.queued) queued, \(report.deadLetters) dead letter(s)"))
        }
        return findings
    }
}
