import Foundation
import InklingBase
import InklingTransport

/// The naive client `inkling live replay --compare-generations` measures live sessions
/// against: after each pen-up, one `POST /v1/generations` with the drawing so far (same size,
/// seed, prompt and style), then the image's download; one request at a time, so a request
/// still running when the next pen-up comes delays that one.
struct GenerationsReplay: Sendable {
    var server: URL
    var headers: [String: String]
    var plan: LiveReplayPlan
    var prompt: String?
    var style: String?
    var options: JSONValue
    /// Each request at once after the previous answer, not at the pen-up.
    var fast: Bool
    var timeout: Double

    /// Per stroke, seconds from its pen-up to its image.
    func run() async throws(CommandFailure) -> [Double] {
        let client = HTTPClient(base: server, product: "inkling serve", startHint: "start it with `inkling serve`",
                                timeout: timeout, headers: headers)
        let clock = ContinuousClock()
        let origin = clock.now
        func now() -> Double { Double((clock.now - origin) / .microseconds(1)) / 1e6 }
        var latencies: [Double] = []
        for (i, step) in plan.steps.enumerated() {
            if !fast, step.end > now() { try? await Task.sleep(nanoseconds: UInt64((step.end - now()) * 1e9)) }
            let penUp = fast ? now() : step.end
            guard now() < timeout else {
                throw CommandFailure(.failure, "the generations replay did not finish within --timeout \(NumberText.compact(timeout)) s (\(i) of \(plan.steps.count) strokes)")
            }
            var body: [String: JSONValue] = ["options": options]
            do {
                body["drawing"] = try JSONValue.parse(plan.drawing(strokes: i + 1))
            } catch {
                throw CommandFailure(.failure, "cannot write the drawing of \(i + 1) strokes: \(error)")
            }
            if let prompt { body["prompt"] = .string(prompt) }
            if let style { body["style"] = .string(style) }
            let answer = try await request("POST", "/v1/generations", body: JSONValue.object(body).serialized(), client)
            guard let url = (try? JSONValue.parse(answer))?["images"]?.array?.first?["url"]?.string, url.hasPrefix("/") else {
                throw CommandFailure(.failure, "POST /v1/generations answered without an image URL")
            }
            _ = try await request("GET", url, body: nil, client)
            latencies.append(now() - penUp)
        }
        return latencies
    }

    /// The body of a 2xx answer, or a one-line failure.
    private func request(_ method: String, _ path: String, body: [UInt8]?, _ client: HTTPClient) async throws(CommandFailure) -> [UInt8] {
        let response: HTTPResponse
        do {
            response = try await client.send(method, path, body: body, contentType: body == nil ? nil : "application/json", timeout: timeout)
        } catch {
            throw CommandFailure(.failure, "\(method) \(path.prefix(60)): \(error)")
        }
        guard (200..<300).contains(response.status) else {
            let message = (try? JSONValue.parse(response.body))?["error"]?["message"]?.string ?? ""
            throw CommandFailure(.failure, "\(method) \(path.prefix(60)) answered \(response.status)\(message.isEmpty ? "" : ": " + message.prefix(300))")
        }
        return response.body
    }
}
