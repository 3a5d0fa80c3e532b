internal import CInklingHTTP
import Foundation
import InklingEngines

/// Inkling's HTTP API and web canvas, listening until ``stop()``.
///
/// ```swift
/// var configuration = ServerConfiguration()
/// configuration.port = 0                       // any free port
/// let server = try InklingServer(configuration: configuration)
/// print("listening on \(server.url)")
/// ```
public final class InklingServer: Sendable {
    /// The settings it runs with.
    public let configuration: ServerConfiguration
    /// The port it listens on.
    public let port: UInt16
    private let http: HTTPServer
    private let router: Router
    private let sweeper: Task<Void, Never>

    /// Validates `configuration`, loads the page and starts listening.
    ///
    /// - Throws: ``APIError`` for an invalid configuration or missing page files,
    ///   ``HTTPServerError`` when the address cannot be listened on.
    public init(configuration: ServerConfiguration, engine: any ImageEngine = BuiltInEngine()) throws {
        try configuration.validate()
        let router = Router(configuration: configuration, engine: engine, assets: try WebAssets())
        http = try HTTPServer(HTTPServer.Settings(
            host: configuration.host, port: configuration.port, threads: configuration.threads,
            connectionTimeout: configuration.connectionTimeout, connectionLimit: configuration.connectionLimit,
            connectionsPerAddress: configuration.connectionsPerAddress,
            maxBodyBytes: configuration.maxBodyBytes)) { exchange in router.handle(exchange) }
        self.configuration = configuration
        self.router = router
        port = http.port
        let store = router.store
        let interval = max(0.05, min(configuration.imageTTL / 2, 5))
        sweeper = Task.detached {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(Int64(interval * 1000)))
                store.sweep()
            }
        }
    }

    /// `http://host:port` (IPv6 hosts in brackets).
    public var url: String {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "http://\(host):\(port)"
    }

    /// Stops listening, refuses queued generations, closes connections and deletes every image.
    public func stop() {
        sweeper.cancel()
        router.gate.close()
        http.stop()
        router.store.removeAll()
    }

    deinit { stop() }

    /// Tunes glibc's allocator for serving, process-wide (call once, before starting; no-op
    /// elsewhere). Each request allocates buffers of a few hundred KB (body, map, PNG) among
    /// many small blocks (the JSON tree); by default glibc maps the big ones fresh per request
    /// (page faults) and consolidates the small-block caches whenever one is asked for. Under
    /// wrk this saved about a tenth of the CPU per guidance request. Freed memory above 128 MB
    /// is still returned to the system.
    public static func tuneMemoryForServing() { inkling_http_tune_memory() }
}
