import Foundation
import InklingBase
import InklingCluster
import InklingStrokes

/// `inkling cluster status`: the members, queues and dead letters of a cluster.
struct ClusterCommand: InklingCommand {
    static let configuration = CommandConfiguration(
        name: "cluster",
        abstract: "Show a cluster's front ends, workers, queues and dead letters (cluster status).",
        discussion: """
        `inkling cluster status --cluster URL` lists the front ends and workers (engine, last
        heartbeat, jobs done, failures; members gone for an hour drop off), the jobs waiting, each
        engine's streams, batch and live (entries, claimed and not yet acknowledged), the dead-letter count and
        the jobs finished per second over the last minute. --json prints the same as one JSON
        object. Exits 0, 2 on a usage error, 4 when Redis cannot be read. See docs/cluster.md.
        """,
        arguments: ArgumentSpec(
            positionals: [.init("action", help: "status")],
            flags: [.init("json", help: "Print the report as JSON on standard output.")]
        ).including(ClusterOptions.spec))

    var settings: ClusterSettings
    var json: Bool

    init(parsing arguments: ParsedArguments) throws(CommandFailure) {
        guard arguments.positionals == ["status"] else { throw .usage("the one action is `status`: inkling cluster status --cluster URL") }
        guard let settings = try ClusterOptions(arguments).settings else { throw .usage("cluster status needs --cluster redis://host:port") }
        self.settings = settings
        json = arguments.flag("json")
    }

    func run(io: any CommandIO) async throws(CommandFailure) -> ExitCode {
        let report: ClusterReport
        do { report = try await ClusterReport.read(settings) } catch { throw CommandFailure(.failure, error.description) }
        if json {
            try io.print(Self.json(report).text)
            return .success
        }
        try io.print("cluster \(settings.url): \(report.queued) queued, \(report.deadLetters) dead letter\(report.deadLetters == 1 ? "" : "s"), \(NumberText.fixed(report.throughput, digits: 2)) jobs/s over the last minute")
        for engine in report.engines {
            try io.print("  engine \(engine.engine), \(engine.lane.rawValue) lane: \(engine.entries) in its stream, \(engine.pending) claimed")
        }
        try io.print("front ends: \(report.frontends.isEmpty ? "none" : "")")
        for member in report.frontends {
            try io.print("  \(member.name)\(member.url.map { " at \($0)" } ?? ""): \(Self.seen(member, report)), \(member.jobsDone) jobs submitted")
        }
        try io.print("workers: \(report.workers.isEmpty ? "none" : "")")
        for member in report.workers {
            try io.print("  \(member.name): engine \(member.engine ?? "?"), \(Self.seen(member, report)), running \(member.running) of \(member.concurrency), \(member.jobsDone) done, \(member.failures) failed; styles \(member.styles.joined(separator: ","))\(member.sizes.map { "; sizes " + $0.map(\.description).joined(separator: ",") } ?? "")\(member.languages.map { "; languages " + $0.joined(separator: ",") } ?? "")\(Self.olderReader(member))")
        }
        return .success
    }

    /// For a worker built before the newest packed drawing, what that holds back (empty otherwise).
    static func olderReader(_ worker: ClusterMember) -> String {
        guard worker.packedDrawingVersion < PackedDrawing.newestVersion else { return "" }
        return "; reads packed drawings up to version \(worker.packedDrawingVersion) (front ends write that version for engine \(worker.engine ?? "?") until it is upgraded)"
    }

    /// `last heartbeat 0.4 s ago`, or `gone (last heartbeat 5 min ago)`.
    static func seen(_ member: ClusterMember, _ report: ClusterReport) -> String {
        let ago = member.lastSeen < 120 ? "\(NumberText.fixed(member.lastSeen, digits: 1)) s" : "\(Int(member.lastSeen / 60)) min"
        return member.lastSeen <= report.staleAfter ? "last heartbeat \(ago) ago" : "gone (last heartbeat \(ago) ago)"
    }

    static func json(_ report: ClusterReport) -> JSONValue {
        func member(_ m: ClusterMember) -> JSONValue {
            var object: [String: JSONValue] = [
                "name": .string(m.name), "lastSeenSeconds": .double(m.lastSeen), "live": .bool(m.lastSeen <= report.staleAfter),
                "jobsDone": .int(Int64(m.jobsDone)), "failures": .int(Int64(m.failures)),
            ]
            if m.role == "worker" {
                object["engine"] = .string(m.engine ?? "")
                object["styles"] = .array(m.styles.map(JSONValue.string))
                object["concurrency"] = .int(Int64(m.concurrency))
                object["running"] = .int(Int64(m.running))
                object["packedDrawingVersion"] = .int(Int64(m.packedDrawingVersion))
                if let sizes = m.sizes { object["sizes"] = .array(sizes.map { .string($0.description) }) }
                if let languages = m.languages { object["languages"] = .array(languages.map(JSONValue.string)) }
            }
            if let url = m.url { object["url"] = .string(url) }
            return .object(object)
        }
        return [
            "queued": .int(Int64(report.queued)), "deadLetters": .int(Int64(report.deadLetters)), "throughput": .double(report.throughput),
            "engines": .array(report.engines.map {
                ["engine": .string($0.engine), "lane": .string($0.lane.rawValue), "entries": .int(Int64($0.entries)), "pending": .int(Int64($0.pending))]
            }),
            "frontends": .array(report.frontends.map(member)), "workers": .array(report.workers.map(member)),
        ]
    }
}
