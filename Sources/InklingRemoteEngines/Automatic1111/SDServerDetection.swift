import Foundation
import InklingBase
import InklingEngines
import InklingTransport

/// Whether an A1111-compatible endpoint is really stable-diffusion.cpp's `sd-server` (its
/// `/sdapi/v1` surface), asked once per engine: its `GET /v1/models` lists only
/// ``EngineFlavor/sdServerModel``, an endpoint A1111 and Forge do not have. `sd-server` takes A1111
/// sampler names it does not list (`Euler a`), runs its default for a scheduler it does not know
/// (`Automatic`), and has no ControlNet units, so the checks and notices differ.
final class SDServerDetection: @unchecked Sendable {
    private let lock = NSLock()
    private var known: Bool?

    /// `true` or `false` once asked, `nil` before.
    var isSDServer: Bool? { lock.withLock { known } }

    /// Asks `http` once (a transport failure is not remembered).
    func check(_ http: HTTPClient) async throws -> Bool {
        if let known = isSDServer { return known }
        let response = try await http.send("GET", "/v1/models")
        var answer = false
        if response.status == 200, let json = try? JSONValue.parse(response.body) {
            answer = (json["data"]?.array ?? []).compactMap { $0["id"]?.string } == [EngineFlavor.sdServerModel]
        }
        lock.withLock { known = answer }
        return answer
    }
}
