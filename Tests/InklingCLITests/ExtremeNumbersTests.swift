import Foundation
import XCTest
@testable import InklingCLI

/// Drawings at the edges of what the decoder accepts go through every stage without a trap:
/// validate's summary, guidance in every encoding and fit, SVG export and the built-in engine.
/// A trap would crash the test process, so each case only has to finish.
final class ExtremeNumbersTests: XCTestCase {
    /// A drawing with one stroke of the given points JSON and extra stroke keys.
    private static func drawing(_ points: String, stroke extra: String = "", canvas: String? = nil, ink: String = "pen") -> String {
        let canvasPart = canvas.map { #""canvas":\#($0),"# } ?? ""
        return #"{"format":"inkling.drawing","version":1,\#(canvasPart)"strokes":[{"ink":{"type":"\#(ink)"},\#(extra)"points":\#(points)}]}"#
    }

    /// Every accepted extreme, by name.
    static let cases: [(name: String, json: String, flags: [String])] = [
        ("widest nib at the corners", drawing(#"[{"x":-1e6,"y":-1e6,"width":2e6,"force":1e308,"timeOffset":0},{"x":1e6,"y":1e6,"width":2e6,"timeOffset":1e9}]"#), []),
        ("largest scale on a point at the origin", drawing(#"[{"x":0,"y":0,"width":2e6},{"x":0,"y":0}]"#, stroke: #""transform":[2e6,0,0,2e6,0,0],"#), []),
        ("largest scale with rotation", drawing(#"[{"x":0.1,"y":0.2},{"x":0.3,"y":-0.4}]"#, stroke: #""transform":[1.4e6,1.4e6,-1.4e6,1.4e6,0,0],"#), []),
        ("vanishing scale", drawing(#"[{"x":-1e6,"y":0},{"x":1e6,"y":5}]"#, stroke: #""transform":[1e-300,0,0,1e-300,0,0],"#), []),
        ("singular transform", drawing(#"[{"x":0,"y":0},{"x":100,"y":100}]"#, stroke: #""transform":[0,0,0,0,5,5],"#), []),
        ("subnormal nibs", drawing(#"[{"x":0,"y":0,"width":5e-324,"height":5e-324},{"x":1e-300,"y":1e-300,"width":0}]"#, ink: "fountainPen"), []),
        ("smallest canvas", drawing(#"[{"x":0,"y":0},{"x":1,"y":1}]"#, canvas: #"{"width":0.001,"height":0.001}"#), []),
        ("largest canvas, far stroke", drawing(#"[{"x":1e6,"y":-1e6},{"x":-1e6,"y":1e6}]"#, canvas: #"{"width":16384,"height":16384}"#, ink: "watercolor"), []),
        ("huge secondary scale and force", drawing(#"{"x":[0,1,2],"y":[0,1e6,0],"secondaryScale":[2e6,2e6,0],"force":[0,1e300,5e-324]}"#, ink: "pencil"), []),
        ("mask at the extent", drawing(#"[{"x":0,"y":0},{"x":10,"y":10}]"#, stroke: #""mask":[[[-1e6,-1e6],[1e6,-1e6],[1e6,1e6]],[[0,0],[1e-300,0],[0,1e-300]]],"#), []),
        ("coordinate ceiling", drawing(#"[{"x":-1e9,"y":1e9,"width":2e9},{"x":1e9,"y":-1e9}]"#, ink: "crayon"), ["--max-coordinate", "1e9"]),
        ("time that stands still and jumps", drawing(#"[{"x":0,"y":0,"timeOffset":0},{"x":5,"y":5,"timeOffset":0},{"x":9,"y":1,"timeOffset":1e9}]"#, ink: "reed"), []),
    ]

    func testEveryStageStaysFiniteAtTheEdges() async throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (index, c) in Self.cases.enumerated() {
            let file = dir.appendingPathComponent("case-\(index).json")
            try Data(c.json.utf8).write(to: file)
            var (status, io) = await inkling(["validate", file.path] + c.flags)
            XCTAssertEqual(status, 0, "\(c.name): \(io.stderrLines)")
            XCTAssertFalse(io.stdout.contains("inf") || io.stdout.contains("nan"), "\(c.name): \(io.stdout)")
            for encoding in ["scribble", "soft", "distance", "confidence"] {
                for fit in ["fit", "fill", "stretch"] {
                    let out = dir.appendingPathComponent("g-\(index)-\(encoding)-\(fit).png").path
                    (status, io) = await inkling(["guide", file.path, "--size", "48x32", "--encoding", encoding, "--fit", fit, "-o", out] + c.flags)
                    XCTAssertEqual(status, 0, "\(c.name) \(encoding) \(fit): \(io.stderrLines)")
                }
            }
            let svg = dir.appendingPathComponent("s-\(index).svg")
            (status, io) = await inkling(["convert", file.path, "-o", svg.path] + c.flags)
            XCTAssertEqual(status, 0, "\(c.name) svg: \(io.stderrLines)")
            let text = try String(contentsOf: svg, encoding: .utf8)
            XCTAssertFalse(text.contains("nan") || text.contains("inf"), "\(c.name): non-finite number in the SVG")
            let style = ["animation", "illustration", "sketch", "emoji"][index % 4]
            (status, io) = await inkling(["render", file.path, "--prompt", "a kite", "--style", style, "--size", style == "emoji" ? "256x256" : "256x192",
                                          "-o", dir.appendingPathComponent("r-\(index)").path] + c.flags)
            XCTAssertEqual(status, 0, "\(c.name) render: \(io.stderrLines)")
        }
    }
}
