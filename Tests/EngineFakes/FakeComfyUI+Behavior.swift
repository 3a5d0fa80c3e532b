extension FakeComfyUI {
    /// Failure modes, timing and server options.
    public struct Behavior: Sendable {
        /// Seconds per sampling step.
        public var stepDelay = 0.002
        /// Seconds every other node that runs takes.
        public var nodeDelay = 0.0
        /// Seconds between `execution_success` and the prompt's entry appearing in `/history`
        /// (the real server sends the message first and writes the entry a moment later).
        public var historyLag = 0.02
        /// Send a binary preview frame after each sampler step, as `--preview-method` makes ComfyUI do.
        public var previewFrames = false
        /// Write outputs into this subfolder (as a `filename_prefix` with a `/` does).
        public var outputSubfolder: String?
        /// List models in the newer `["COMBO", {"options": [...]}]` shape instead of `[[...], {...}]`.
        public var comboShape = false
        /// Drop the WebSocket after this many steps (the run continues; only `/history` tells).
        public var dropSocketAfterStep: Int?
        /// Answer `/ws` with 404, as behind a proxy without WebSocket support.
        public var refuseSocket = false
        /// Answer uploads under a new name, as ComfyUI does when another file has the name.
        public var renameUploads = true
        /// Replace the answer to `POST /prompt`.
        public var promptReply: ServerReply?
        /// Replace the answer to `GET /history/…`.
        public var historyReply: ServerReply?
        /// Fail execution at the sampler with this exception message.
        public var executionError: String?
        /// Never finish sampling (until interrupted).
        public var neverFinish = false
        /// Answer `POST /prompt` this many seconds after queueing the prompt (an answer that is late,
        /// not a prompt that is).
        public var promptDelay = 0.0
        /// Delay every answer by this many seconds.
        public var slowSeconds = 0.0
        /// Answer this many `/history` requests with 503 first (a restarting proxy).
        public var historyUnavailable = 0

        public init() {}
    }
}
