import InklingConditioning
import InklingEngines

extension ComfyUIEngine {
    /// Refuses a request's sampler or scheduler that `KSampler` does not list
    /// (`/object_info/KSampler`, fetched once), before anything is uploaded or queued, naming
    /// every choice and ComfyUI's name for an A1111 one (`Euler a` → `euler_ancestral`). A user's
    /// workflow that maps no sampler (or scheduler) runs its own, and a notice says the request's
    /// is unused: that one is not checked.
    func checkRequestedSampling(_ conditioning: Conditioning) async throws {
        var sampling = conditioning.sampling
        if let file = entry.workflow {
            if file.targets[.sampler] == nil { sampling.sampler = nil }
            if file.targets[.scheduler] == nil { sampling.scheduler = nil }
        }
        guard sampling.sampler != nil || sampling.scheduler != nil else { return }
        let client = client
        try await samplingLists.check(
            sampling, service: client.http.service,
            samplers: { try await client.options(node: "KSampler", input: "sampler_name") },
            schedulers: { try await client.options(node: "KSampler", input: "scheduler") },
            suggest: { role, name, available in
                (role == "sampler" ? ComfyUISetting.sampler : ComfyUISetting.scheduler).suggestion(for: name, among: available)
            })
    }
}
