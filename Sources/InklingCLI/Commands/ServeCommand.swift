import InklingLimits
import InklingHTTP
import InklingImageIO
import InklingJobs
import Dispatch
import Foundation
import InklingBase
import InklingCluster
import InklingConditioning
import InklingServer

/// `inkling serve`: the HTTP API and web canvas on libmicrohttpd, until SIGINT or SIGTERM.
struct ServeCommand: InklingCommand {
    static let configuration = CommandConfiguration(
        name: "serve",
        abstract: "Serve the HTTP API and the web canvas page (generations, guidance maps).",
        discussion: """
        Endpoints: POST /v1/generations, POST /v1/guidance, GET /v1/images/{id},
        GET and DELETE /v1/jobs/{id}, GET /v1/availability, GET /healthz, GET /openapi.json, and
        the drawing page at /. A generation asked for with "async": true (or Prefer: respond-async)
        is answered 202 with a job at once; GET /v1/jobs/{id} tells its state and images, DELETE
        cancels it. Jobs are remembered for --image-ttl after they end.
        Prints the URL it listens on to standard output once ready (--port 0 picks a free port).
        Usage limits are token buckets per API key (see --api-keys) or per address: a guidance map
        costs 1 token, a generation 1 per image; over the limit a client gets 429 with Retry-After.
        Images are kept in memory until downloaded once or until --image-ttl. Nothing a client
        sends is kept: the engine's results pass through a private temporary directory and are
        deleted from it at once. On SIGTERM or Ctrl-C it drains: the port closes, new requests and
        waiting generations get 503 stopping, running generations may finish within --drain seconds,
        then they are cancelled and answered 503 stopping. A port already in use exits 4.
        With --cluster redis://host:port it is a front end of a cluster: it validates requests and
        renders guidance maps itself, queues generations for `inkling worker` processes on Redis
        Streams, shares usage limits and images with the other front ends, and answers for any
        job of the cluster (the engine options then do not paint). See docs/server.md and
        docs/cluster.md.
        """,
        arguments: ArgumentSpec(options: [
            .init("host", value: "address", help: "Address or host name to listen on (IPv4 or IPv6; a name listens on its first address, IPv4 first).", default: "127.0.0.1"),
            .init("port", value: "n", help: "Port; 0 picks a free one.", default: "8080"),
            .init("threads", value: "n", help: "Server threads.", default: "the number of cores"),
            .init("timeout", value: "s", help: "Seconds a connection may stay idle (a stalled upload included).", default: "30"),
            .init("head-timeout", value: "s", help: "Seconds for a request's whole head to arrive (408 request_timeout after).", default: "10"),
            .init("request-deadline", value: "s", help: "Seconds for a whole request, head and body, to arrive (408 after).", default: "60"),
            .init("connections", value: "n", help: "Most connections open at once.", default: "4096"),
            .init("drain", value: "s", help: "Seconds running generations may finish after SIGTERM before they are cancelled.", default: "10"),
            .init("max-body", value: "bytes", help: "Largest request body.", default: "8388608"),
            .init("max-buffered", value: "bytes", help: "Most body bytes being received at once, all clients together (503 server_busy beyond); 0: no limit.", default: "268435456"),
            .init("connections-per-address", value: "n", help: "Most connections open at once from one address; 0: no limit.", default: "256"),
            .init("max-live", value: "n", help: "Most WebSocket connections open at once (503 too_many_live_connections beyond); each also counts as a connection.", default: "64"),
            .init("max-live-per-client", value: "n", help: "Most WebSocket connections one client (API key, or address without keys) holds at once (429 too_many_live_sessions beyond); 0: no bound but --max-live.", default: "4"),
            .init("rate", value: "tokens/s", help: "Usage tokens regained per second per client; 0 turns limits off.", default: "2"),
            .init("burst", value: "tokens", help: "Most usage tokens a client can hold (at least 4).", default: "40"),
            .init("api-keys", value: "file", help: "File of API keys, one per line; each gets its own usage bucket, and may set its own limits after it: rate=, burst=, concurrent=, store= (docs/server.md)."),
            .init("max-generations", value: "n", help: "Generations running at once.", default: "2"),
            .init("queue", value: "n", help: "Generations waiting for a slot before 503.", default: "8"),
            .init("generation-timeout", value: "s", help: "Seconds before a generation is stopped (504).", default: "120"),
            .init("image-ttl", value: "s", help: "Seconds an undownloaded image is kept.", default: "300"),
            .init("styles", value: "list", help: "Comma-separated styles clients may use.", default: "animation,illustration,sketch,emoji"),
            .init("default-style", value: "name", help: "Style when a request names none.", default: "illustration"),
            .init("cors-origin", value: "origin", help: "Let pages on this origin call the API from a browser: https://app.example.com, or * for any (API keys are headers, not cookies, so * lends no one's access); repeatable or comma-separated. Without it, same origin only."),
            .init("tls-cert", value: "cert.pem", help: "Serve HTTPS with this PEM certificate (chain); needs --tls-key."),
            .init("tls-key", value: "key.pem", help: "The certificate's PEM private key (not encrypted); needs --tls-cert."),
        ],
        flags: [
            .init("require-api-key", help: "Answer 401 to every API request without a valid key of --api-keys (the page and /healthz stay open)."),
        ]).including(EngineOptions.spec).including(ClusterOptions.spec))

