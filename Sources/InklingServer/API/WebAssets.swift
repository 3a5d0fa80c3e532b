import InklingLimits
import InklingHTTP
import InklingJobs
import Foundation

/// The web page's files (and the OpenAPI document), read once from the package's resources and
/// served from memory: requests name one of a fixed set of paths, never a file.
struct WebAssets: Sendable {
    /// A served file.
    struct Asset: Sendable {
        var contentType: String
        var bytes: [UInt8]
    }

    /// URL path → file, e.g. `/` → `index.html`.
    static let routes: [String: (file: String, type: String)] = [
        "/": ("index.html", "text/html; charset=utf-8"),
        "/index.html": ("index.html", "text/html; charset=utf-8"),
        "/app.js": ("app.js", "text/javascript; charset=utf-8"),
        "/drawing-store.js": ("drawing-store.js", "text/javascript; charset=utf-8"),
        "/page-save.js": ("page-save.js", "text/javascript; charset=utf-8"),
        "/inkling-live.js": ("inkling-live.js", "text/javascript; charset=utf-8"),
        "/page-live.js": ("page-live.js", "text/javascript; charset=utf-8"),
        "/page-frame.js": ("page-frame.js", "text/javascript; charset=utf-8"),
        "/page-generate.js": ("page-generate.js", "text/javascript; charset=utf-8"),
        "/page-view.js": ("page-view.js", "text/javascript; charset=utf-8"),
        "/page-studio.js": ("page-studio.js", "text/javascript; charset=utf-8"),
        "/style.css": ("style.css", "text/css; charset=utf-8"),
        "/openapi.json": ("openapi.json", "application/json"),
    ]

    let assets: [String: Asset]

    /// No files at all (every page path is then 404), for a server without its resources, as
    /// ``RawHTTPExchange`` may run inside a fuzzer built outside SwiftPM.
    static let none = WebAssets(assets: [:])

    private init(assets: [String: Asset]) { self.assets = assets }

    /// Loads every routed file; throws when the resources cannot be found.
    init() throws(APIError) {
        guard let directory = Self.directory() else {
            throw APIError(500, "assets_missing", "the web page's files (Inkling_InklingServer.resources/Web) are not next to the executable; reinstall inkling with its resource bundle")
        }
        var assets: [String: Asset] = [:]
        for (path, route) in Self.routes {
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(route.file).path) else {
                throw APIError(500, "assets_missing", "\(route.file) is missing from \(directory.path)")
            }
            assets[path] = Asset(contentType: route.type, bytes: [UInt8](data))
        }
        self.assets = assets
    }

    /// The folder holding the files: `$INKLING_WEB_ROOT`, else the resource bundle next to the
    /// executable (SwiftPM's layout, for `inkling` and for the test runner alike).
    static func directory() -> URL? {
        var candidates: [URL] = []
        if let root = ProcessInfo.processInfo.environment["INKLING_WEB_ROOT"], !root.isEmpty {
            candidates.append(URL(fileURLWithPath: root))
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        for base in [Bundle.main.bundleURL, executable, Bundle.main.bundleURL.deletingLastPathComponent()] {
            candidates.append(base.appendingPathComponent("Inkling_InklingServer.resources").appendingPathComponent("Web"))
            candidates.append(base.appendingPathComponent("Inkling_InklingServer.bundle").appendingPathComponent("Web"))
            candidates.append(base.appendingPathComponent("Inkling_InklingServer.bundle").appendingPathComponent("Contents/Resources/Web"))
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("index.html").path) }
    }
}
