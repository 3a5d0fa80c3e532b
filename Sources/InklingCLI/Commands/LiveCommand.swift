import Foundation
import InklingBase
import InklingConditioning
import InklingStrokes

/// `inkling live replay`: replays a drawing into a server's live session (`GET /v1/live`) at
/// the pace it was drawn, writes the frames and reports how quickly they followed the pen.
struct LiveCommand: InklingCommand {
    static let configuration = CommandConfiguration(
        name: "live",
        abstract: "Replay a drawing into a server's live session and report frame latency (live replay).",
        discussion: """
        `inkling live replay DRAWING --server http://host:port` opens ws://host:port/v1/live,
        sends start (the drawing's canvas, --prompt, --style, the generation options, a fixed
        --seed), then each stroke at its own pen-up: the strokes' creationDate and timeOffsets
        keep the drawing's pace and the pauses between strokes (a pause over 5 s is cut to 5 s;
        undated strokes follow each other). --speed X plays X times faster; --fast sends each
        stroke as soon as a frame answered the previous one; --points also sends the stroke in
        progress (30 points messages a second). It waits for the frame of the last revision
        (stroke i is revision i), then with --keep for the job the last revision becomes. Frames
        are written to -o DIR as frame-0007.jpg (revision 7), atomically; existing frames are kept
        unless --overwrite. The report: frames, frames out of order (always 0 from a correct
        server; exit 4 otherwise), frames the server dropped (when it says), per stroke pen-up →
        first frame including it (latency) p50/p95/max, and per frame how long ago the oldest
        stroke it lacks ended (staleness). --sessions N replays N sessions at once (no -o);
        --compare-generations then drives POST /v1/generations once per pen-up with the drawing
        so far, one request at a time, and reports both and their ratio. The API key: --key or
        INKLING_API_KEY (sent as X-API-Key). Exits 0, 1 for a drawing a live session refuses, 2 on
        a usage error, 3 when frames cannot be written, 4 when the server fails or refuses, the
        connection ends or --timeout passes. See docs/live.md.
        """,
        arguments: ArgumentSpec(
            positionals: [.init("action", help: "replay"), .init("drawing", help: "The drawing to replay, in any supported format.")],
            options: [
                .init("server", value: "url", help: "The server, http://host:port (its /v1/live is opened)."),
                .init("key", value: "key", help: "API key for the server (default: $INKLING_API_KEY)."),
                .init("output", short: "o", value: "dir", help: "Directory to write the frames into (created if missing)."),
                .init("prompt", short: "p", value: "text", help: "The session's prompt."),
                .init("style", value: "name", help: "animation, illustration, sketch or emoji; default: the server's."),
                .init("speed", value: "x", help: "Play the drawing x times faster than drawn (0.01…100).", default: "1"),
                .init("sessions", value: "n", help: "Sessions replayed at once, 1…64 (a server lets one client hold --max-live-per-client, 4 by default).", default: "1"),
                .init("timeout", value: "s", help: "Seconds the whole run may take.", default: "the drawing's time + 60"),
            ] + FlagOptions.options,
            flags: [
                .init("fast", help: "Send each stroke once the previous one's frame arrived, not at its pen-up."),
                .init("points", help: "Also send the stroke in progress (points messages)."),
                .init("keep", help: "Keep the last revision as a job, and print its id."),
                .init("cancel-on-change", help: "Ask the server to cancel a running frame when a stroke comes."),
                .init("compare-generations", help: "Then replay through POST /v1/generations per pen-up and compare."),
                .init("overwrite", help: "Replace existing frame files."),
                .init("json", help: "Print the report as JSON."),
            ] + FlagOptions.flags
        ).including(InputFormatOptions.spec).including(DecodingLimitOptions.spec))

    var drawingPath: String
    var server: URL
    var key: String?
    var output: String?
    var overwrite: Bool
    var prompt: String?
    var style: Style?
    var options: GenerationOptions
    var speed: Double
    var fast: Bool
    var points: Bool
    var keep: Bool
    var cancelOnChange: Bool
    var compare: Bool
    var sessions: Int
    var timeout: Double?
    var json: Bool
    var source: InputFormatOptions
    var limits: DecodingLimitOptions

    init(parsing arguments: ParsedArguments) throws(CommandFailure) {
        try self.init(parsing: arguments, environment: ProcessInfo.processInfo.environment)
    }

