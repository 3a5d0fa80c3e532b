import InklingConditioning
import InklingEngines

extension Automatic1111Engine {
    /// Refuses a request's sampler or scheduler that the web UI does not list
    /// (`/sdapi/v1/samplers` by name, `/sdapi/v1/schedulers` by name or label, each fetched
    /// once) before posting: 1.10 would quietly run its default instead. A server without the
    /// list (404) leaves the name unchecked. A name that differs only in case is suggested.
    /// stable-diffusion.cpp's `sd-server` is checked against the names it reads (its lists omit
    /// the A1111 aliases it takes).
    func checkRequestedSampling(_ conditioning: Conditioning) async throws {
        let sampling = conditioning.sampling
        guard sampling.sampler != nil || sampling.scheduler != nil else { return }
        let http = http
        if try await sdServer.check(http) {
            if let sampler = sampling.sampler, SDServerNames.sdapiSampler(sampler) == nil {
                throw RemoteEngineError.rejected(service: http.service, details: SamplingLists.refusal("sampler", sampler, available: SDServerNames.samplers))
            }
            if let scheduler = sampling.scheduler, !SDServerNames.sdapiTakesScheduler(scheduler) {
                let guess = SDServerNames.schedulers.first { $0 == scheduler.lowercased() }.map { " (did you mean \($0)?)" } ?? ""
                throw RemoteEngineError.rejected(service: http.service, details: SamplingLists.refusal("scheduler", scheduler, available: SDServerNames.schedulers) + guess)
            }
            return
        }
        @Sendable func names(_ path: String, _ keys: [String]) async throws -> [String]? {
            let response = try await http.send("GET", path)
            if response.status == 404 { return nil }
            guard let listed = try http.decode(response, operation: "GET \(path)").array else {
                throw RemoteEngineError.malformedResponse(service: http.service, operation: "GET \(path)", reason: "not a JSON array")
            }
            return listed.flatMap { entry in keys.compactMap { entry[$0]?.string } }
        }
        try await samplingLists.check(
            sampling, service: http.service,
            samplers: { try await names("/sdapi/v1/samplers", ["name"]) },
            schedulers: { try await names("/sdapi/v1/schedulers", ["name", "label"]) },
            suggest: { _, name, available in available.first { $0.lowercased() == name.lowercased() } })
    }
}
