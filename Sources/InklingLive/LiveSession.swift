import InklingBase
import InklingConditioning
import InklingJobs
import InklingStrokes

/// One live drawing session, whatever carries its messages: the drawing and its history, the
/// prompt and options, the revisions, and the scheduling of generations (``LiveScheduler``:
/// latest input wins, at most one in flight, a grace period only while generations are slow,
/// nothing started mid-stroke, `cancelOnChange`).
///
/// A transport decodes the first text frame (``LiveClientMessage/decode(_:limits:)``), opens a
/// session with its ``LiveStart``, then passes every later text frame to ``receive(_:)`` and
/// sends what ``outputs`` yields, in order: each ``LiveOutput``'s JSON as a text frame, then
/// its binary frame, if any. ``close()`` when the connection ends cancels the work in flight.
///
/// ```swift
/// guard case .start(let start) = try LiveClientMessage.decode(firstFrame) else { … }
/// let session = try await LiveSession.open(start, renderer: BuiltInLiveRenderer())
/// Task { for await output in session.outputs { try await socket.send(output) } }
/// for await frame in socket.textFrames {
///     if let keep = await session.receive(frame) { … submit keep.submission(owner:) … }
/// }
/// await session.close()
/// ```
public actor LiveSession {
    /// What to send to the client, in order; finishes when the session closes.
    public nonisolated let outputs: AsyncStream<LiveOutput>
    private let continuation: AsyncStream<LiveOutput>.Continuation
    /// The bounds of the session.
    public nonisolated let limits: LiveLimits
    /// The canvas the strokes are drawn on.
    public nonisolated let canvas: Size2D
    /// The session's identity, random, for renderers' caches.
    public nonisolated let id = UInt64.random(in: 0...UInt64.max)
    private let renderer: any LiveRenderer
    private let clock: any LiveClock
    /// The styles the server allows.
    private let allowedStyles: [Style]

    /// The drawing and its history.
    public private(set) var drawing: LiveDrawing
    /// The stroke in progress, as the latest `points` message had it (previews only).
    public private(set) var inProgress: Stroke?
    /// The prompt; `nil` for none.
    public private(set) var prompt: String?
    /// The style asked for; `nil`: the options' default.
    public private(set) var style: Style?
    /// The generation options; their seed is the session's, fixed unless a `set` gives one.
    public private(set) var options: GenerationOptions
    /// The newest revision: the number of changes accepted since start.
    public private(set) var revision = 0
    /// The revision at which the drawing last changed.
    public private(set) var drawingRevision = 0
    private var scheduler: LiveScheduler
    private var renderTask: Task<Void, Never>?
    private var timer: (deadline: Double, task: Task<Void, Never>)?
    private var progress: Double?
    private var lastReport: LiveStateReport?
    private var closed = false
    /// The bound on messages per second.
    private var rate: LiveMessageRate
    /// Frames the transport could not send (a slow reader); see ``dropped(_:)``.
    private var framesDropped = 0
    /// Generations started so far (for tests).
    package private(set) var rendersStarted = 0
    /// Generations ended and handled so far (for tests).
    package private(set) var rendersEnded = 0
    /// Who waits for ``rendersEnded`` to reach a count (tests).
    private var endWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// The seed every frame of the session uses.
    public var seed: UInt64 { options.seed }

    /// Opens a session for `start`: its options applied over `base` (the server's defaults),
    /// the seed the options give or `seed` (random when `nil`), revision 0, whose generation
    /// starts at once.
    ///
    /// - Throws: ``APIError`` 400 `invalid_message` for options that break a rule over `base`,
    ///   422 `style_not_allowed`.
    public static func open(
        _ start: LiveStart, base: GenerationOptions = GenerationOptions(), renderer: any LiveRenderer,
        limits: LiveLimits = .default, scheduling: LiveScheduling = .default, clock: any LiveClock = SystemLiveClock(),
        seed: UInt64? = nil
    ) async throws(APIError) -> LiveSession {
        let session = try LiveSession(start, base: base, renderer: renderer, limits: limits, scheduling: scheduling, clock: clock, seed: seed)
        await session.pump()
        return session
    }

    private init(
        _ start: LiveStart, base: GenerationOptions, renderer: any LiveRenderer, limits: LiveLimits, scheduling: LiveScheduling,
        clock: any LiveClock, seed: UInt64?
    ) throws(APIError) {
        var options = base
        if let patch = start.options { options = try patch.applied(to: base) }
        let seedGiven: Bool
        if case .object(let fields) = start.options?.json, fields[GenerationOptionsCodec.seed.key].map({ $0 != .null }) == true {
            seedGiven = true
        } else {
            seedGiven = false
        }
        if !seedGiven { options.seed = seed ?? UInt64.random(in: 0...UInt64(UInt32.max)) }
        if let style = start.style, !base.allowedStyles.contains(style) {
            throw LiveMessageError.styleNotAllowed(style.rawValue, allowed: base.allowedStyles.map(\.rawValue))
        }
        self.options = options
        self.allowedStyles = base.allowedStyles
        self.prompt = start.prompt
        self.style = start.style
        self.canvas = start.canvas
        self.limits = limits
        self.renderer = renderer
        self.clock = clock
        drawing = LiveDrawing(limits: limits)
        scheduler = LiveScheduler(parameters: scheduling, cancelOnChange: start.cancelOnChange, now: clock.now())
        rate = LiveMessageRate(perSecond: limits.maxMessagesPerSecond, burst: limits.messageBurst, now: clock.now())
        let (stream, continuation) = AsyncStream.makeStream(of: LiveOutput.self)
        outputs = stream
        self.continuation = continuation
    }

    // MARK: Messages

    /// Decodes and handles one text frame; a refusal is sent as an error message (the session
    /// goes on). A message beyond ``LiveLimits/maxMessagesPerSecond`` is refused unread, and
    /// such refusals are reported at most once a second (429 `too_many_messages`, with their
    /// count). Returns what a `keep` asks for, for the caller to submit.
    @discardableResult
    public func receive(_ bytes: [UInt8]) -> LiveKeep? {
        let now = clock.now()
        guard rate.admit(at: now) else {
            if let refused = rate.report(at: now) {
                send(.error(LiveMessageError.tooManyMessages(refused, perSecond: rate.perSecond, burst: rate.burst)))
            }
            return nil
        }
        do {
            return try handle(try LiveClientMessage.decode(bytes, limits: limits))
        } catch {
            send(.error(error))
            return nil
        }
    }

    /// Handles one decoded message. A change (stroke, undo, redo, a clear of something, a
    /// `set` that changes something) makes a new revision; `points` never does.
    ///
    /// - Returns: for `keep`, the job to submit; otherwise `nil`.
    /// - Throws: ``APIError``: 409 `already_started`, `nothing_to_undo`, `nothing_to_redo`,
    ///   `session_closed`; 413 `too_many_strokes`, `too_many_points`; 422 `style_not_allowed`,
    ///   `nothing_to_keep`; 400 `invalid_message` (options that break a rule over the current
    ///   ones). The session is unchanged by a refused message.
    @discardableResult
    public func handle(_ message: LiveClientMessage) throws(APIError) -> LiveKeep? {
        guard !closed else { throw LiveMessageError.closed }
        switch message {
        case .start:
            throw LiveMessageError.alreadyStarted
        case .stroke(let stroke):
            try drawing.add(stroke)
            inProgress = nil
            change(drawing: true, liftsPen: true)
        case .points(let stroke):
            inProgress = stroke
            if stroke != nil { scheduler.penMoved(at: clock.now()) } else { scheduler.penLifted() }
            pump()
        case .undo:
            guard drawing.undo() else { throw LiveMessageError.nothingTo("undo") }
            change(drawing: true, liftsPen: false)
        case .redo:
            guard drawing.redo() else { throw LiveMessageError.nothingTo("redo") }
            change(drawing: true, liftsPen: false)
        case .clear:
            inProgress = nil
            if drawing.clear() {
                change(drawing: true, liftsPen: true)
            } else {
                scheduler.penLifted()
                pump()
            }
        case .set(let settings):
            try apply(settings)
        case .keep:
            return try keep()
        }
        return nil
    }

    /// Sends `kept` to the client (the transport calls it once the keep's job was submitted).
    public func kept(_ kept: LiveKept) {
        send(.kept(kept))
    }

    /// Counts `count` frames the transport made but could not send (a slow reader, whose next
    /// frame is newer) and reports the total in the next state message.
    public func dropped(_ count: Int = 1) {
        guard count > 0 else { return }
        framesDropped += count
        reportState()
    }

    /// Sends `error` to the client, in order with everything else (the transport's own
    /// refusals: rate limits, a binary frame where text was expected).
    public func report(_ error: APIError) {
        send(.error(error))
    }

    /// Ends the session: the generation in flight is cancelled (and awaited), nothing more is
    /// sent, ``outputs`` finishes.
    public func close() async {
        guard !closed else { return }
        closed = true
        timer?.task.cancel()
        timer = nil
        let running = renderTask
        running?.cancel()
        continuation.finish()
        await running?.value
        let waiters = endWaiters
        endWaiters = []
        for waiter in waiters { waiter.continuation.resume() }
    }

    /// What a keep of the current revision asks for: the prompt and the drawing on its canvas,
    /// the style and the options (the session's seed, the options' size), one image.
    public func keep() throws(APIError) -> LiveKeep {
        var concepts: [Concept] = []
        if let prompt { concepts.append(.text(prompt)) }
        if !drawing.strokes.isEmpty { concepts.append(.drawing(Drawing(strokes: drawing.strokes, canvas: canvas))) }
        guard !concepts.isEmpty else {
            throw APIError(422, "nothing_to_keep", "keep: the session has no prompt and no strokes yet; draw or set a prompt first")
        }
        return LiveKeep(revision: revision, request: JobRequest(concepts: concepts, style: style, limit: 1, options: options))
    }

    private func apply(_ settings: LiveSettings) throws(APIError) {
        var newPrompt = prompt, newStyle = style, newOptions = options
        if let text = settings.prompt { newPrompt = text.isEmpty ? nil : text }
        if let asked = settings.style {
            guard allowedStyles.contains(asked) else {
                throw LiveMessageError.styleNotAllowed(asked.rawValue, allowed: allowedStyles.map(\.rawValue))
            }
            newStyle = asked
        }
        if let patch = settings.options { newOptions = try patch.applied(to: options) }
        if let cancel = settings.cancelOnChange { scheduler.cancelOnChange = cancel }
        guard newPrompt != prompt || newStyle != style || newOptions != options else { return pump() }
        prompt = newPrompt
        style = newStyle
        options = newOptions
        change(drawing: false, liftsPen: false)
    }

    /// Counts an accepted change and lets the scheduler act on it.
    private func change(drawing drawingChanged: Bool, liftsPen: Bool) {
        revision += 1
        if drawingChanged { drawingRevision = revision }
        scheduler.changed(to: revision, at: clock.now(), liftsPen: liftsPen)
        pump()
    }

    // MARK: Scheduling

    /// Does what the scheduler says now, and reports the state if it changed.
    private func pump() {
        guard !closed else { return }
        let now = clock.now()
        switch scheduler.decide(at: now) {
        case .start(let next):
            arm(nil)
            startRender(next, at: now)
        case .cancel:
            scheduler.cancelling()
            renderTask?.cancel()
        case .wait(let until):
            arm(until)
        case .idle:
            arm(nil)
        }
        reportState()
    }

    /// Keeps one timer, for the earliest moment the scheduler asked to be asked again; a later
    /// moment waits for the earlier timer (which asks again and re-arms), so a stream of
    /// `points` messages does not make a timer each.
    private func arm(_ deadline: Double?) {
        guard let deadline else {
            timer?.task.cancel()
            timer = nil
            return
        }
        if let timer, timer.deadline <= deadline { return }
        timer?.task.cancel()
        let clock = self.clock
        let task = Task { [weak self] in
            do { try await clock.sleep(until: deadline) } catch { return }
            await self?.timerFired(deadline)
        }
        timer = (deadline, task)
    }

    private func timerFired(_ deadline: Double) {
        if timer?.deadline == deadline { timer = nil }
        pump()
    }

    private func startRender(_ next: Int, at now: Double) {
        scheduler.started(next, at: now)
        rendersStarted += 1
        progress = nil
        let request = LiveRenderRequest(
            session: id, revision: next, drawingRevision: drawingRevision, drawing: Drawing(strokes: drawing.strokes, canvas: canvas),
            prompt: prompt, style: style, options: options,
            progress: { [weak self] fraction in
                guard let session = self else { return }
                Task { await session.progressed(next, fraction) }
            })
        let renderer = self.renderer
        renderTask = Task { [weak self] in
            let result: Result<LiveFrame, any Error>
            do {
                result = .success(try await renderer.render(request))
            } catch {
                result = .failure(error)
            }
            await self?.renderEnded(next, result)
        }
    }

    private func renderEnded(_ rendered: Int, _ result: Result<LiveFrame, any Error>) {
        let now = clock.now()
        let since = scheduler.rendering?.since ?? now
        let cancelled = scheduler.cancelRequested || closed
        renderTask = nil
        progress = nil
        switch result {
        case .success(var frame):
            frame.revision = rendered
            if scheduler.ended(rendered, .frame(seconds: max(now - since, 0))) {
                send(LiveServerMessage.header(of: frame), binary: frame.bytes)
            }
        case .failure(let error):
            if cancelled {
                scheduler.ended(rendered, .cancelled)
            } else {
                scheduler.ended(rendered, .failed)
                send(.error((error as? APIError) ?? LiveMessageError.renderFailed(error)))
            }
        }
        pump()
        rendersEnded += 1
        let ready = endWaiters.filter { $0.count <= rendersEnded }
        endWaiters.removeAll { $0.count <= rendersEnded }
        for waiter in ready { waiter.continuation.resume() }
    }

    private func progressed(_ rendered: Int, _ fraction: Double) {
        guard scheduler.rendering?.revision == rendered, fraction.isFinite else { return }
        progress = min(max(fraction, 0), 1)
        reportState()
    }

    private func reportState() {
        let report = LiveStateReport(
            revision: revision, state: scheduler.activity, rendering: scheduler.rendering?.revision, progress: progress,
            answered: scheduler.answered, dropped: framesDropped > 0 ? framesDropped : nil)
        guard report != lastReport else { return }
        lastReport = report
        send(.state(report))
    }

    private func send(_ message: LiveServerMessage, binary: [UInt8]? = nil) {
        guard !closed else { return }
        continuation.yield(LiveOutput(message, binary: binary))
    }

    // MARK: For tests

    /// Waits until `count` generations have ended and been handled (or the session closed).
    package func awaitRendersEnded(_ count: Int) async {
        guard rendersEnded < count, !closed else { return }
        await withCheckedContinuation { endWaiters.append((count, $0)) }
    }

    /// Waits until every timer due by the clock's time now has fired and been handled.
    package func awaitDueTimers() async {
        while let timer, timer.deadline <= clock.now() {
            await timer.task.value
            if self.timer?.task == timer.task { self.timer = nil }
        }
    }

    /// The revision a generation runs for, if any.
    package var renderingRevision: Int? { scheduler.rendering?.revision }

    /// The revision a generation runs for, if any, and ``rendersEnded``, read together: a
    /// generation being cancelled can end between two separate reads.
    package var renderingAndEnded: (revision: Int?, ended: Int) { (scheduler.rendering?.revision, rendersEnded) }

    /// Whether a stroke is in progress (a `points` message since the last stroke end).
    package var penDown: Bool { scheduler.penMovedAt != nil }

    /// The grace period the scheduler applies now.
    package var graceSeconds: Double { scheduler.graceSeconds }
}