    var server: ServerConfiguration
    /// The `--api-keys` file, re-read on SIGHUP.
    var apiKeysPath: String?
    var engine: EngineOptions
    /// With `--cluster`: the Redis this front end queues jobs on (workers paint them).
    var cluster: ClusterSettings?

    init(parsing arguments: ParsedArguments) throws(CommandFailure) {
        var c = ServerConfiguration()
        c.host = try arguments.value("host", as: String.self) ?? c.host
        if let port = try arguments.value("port", as: Int.self) {
            guard (0...65535).contains(port) else { throw .usage("--port must be 0…65535, got \(port)") }
            c.port = UInt16(port)
        }
        engine = try EngineOptions(arguments)
        cluster = try ClusterOptions(arguments).settings
        _ = try CLIEngine.make(engine, style: nil)  // an unknown engine or a bad configuration stops here
        func whole(_ name: String, _ range: ClosedRange<Int>, _ fallback: Int) throws(CommandFailure) -> Int {
            guard let value = try arguments.value(name, as: Int.self) else { return fallback }
            guard range.contains(value) else { throw .usage("--\(name) must be \(range.lowerBound)…\(range.upperBound), got \(value)") }
            return value
        }
        func seconds(_ name: String, _ fallback: Double) throws(CommandFailure) -> Double {
            guard let value = try arguments.value(name, as: Double.self) else { return fallback }
            guard value > 0, value <= 86_400 else { throw .usage("--\(name) must be more than 0 and at most 86400 seconds, got \(NumberText.compact(value))") }
            return value
        }
        c.threads = try whole("threads", 1...256, c.threads)
        c.connectionTimeout = try whole("timeout", 1...3600, c.connectionTimeout)
        c.maxBodyBytes = try whole("max-body", 1024...(1 << 30), c.maxBodyBytes)
        c.maxBufferedBytes = try whole("max-buffered", 0...(1 << 40), c.maxBufferedBytes)
        c.connectionsPerAddress = try whole("connections-per-address", 0...100_000, c.connectionsPerAddress)
        c.headTimeout = try whole("head-timeout", 1...3600, c.headTimeout)
        c.requestDeadline = try whole("request-deadline", 1...86_400, max(c.requestDeadline, c.headTimeout))
        guard c.requestDeadline >= c.headTimeout else { throw .usage("--request-deadline must be at least --head-timeout (\(c.headTimeout) s)") }
        c.connectionLimit = try whole("connections", 16...1_000_000, c.connectionLimit)
        c.maxLiveConnections = try whole("max-live", 0...100_000, c.maxLiveConnections)
        c.maxLivePerClient = try whole("max-live-per-client", 0...100_000, c.maxLivePerClient)
        if let drain = try arguments.value("drain", as: Double.self) {
            guard drain >= 0, drain <= 3600 else { throw .usage("--drain must be 0…3600 seconds, got \(NumberText.compact(drain))") }
            c.drainTimeout = drain
        }
        if let rate = try arguments.value("rate", as: Double.self) {
            guard rate >= 0, rate <= 1e9 else { throw .usage("--rate must be 0 (off) … 1e9 tokens per second, got \(NumberText.compact(rate))") }
            c.tokensPerSecond = rate
        }
        if let burst = try arguments.value("burst", as: Double.self) {
            guard burst >= 4, burst <= 1e9 else { throw .usage("--burst must be 4…1e9 tokens (a generation of 4 images costs 4), got \(NumberText.compact(burst))") }
            c.burst = burst
        }
        apiKeysPath = try arguments.value("api-keys", as: String.self)
        if let apiKeysPath {
            let file = try Self.keys(at: apiKeysPath)
            c.apiKeys = file.keys
            c.apiKeyLimits = file.limits
        }
        c.requireAPIKey = arguments.flag("require-api-key")
        if c.requireAPIKey && c.apiKeys.isEmpty { throw .usage("--require-api-key needs --api-keys FILE with at least one key") }
        let certificatePath = try arguments.value("tls-cert", as: String.self), keyPath = try arguments.value("tls-key", as: String.self)
        switch (certificatePath, keyPath) {
        case (nil, nil): break
        case (let certificatePath?, let keyPath?): c.tls = TLSIdentity(key: try Self.pem(keyPath, "--tls-key"), certificate: try Self.pem(certificatePath, "--tls-cert"))
        case (nil, _): throw .usage("--tls-key needs --tls-cert")
        case (_, nil): throw .usage("--tls-cert needs --tls-key")
        }
        c.maxConcurrentGenerations = try whole("max-generations", 1...64, c.maxConcurrentGenerations)
        c.maxQueuedGenerations = try whole("queue", 0...10_000, c.maxQueuedGenerations)
        c.generationTimeout = try seconds("generation-timeout", c.generationTimeout)
        c.imageTTL = try seconds("image-ttl", c.imageTTL)
        if let list = try arguments.value("styles", as: String.self) {
            var styles: [Style] = []
            for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard let style = Style(rawValue: name) else { throw .usage("--styles: unknown style '\(name)'; styles: \(Style.allCases.map(\.rawValue).joined(separator: ", "))") }
                styles.append(style)
            }
            guard !styles.isEmpty else { throw .usage("--styles needs at least one style") }
            c.allowedStyles = styles
            if !styles.contains(c.defaultStyle) { c.defaultStyle = styles[0] }
        }
        if let style = try arguments.value("default-style", as: Style.self) {
            guard c.allowedStyles.contains(style) else { throw .usage("--default-style \(style.rawValue) is not among --styles") }
            c.defaultStyle = style
        }
        let origins = arguments.list("cors-origin")
        for origin in origins {
            if let problem = ServerConfiguration.corsOriginProblem(origin) { throw .usage("--cors-origin: \(problem)") }
        }
        c.corsOrigins = origins
        server = c
    }

    func run(io: any CommandIO) async throws(CommandFailure) -> ExitCode {
        InklingServer.tuneMemoryForServing()
        let running: InklingServer
        let engine = try CLIEngine.make(self.engine, style: nil)
        var frontEnd: ClusterJobs?
        do {
            if let cluster {
                // A front end: jobs go to the cluster's workers; limits are shared through Redis.
                let jobs = try ClusterJobs(settings: cluster, imageTTL: server.imageTTL, generationTimeout: server.generationTimeout,
                                           defaultStyle: server.defaultStyle.rawValue)
                frontEnd = jobs
                running = try InklingServer(configuration: server, engine: engine, jobs: jobs,
                                            limits: ClusterUsageLimits(settings: cluster, rate: server.tokensPerSecond, capacity: server.burst))
                jobs.announce(url: running.url)
            } else {
                running = try InklingServer(configuration: server, engine: engine)
            }
        } catch let error as ClusterError {
            throw CommandFailure(.failure, error.description)
        } catch let error as CommandFailure {
            throw error
        } catch let error as HTTPServerError {
            throw CommandFailure(.failure, error.description)
        } catch {
            throw CommandFailure(.failure, String(describing: error))
        }
        // Serve until Ctrl-C or SIGTERM (a second one exits at once; see Interruption). The
        // handler is in place before the URL is announced, so a signal sent as soon as a client
        // has read it still stops the server cleanly.
        // SIGHUP re-reads --api-keys without dropping a connection; a file that cannot be read
        // (or has no keys while keys are required) keeps the keys in use, and says why.
        let reload = apiKeysPath.map { path in
            Self.onHangUp {
                do {
                    let file = try Self.keys(at: path)
                    try running.reloadAPIKeys(file.keys, limits: file.limits)
                    io.writeError("inkling serve: re-read \(file.keys.count) API key\(file.keys.count == 1 ? "" : "s") from \(path)"
                                  + (file.limits.isEmpty ? "" : ", \(file.limits.count) with limits of their own"))
                } catch let error as CommandFailure {
                    io.writeError("inkling serve: \(error.message); the keys in use stay")
                } catch let error as APIError {
                    io.writeError("inkling serve: \(error.message)")
                } catch {
                    io.writeError("inkling serve: \(error); the keys in use stay")
                }
            }
        }
        defer { reload?.cancel() }
        let (stopped, stop) = AsyncStream<Void>.makeStream()
        let announcement: CommandFailure? = await Interruption.shared.whileHandling({ stop.finish() }) {
            let role = frontEnd.map { "cluster front end \($0.name) on \(cluster?.url.description ?? "")" } ?? "engine \(engine.identifier)"
            io.writeError("inkling serve: listening on \(running.url) (\(role), \(server.threads) threads); Ctrl-C stops")
            do throws(CommandFailure) { try io.print(running.url) } catch { return error }
            for await _ in stopped {}
            return nil
        }
        io.writeError("inkling serve: stopping (draining for up to \(server.drainTimeout) s)")
        await running.drain()
        if let announcement { throw announcement }
        return .success
    }

    /// The keys of an `--api-keys` file (``APIKeyFile``): one per line, each optionally with its
    /// own limits; blank lines and `#` comments skipped.
    static func keys(at path: String) throws(CommandFailure) -> APIKeyFile {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path: path, maxBytes: 16 << 20)
        } catch {
            throw CommandFailure(.io, "\(path): cannot read the API key file: \(error.description)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw CommandFailure(.io, "\(path): the API key file is not UTF-8 text") }
        do {
            return try APIKeyFile.parse(text)
        } catch {
            throw CommandFailure(.usage, "\(path): \(error.description)")
        }
    }

    /// Calls `action` on each SIGHUP until the returned source is cancelled.
    static func onHangUp(_ action: @escaping @Sendable () -> Void) -> DispatchSourceSignal {
        signal(SIGHUP, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
        source.setEventHandler(handler: action)
        source.resume()
        return source
    }

    /// The text of a PEM file (at most 1 MiB), or a one-line reason.
    static func pem(_ path: String, _ option: String) throws(CommandFailure) -> String {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path: path, maxBytes: 1 << 20)
        } catch {
            throw CommandFailure(.io, "\(option): \(error.description)")
        }
        guard let text = String(validating: bytes, as: UTF8.self), text.contains("-----BEGIN") else {
            throw CommandFailure(.usage, "\(option) \(path): not a PEM file (-----BEGIN …)")
        }
        return text
    }
}
