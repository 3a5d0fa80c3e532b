import Foundation

/// ComfyUI's prompt worker: takes prompts from the queue in order and executes them one at a
/// time (``FakeComfyUIRun``), until the fake shuts down.
struct FakeComfyUIWorker: Sendable {
    let state: FakeComfyUIState

    func run() {
        while let item = next() {
            FakeComfyUIRun(state: state, item: item).execute()
        }
    }

    /// The next pending prompt, now running; `nil` once the fake shuts down.
    private func next() -> FakeComfyUIState.QueueItem? {
        state.condition.lock()
        defer { state.condition.unlock() }
        while state.pending.isEmpty && !state.shutdown { state.condition.wait(until: Date().addingTimeInterval(0.1)) }
        guard !state.shutdown else { return nil }
        let item = state.pending.removeFirst()
        state.running = item
        state.outcomes[item.id] = .running
        // PromptExecutor.execute clears an interrupt left over from before.
        state.interruptFlag = false
        state.stepsWhenAsked = nil
        state.currentStep = nil
        state.broadcastStatus()
        return item
    }
}
