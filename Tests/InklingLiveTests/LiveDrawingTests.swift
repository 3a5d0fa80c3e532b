import InklingGuidance
import InklingJobs
@testable import InklingLive
import InklingStrokes
import XCTest

/// A session's drawing: adds, clears, undo and redo against a plain model, and its bounds.
final class LiveDrawingTests: XCTestCase {
    static func stroke(_ tag: Int, points: Int = 2) -> Stroke {
        Stroke(ink: Ink(.pen), path: StrokePath(points: (0..<points).map { StrokePoint(location: Point2D(x: Double(tag), y: Double($0))) }))
    }

    func testUndoRedoOfAddsAndClears() throws {
        var drawing = LiveDrawing()
        XCTAssertFalse(drawing.undo())
        XCTAssertFalse(drawing.clear(), "clearing nothing is no change")
        try drawing.add(Self.stroke(1))
        try drawing.add(Self.stroke(2))
        XCTAssertTrue(drawing.clear())
        XCTAssertEqual(drawing.strokes.count, 0)
        XCTAssertTrue(drawing.undo())
        XCTAssertEqual(drawing.strokes, [Self.stroke(1), Self.stroke(2)])
        XCTAssertTrue(drawing.undo())
        XCTAssertEqual(drawing.strokes, [Self.stroke(1)])
        XCTAssertTrue(drawing.redo())
        XCTAssertTrue(drawing.redo())
        XCTAssertEqual(drawing.strokes, [])
        XCTAssertFalse(drawing.redo())
        XCTAssertTrue(drawing.undo())
        try drawing.add(Self.stroke(3))
        XCTAssertFalse(drawing.redo(), "a new stroke forgets redo")
        XCTAssertEqual(drawing.strokes, [Self.stroke(1), Self.stroke(2), Self.stroke(3)])
        XCTAssertEqual(drawing.pointCount, 6)
    }

    /// Random adds, clears, undos and redos agree with a model that keeps every state.
    func testAgreesWithAModelOfStates() throws {
        var random = SplitMix64(seed: 38)
        for _ in 0..<50 {
            var drawing = LiveDrawing()
            var states: [[Stroke]] = [[]], position = 0
            for step in 0..<200 {
                switch random.next() % 4 {
                case 0:
                    let stroke = Self.stroke(step, points: Int(random.next() % 4) + 1)
                    try drawing.add(stroke)
                    states = Array(states[...position]) + [states[position] + [stroke]]
                    position += 1
                case 1:
                    if drawing.clear() {
                        states = Array(states[...position]) + [[]]
                        position += 1
                    } else {
                        XCTAssertTrue(states[position].isEmpty)
                    }
                case 2:
                    XCTAssertEqual(drawing.undo(), position > 0)
                    position = max(position - 1, 0)
                default:
                    XCTAssertEqual(drawing.redo(), position < states.count - 1)
                    position = min(position + 1, states.count - 1)
                }
                XCTAssertEqual(drawing.strokes, states[position])
                XCTAssertEqual(drawing.pointCount, states[position].reduce(0) { $0 + $1.path.count })
            }
        }
    }

    func testBounds() throws {
        var drawing = LiveDrawing(limits: LiveLimits(maxStrokes: 2, maxTotalPoints: 5, maxUndo: 3))
        try drawing.add(Self.stroke(1))
        try drawing.add(Self.stroke(2))
        XCTAssertThrowsError(try drawing.add(Self.stroke(3))) { error in
            XCTAssertEqual((error as? APIError)?.code, "too_many_strokes")
            XCTAssertEqual((error as? APIError)?.status, 413)
        }
        XCTAssertEqual(drawing.strokes.count, 2)
        XCTAssertTrue(drawing.undo())
        XCTAssertThrowsError(try drawing.add(Self.stroke(3, points: 4))) { error in
            XCTAssertEqual((error as? APIError)?.message, "stroke: expected at most 5 points in the drawing (maxTotalPoints), this stroke makes 6")
        }
        // History beyond maxUndo is forgotten, oldest first.
        var history = LiveDrawing(limits: LiveLimits(maxUndo: 3))
        for tag in 0..<5 { try history.add(Self.stroke(tag)) }
        XCTAssertTrue(history.undo())
        XCTAssertTrue(history.undo())
        XCTAssertTrue(history.undo())
        XCTAssertFalse(history.undo())
        XCTAssertEqual(history.strokes, [Self.stroke(0), Self.stroke(1)])
    }
}
