import InklingStrokes
import InklingJobs

/// A live session's drawing and its history: strokes added one at a time, clears, and undo and
/// redo of both. The drawing is bounded (``LiveLimits/maxStrokes``,
/// ``LiveLimits/maxTotalPoints``); the history keeps at most ``LiveLimits/maxUndo`` steps, the
/// oldest forgotten first.
public struct LiveDrawing: Sendable, Hashable {
    /// One step of the history.
    enum Step: Sendable, Hashable {
        /// A stroke was added at the end.
        case add(Stroke)
        /// Every stroke was removed; these were they.
        case clear([Stroke])
    }

    /// The strokes, oldest first.
    public private(set) var strokes: [Stroke] = []
    /// Control points of ``strokes`` together.
    public private(set) var pointCount = 0
    /// Steps undo takes back, the latest last.
    private var undoSteps: [Step] = []
    /// Steps redo puts back, the next last.
    private var redoSteps: [Step] = []
    /// The bounds.
    let limits: LiveLimits

    /// An empty drawing within `limits`.
    public init(limits: LiveLimits = .default) {
        self.limits = limits
    }

    /// Whether undo has something to take back.
    public var canUndo: Bool { !undoSteps.isEmpty }
    /// Whether redo has something to put back.
    public var canRedo: Bool { !redoSteps.isEmpty }

    /// Adds `stroke` at the end; redo's steps are forgotten.
    ///
    /// - Throws: 413 `too_many_strokes` or `too_many_points` (the drawing is unchanged).
    public mutating func add(_ stroke: Stroke) throws(APIError) {
        guard strokes.count < limits.maxStrokes else { throw LiveMessageError.tooManyStrokes(limits.maxStrokes) }
        let total = pointCount + stroke.path.count
        guard total <= limits.maxTotalPoints else { throw LiveMessageError.tooManyPoints(total, limit: limits.maxTotalPoints) }
        strokes.append(stroke)
        pointCount = total
        record(.add(stroke))
    }

    /// Removes every stroke (undoable); `false`, and nothing recorded, when there were none.
    public mutating func clear() -> Bool {
        guard !strokes.isEmpty else { return false }
        record(.clear(strokes))
        strokes = []
        pointCount = 0
        return true
    }

    /// Takes back the latest add or clear; `false` when there is none.
    public mutating func undo() -> Bool {
        guard let step = undoSteps.popLast() else { return false }
        switch step {
        case .add:
            if let last = strokes.popLast() { pointCount -= last.path.count }
        case .clear(let previous):
            strokes = previous
            pointCount = previous.reduce(0) { $0 + $1.path.count }
        }
        redoSteps.append(step)
        return true
    }

    /// Puts back what the latest undo took; `false` when there is nothing.
    public mutating func redo() -> Bool {
        guard let step = redoSteps.popLast() else { return false }
        switch step {
        case .add(let stroke):
            strokes.append(stroke)
            pointCount += stroke.path.count
        case .clear:
            strokes = []
            pointCount = 0
        }
        undoSteps.append(step)
        return true
    }

    /// Appends a new step, forgetting redo's and, beyond ``LiveLimits/maxUndo``, the oldest.
    private mutating func record(_ step: Step) {
        redoSteps = []
        undoSteps.append(step)
        let excess = undoSteps.count - max(limits.maxUndo, 0)
        if excess > 0 { undoSteps.removeFirst(excess) }
    }
}