    init(parsing arguments: ParsedArguments, environment: [String: String]) throws(CommandFailure) {
        guard arguments.positionals.first == "replay" else { throw .usage("the one action is `replay`: inkling live replay DRAWING --server http://host:port") }
        guard arguments.positionals.count == 2 else { throw .usage("live replay takes one drawing: inkling live replay DRAWING --server http://host:port") }
        drawingPath = arguments.positionals[1]
        guard let raw = try arguments.value("server", as: String.self) else { throw .usage("missing --server http://host:port: the inkling serve to replay into") }
        server = try Self.serverURL(raw)
        key = try arguments.value("key", as: String.self) ?? environment["INKLING_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        if let key, key.isEmpty || key.utf8.count > 256 || !key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) {
            throw .usage("--key must be 1…256 printable ASCII characters without spaces")
        }
        output = try arguments.value("output", as: String.self)
        if output?.isEmpty == true || output == "-" { throw .usage("-o names a directory for the frames (frame-0001.jpg, …)") }
        overwrite = arguments.flag("overwrite")
        prompt = try arguments.value("prompt", as: String.self)
        if let prompt, prompt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw .usage("--prompt is empty") }
        if let prompt, prompt.utf8.count > 20_000 { throw .usage("--prompt is \(prompt.utf8.count) bytes long; a live session takes at most 20000") }
        style = try arguments.value("style", as: Style.self)
        if style == .externalProvider { throw .usage("--style externalProvider is not a live style; choose animation, illustration, sketch or emoji") }
        options = GenerationOptions()
        try GenerationOptionsCodec.read(FlagOptions(arguments: arguments), into: &options)
        fast = arguments.flag("fast")
        points = arguments.flag("points")
        speed = try arguments.value("speed", as: Double.self) ?? 1
        guard speed.isFinite, (0.01...100).contains(speed) else { throw .usage("--speed must be within 0.01…100, got \(NumberText.compact(speed))") }
        if fast && arguments.options["speed"] != nil { throw .usage("--fast does not keep the drawing's pace; leave out --speed") }
        if fast && points { throw .usage("--points replays strokes in progress at their pace; it has no meaning with --fast") }
        keep = arguments.flag("keep")
        cancelOnChange = arguments.flag("cancel-on-change")
        compare = arguments.flag("compare-generations")
        sessions = try arguments.value("sessions", as: Int.self) ?? 1
        guard (1...64).contains(sessions) else { throw .usage("--sessions must be 1…64, got \(sessions)") }
        if sessions > 1 && output != nil { throw .usage("-o writes the frames of one session; leave it out with --sessions \(sessions)") }
        timeout = try arguments.value("timeout", as: Double.self)
        if let timeout, !timeout.isFinite || !(1...86_400).contains(timeout) { throw .usage("--timeout must be 1…86400 seconds, got \(NumberText.compact(timeout))") }
        json = arguments.flag("json")
        source = try InputFormatOptions(arguments)
        limits = try DecodingLimitOptions(arguments)
    }

    /// `http://host:port` as given to --server; `https` and paths are refused.
    static func serverURL(_ raw: String) throws(CommandFailure) -> URL {
        guard let url = URL(string: raw), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
            throw .usage("--server '\(raw.prefix(80))' is not a URL like http://127.0.0.1:8080")
        }
        if scheme == "https" || scheme == "wss" { throw .usage("--server: live replay speaks plain ws:// only; give the server's http:// address (TLS is not supported yet)") }
        guard scheme == "http" || scheme == "ws" else { throw .usage("--server must be an http:// URL, got \(scheme)://") }
        guard url.path.isEmpty || url.path == "/", url.query == nil, url.user == nil else {
            throw .usage("--server takes the server's root, http://host:port, without a path, query or user")
        }
        var components = URLComponents()
        components.scheme = "http"
        components.host = host
        components.port = url.port
        return components.url!
    }

    func run(io: any CommandIO) async throws(CommandFailure) -> ExitCode {
        let drawing = try DrawingInput.drawing(at: drawingPath, limits: limits.limits, input: source, io: io)
        guard !drawing.strokes.isEmpty else { throw CommandFailure(.inputRejected, "\(DrawingInput.displayName(drawingPath)): no strokes to replay") }
        let plan = LiveReplayPlan(drawing, speed: speed)
        if let problem = plan.problem() { throw CommandFailure(.inputRejected, "\(DrawingInput.displayName(drawingPath)): \(problem)") }
        let frames = try output.map { path throws(CommandFailure) in try LiveFrameWriter.prepare(path, overwrite: overwrite) }
        let timeout = self.timeout ?? (fast ? 60 + Double(plan.steps.count) * 10 : plan.duration + 60)
        var headers: [String: String] = [:]
        if let key { headers["X-API-Key"] = key }
        let optionsJSON = GenerationOptionsCodec.json(options)
        var socket = URLComponents(url: server, resolvingAgainstBaseURL: false)!
        socket.scheme = "ws"
        socket.path = "/v1/live"
        let session = LiveReplaySession(
            url: socket.url!, headers: headers, plan: plan,
            start: plan.startMessage(prompt: prompt, style: style?.rawValue, options: optionsJSON, cancelOnChange: cancelOnChange),
            pace: fast ? .fast : .timed(points: points), keep: keep, frames: frames, timeout: timeout)
        let clock = ContinuousClock()
        let began = clock.now
        let logs = try await Self.runAll(session, count: sessions)
        var report = LiveReplayReport(logs, strokes: plan.steps.count, seconds: (clock.now - began) / .milliseconds(1) / 1000)
        if compare {
            report.generations = try await GenerationsReplay(
                server: server, headers: headers, plan: plan, prompt: prompt, style: style?.rawValue, options: optionsJSON,
                fast: fast, timeout: timeout).run()
        }
        try io.print(json ? report.json.text : report.text)
        if report.outOfOrder > 0 { throw CommandFailure(.failure, "\(report.outOfOrder) frames came older than one already received: the server broke the live protocol") }
        return .success
    }

    /// `count` copies of `session` at once; the first failure ends the run.
    private static func runAll(_ session: LiveReplaySession, count: Int) async throws(CommandFailure) -> [LiveReplayLog.Snapshot] {
        let results = await withTaskGroup(of: Result<LiveReplayLog.Snapshot, CommandFailure>.self) { group in
            for _ in 0..<count {
                group.addTask { () async -> Result<LiveReplayLog.Snapshot, CommandFailure> in
                    do throws(CommandFailure) { return .success(try await session.run()) } catch { return .failure(error) }
                }
            }
            var all: [Result<LiveReplayLog.Snapshot, CommandFailure>] = []
            for await result in group { all.append(result) }
            return all
        }
        var logs: [LiveReplayLog.Snapshot] = []
        for result in results {
            switch result {
            case .success(let log): logs.append(log)
            case .failure(let failure): throw failure
            }
        }
        return logs
    }
}
