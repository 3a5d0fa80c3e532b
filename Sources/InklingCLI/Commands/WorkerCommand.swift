import InklingLimits
import InklingJobs
import Foundation
import InklingBase
import InklingCluster
import InklingConditioning
import InklingEngines
import InklingServer

/// `inkling worker`: paints a cluster's jobs with one engine until SIGINT or SIGTERM.
struct WorkerCommand: InklingCommand {
    static let configuration = CommandConfiguration(
        name: "worker",
        abstract: "Paint the generation jobs of a cluster (Redis) with one engine.",
        discussion: """
        Joins the cluster at --cluster and claims the jobs queued for its engine (--engine, the
        built-in one by default, or an engine or pool named in the engine configuration), up to
        --concurrency at a time. While a job runs its heartbeat keeps it; a job whose worker goes
        quiet for --visibility seconds is taken over by another worker (at most --max-attempts
        starts, then it fails and goes to the dead-letter stream). Each image is delivered once.
        On SIGTERM or Ctrl-C it claims nothing more, lets running jobs finish for --drain seconds,
        then hands the rest back to the queue. Start any number, on any machines. See docs/cluster.md.
        Exits 0 after a clean stop, 2 on a usage error, 4 when it cannot start.
        """,
        arguments: ArgumentSpec(options: [
            .init("concurrency", value: "n", help: "Jobs painted at once.", default: "1"),
            .init("name", value: "name", help: "Name in the cluster.", default: "host-pid-random"),
            .init("drain", value: "s", help: "Seconds running jobs may finish after SIGTERM before they are handed back.", default: "10"),
            .init("styles", value: "list", help: "Comma-separated styles this worker paints (narrowed to the engine's).", default: "animation,illustration,sketch,emoji"),
            .init("default-style", value: "name", help: "Style when a job names none.", default: "illustration"),
        ]).including(ClusterOptions.spec).including(EngineOptions.spec))

    var cluster: ClusterSettings
    var engine: EngineOptions
    var concurrency: Int
    var name: String?
    var drain: Double
    var styles: [Style]
    var defaultStyle: Style

    init(parsing arguments: ParsedArguments) throws(CommandFailure) {
        guard let settings = try ClusterOptions(arguments).settings else {
            throw .usage("a worker needs --cluster redis://host:port (the Redis its front ends use)")
        }
        cluster = settings
        engine = try EngineOptions(arguments)
        _ = try CLIEngine.make(engine, style: nil)  // an unknown engine or a bad configuration stops here
        concurrency = try arguments.value("concurrency", as: Int.self) ?? 1
        guard (1...256).contains(concurrency) else { throw .usage("--concurrency must be 1…256, got \(concurrency)") }
        name = try arguments.value("name", as: String.self)
        if let name, name.isEmpty || name.utf8.count > 100 || name.contains(where: { $0.isWhitespace || $0.isNewline }) {
            throw .usage("--name must be 1…100 characters without spaces")
        }
        drain = try arguments.value("drain", as: Double.self) ?? 10
        guard drain >= 0, drain <= 3600 else { throw .usage("--drain must be 0…3600 seconds, got \(NumberText.compact(drain))") }
        styles = Style.allCases.filter { $0 != .externalProvider }
        if let list = try arguments.value("styles", as: String.self) {
            styles = []
            for item in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard let style = Style(rawValue: item) else { throw .usage("--styles: unknown style '\(item.prefix(40))'; styles: \(Style.allCases.map(\.rawValue).joined(separator: ", "))") }
                styles.append(style)
            }
            guard !styles.isEmpty else { throw .usage("--styles needs at least one style") }
        }
        defaultStyle = try arguments.value("default-style", as: Style.self) ?? (styles.contains(.illustration) ? .illustration : styles[0])
        guard styles.contains(defaultStyle) else { throw .usage("--default-style \(defaultStyle.rawValue) is not among --styles") }
    }

    func run(io: any CommandIO) async throws(CommandFailure) -> ExitCode {
        // A worker paints as a server does: the same allocator settings (big buffers reused).
        InklingServer.tuneMemoryForServing()
        let painter = try CLIEngine.make(engine, style: nil)
        let engineName = engine.engine ?? EngineConfiguration.builtinName
        let worker: ClusterWorker
        do {
            worker = try ClusterWorker(settings: cluster, engine: painter, engineName: engineName, concurrency: concurrency,
                                       allowedStyles: styles, defaultStyle: defaultStyle, name: name,
                                       log: { line in io.writeError("inkling worker: \(line)") })
        } catch {
            throw CommandFailure(.failure, error.description)
        }
        do {
            try await worker.claimName()
        } catch {
            throw CommandFailure(.failure, error.description)
        }
        let drain = self.drain
        let stopped = Task { await worker.run() }
        await Interruption.shared.whileHandling({ Task { await worker.drain(deadline: drain); worker.stop() } }) {
            io.writeError("inkling worker: \(worker.name) working for \(cluster.url) (engine \(engineName), \(concurrency) at a time); Ctrl-C stops")
            await stopped.value
            return ()
        }
        io.writeError("inkling worker: stopped")
        return .success
    }
}
