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

    /// The ACL rules of a Redis user that may do everything the cluster does and no more: its
    /// keys (`prefix`, `inkling:` by default), reading and writing them, Lua scripts, `MULTI`,
    /// the connection's own commands (`SELECT`, `PING`) and `TIME` (which the scripts call).
    /// `inkling doctor --cluster` also reads `INFO` and `CONFIG GET` when allowed
    /// (`+info +config|get`); the cluster itself does not need them.
    public static func userRules(prefix: String = ClusterKeys().prefix) -> String {
        "~\(prefix)* resetchannels -@all +@read +@write +@scripting +@transaction +@connection +time"
    }

    /// Checks the Redis at `settings.url`: reachable, version ≥ 7.0 (scripts with flags), Lua
    /// scripts, every command the cluster runs allowed for its user (``ClusterCommandProbe``),
    /// persistence (AOF) and the eviction policy (`noeviction`).
    public static func check(_ settings: ClusterSettings) async -> [Finding] {
        if settings.url.tls {
            return [Finding(ok: false, warning: false, line: "redis \(settings.url): rediss:// needs hiredis with TLS, which this build does not have")]
        }
        let client = RedisClient(url: settings.url, poolSize: 1, connectTimeout: 2, commandTimeout: 5)
        defer { client.close() }
        if let error = await client.ping() {
            switch error {
            case .server, .authentication:
                // The password, or a command of the connection's setup (SELECT for a database), refused.
                return [Finding(ok: false, warning: false, line: "redis \(settings.url): reachable, but it refused this client: \(error.description)")]
            default:
                return [Finding(ok: false, warning: false, line: "redis \(settings.url): unreachable: \(error.description)")]
            }
        }
        var findings: [Finding] = []
        let probe = await ClusterCommandProbe.run(client, keys: settings.keys)
        let info: Result<String, RedisError>
        do { info = .success(try await client.command(["INFO", "server"]).text ?? "") } catch { info = .failure(error) }
        findings.append(versionFinding(url: settings.url, probe: probe, info: info))
        if let probe {
            let guide = "(ACL SETUSER <user> on ><password> \(userRules(prefix: settings.keys.prefix)); docs/cluster.md)"
            if probe.keysRefused {
                findings.append(Finding(ok: false, warning: false, line: "commands: this Redis user may not touch keys under \(settings.keys.prefix) "
                    + "(NOPERM); give it the key pattern ~\(settings.keys.prefix)* \(guide)"))
            }
            if !probe.refused.isEmpty {
                findings.append(Finding(ok: false, warning: false, line: "commands: this Redis user may not run \(probe.refused.joined(separator: ", ")) "
                    + "(NOPERM), which the cluster runs; grant \(probe.refused.count == 1 ? "it" : "them") \(guide)"))
            } else if probe.keysRefused {
                // Said above; what else failed followed from it.
            } else if probe.failed.contains(where: { $0.answer.hasPrefix("READONLY") }) {
                findings.append(Finding(ok: false, warning: false, line: "commands: this Redis is a read-only replica (READONLY); point the cluster at its primary"))
            } else if !probe.failed.isEmpty {
                findings.append(Finding(ok: false, warning: false, line: "commands: \(probe.failedLine) failed; the cluster runs them"))
            } else {
                findings.append(Finding(ok: true, warning: false, line: "commands: all \(probe.checked.count) that the cluster runs are allowed (tried on throwaway keys)"))
            }
        }
        let script = try? await client.command(["EVAL", "return 1", "0"])
        findings.append(Finding(ok: script?.integer == 1, warning: false, line: script?.integer == 1
            ? "lua scripts: run" : "lua scripts: refused; the cluster's state changes are scripts (EVAL must be allowed)"))
        switch await setting("appendonly", client) {
        case .success(let value):
            let aof = value == "yes"
            findings.append(Finding(ok: true, warning: !aof, line: aof
                ? "persistence: AOF on (queued jobs survive a restart)"
                : "persistence: AOF off; queued jobs are lost if Redis restarts (set appendonly yes)"))
        case .failure(let why):
            findings.append(Finding(ok: true, warning: true, line: "persistence: cannot read CONFIG (\(why)); make sure appendonly is yes"))
        }
        switch await setting("maxmemory-policy", client) {
        case .success(let value):
            let safe = value == "noeviction"
            findings.append(Finding(ok: true, warning: !safe, line: safe
                ? "eviction: noeviction (a full Redis refuses writes rather than dropping jobs)"
                : "eviction: \(value); Redis may evict jobs and images under memory pressure (set maxmemory-policy noeviction)"))
        case .failure(let why):
            findings.append(Finding(ok: true, warning: true, line: "eviction: cannot read CONFIG (\(why)); make sure maxmemory-policy is noeviction"))
        }
        if let report = try? await ClusterReport.read(settings) {
            let live = report.workers.filter { $0.lastSeen <= report.staleAfter }
            findings.append(Finding(ok: true, warning: live.isEmpty, line: "cluster: \(live.count) live worker\(live.count == 1 ? "" : "s"), "
                + "\(report.frontends.filter { $0.lastSeen <= report.staleAfter }.count) live front end(s), \(report.queued) queued, \(report.deadLetters) dead letter(s)"))
        }
        return findings
    }

    /// Why a setting could not be read, as one line.
    private struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// A server setting's value (`CONFIG GET name`), or why it could not be read (CONFIG renamed
    /// away or refused to this user).
    private static func setting(_ name: String, _ client: RedisClient) async -> Result<String, Unreadable> {
        do {
            guard let value = try await client.command(["CONFIG", "GET", .init(name)]).array?.last?.text else {
                return .failure(Unreadable(description: "no value for \(name)"))
            }
            return .success(value)
        } catch {
            return .failure(Unreadable(description: error.description))
        }
    }

    /// The version line: from `INFO server`, or, when the user may not run INFO, from whether
    /// what 6.2 and 7.0 brought (GETDEL, XAUTOCLAIM; scripts that declare flags) runs.
    private static func versionFinding(url: RedisURL, probe: ClusterCommandProbe.Outcome?, info: Result<String, RedisError>) -> Finding {
        let needs = "the cluster needs 7.0 or later (scripts that declare flags, so that a full Redis refuses a script whole or lets it free memory)"
        let text = (try? info.get()) ?? ""
        if let line = text.split(whereSeparator: \.isNewline).first(where: { $0.hasPrefix("redis_version:") }) {
            let version = String(line.dropFirst("redis_version:".count))
            let major = version.split(separator: ".").first.flatMap { Int($0) } ?? 0
            return Finding(ok: major >= 7, warning: false, line: major >= 7 ? "redis \(url): reachable, version \(version)" : "redis \(url): version \(version); \(needs)")
        }
        let why: String
        if case .failure(let error) = info { why = error.description } else { why = "no redis_version in its answer" }
        let missing = (probe?.failed ?? []).filter { ["GETDEL", "XAUTOCLAIM"].contains($0.command) && $0.answer.contains("unknown command") }
        if !missing.isEmpty {
            return Finding(ok: false, warning: false, line: "redis \(url): older than 6.2 (\(missing.map(\.command).joined(separator: " and ")) unknown); \(needs)")
        }
        if (probe?.failed ?? []).contains(where: { $0.command == "EVAL" && $0.answer.lowercased().contains("compil") }) {
            return Finding(ok: false, warning: false, line: "redis \(url): older than 7.0 (a script with flags does not compile); \(needs)")
        }
        if let probe, !probe.keysRefused, !probe.refused.contains("EVAL"), !probe.refused.contains("GETDEL") {
            return Finding(ok: true, warning: false, line: "redis \(url): reachable; INFO did not answer (\(why)), but a script with flags runs, so it is 7.0 or later")
        }
        return Finding(ok: true, warning: true, line: "redis \(url): reachable, version unknown (INFO did not answer: \(why)); \(needs)")
    }
}
