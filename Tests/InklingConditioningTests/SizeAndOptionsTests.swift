import InklingConditioning
import XCTest

/// Size resolution against an engine table, and option validation.
final class SizeAndOptionsTests: XCTestCase {
    private let table = [
        PixelSize(width: 1024, height: 1024), PixelSize(width: 1152, height: 896), PixelSize(width: 896, height: 1152),
        PixelSize(width: 1216, height: 832), PixelSize(width: 832, height: 1216), PixelSize(width: 512, height: 512),
    ]

    private func closest(_ w: Int, _ h: Int) -> PixelSize { SizeRequest.closest(to: PixelSize(width: w, height: h)).resolve(among: table) }

    func testDocumentedExamples() {
        XCTAssertEqual(SizeRequest.engineDefault.resolve(among: table), PixelSize(width: 1024, height: 1024))
        XCTAssertEqual(closest(1920, 1080), PixelSize(width: 1216, height: 832))
        XCTAssertEqual(closest(600, 600), PixelSize(width: 512, height: 512))
        XCTAssertEqual(closest(800, 1000), PixelSize(width: 896, height: 1152))
        XCTAssertEqual(closest(2048, 2048), PixelSize(width: 1024, height: 1024))
        XCTAssertEqual(closest(1080, 1920), PixelSize(width: 832, height: 1216))
    }

    func testEdgeCases() {
        XCTAssertEqual(SizeRequest.engineDefault.resolve(among: []), PixelSize(width: 1024, height: 1024))
        XCTAssertEqual(SizeRequest.closest(to: PixelSize(width: 300, height: 200)).resolve(among: []), PixelSize(width: 300, height: 200))
        XCTAssertEqual(closest(0, 0), PixelSize(width: 1024, height: 1024)) // treated as square
        XCTAssertEqual(closest(-5, 700), PixelSize(width: 512, height: 512))
        XCTAssertEqual(closest(Int.max, 1), PixelSize(width: 1216, height: 832))
    }

    func testDefaultOptionsAreValid() throws {
        try GenerationOptions().validate()
    }

    func testInvalidOptions() {
        func fails(_ options: GenerationOptions, _ name: String, line: UInt = #line) {
            XCTAssertThrowsError(try options.validate(), line: line) { error in
                guard case let .invalidOption(n, _, _)? = error as? ConditioningError else { return XCTFail("\(error)", line: line) }
                XCTAssertEqual(n, name, line: line)
            }
        }
        fails(GenerationOptions(guidance: GuidanceControls(strength: 1.5)), "guidance.strength")
        fails(GenerationOptions(guidance: GuidanceControls(strength: .nan)), "guidance.strength")
        fails(GenerationOptions(guidance: GuidanceControls(start: -0.1)), "guidance.start")
        fails(GenerationOptions(guidance: GuidanceControls(end: 2)), "guidance.end")
        fails(GenerationOptions(guidance: GuidanceControls(start: 0.8, end: 0.5)), "guidance.start")
        fails(GenerationOptions(sourceStrength: .infinity), "sourceStrength")
        fails(GenerationOptions(allowedStyles: []), "allowedStyles")
        fails(GenerationOptions(allowedStyles: [.sketch], defaultStyle: .emoji), "defaultStyle")
        fails(GenerationOptions(size: .closest(to: PixelSize(width: 0, height: 512))), "size")
        fails(GenerationOptions(size: .closest(to: PixelSize(width: 100_000, height: 512))), "size")
    }
}
