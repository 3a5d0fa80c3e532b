import Foundation
import InklingBuiltInEngine
import InklingComparison
import InklingConditioning
import InklingEngines
import InklingImageIO
import InklingRegression
import Testing
import XCTest

/// Asserts that the first image Inkling makes from `concepts` matches the reference beside the
/// test file, as swift-snapshot-testing's `assertSnapshot` does for views.
///
/// ```swift
/// @Test func house() async throws {
///     let drawing = try StrokeJSONDecoder().decode(Data(contentsOf: houseURL))
///     await assertGuidedSnapshot(of: [.text("a cosy house"), .drawing(drawing)], style: .sketch)
/// }
/// ```
///
/// The reference is `__Snapshots__/<test file>/<test>[.<name>].<engine>.png` next to the test
/// file. With no reference it is recorded and the test fails once, saying so (run again to
/// compare); `record:` or `INKLING_RECORD_SNAPSHOTS` (`missing`, `all`, `failed`, `never`)
/// change that. A mismatch fails the test with one message naming what failed and what changed
/// in the recipe, and writes `<stem>.actual.png`, `<stem>.difference.png` and
/// `<stem>.recipe-diff.txt` next to the reference (or into `INKLING_SNAPSHOT_ARTIFACTS`).
/// Failures are Swift Testing issues inside a `@Test`, XCTest failures otherwise.
///
/// - Parameters:
///   - concepts: what to make (text, a drawing, a source image, …).
///   - style, options: as for `InklingImageCreator` (the default seed is 0, so runs repeat).
///   - name: a name for a second snapshot in the same test.
///   - tolerance: precision, perceptual precision, and optional SSIM and PSNR floors.
///   - minimumAdherence: a floor for the image's guidance adherence (F1) against the drawing.
///   - record: the record mode, overriding the environment.
///   - engine: the engine that paints (built-in by default); its identifier names the reference.
///   - snapshotDirectory: a folder for the reference instead of `__Snapshots__/<test file>`.
public func assertGuidedSnapshot(
    of concepts: [Concept], style: Style? = nil, options: GenerationOptions = GenerationOptions(seed: 0),
    named name: String? = nil,
    tolerance: ComparisonTolerance = ComparisonTolerance(precision: 0.999, perceptualPrecision: 0.98),
    minimumAdherence: Double? = nil, record: RecordMode? = nil,
    engine: @escaping @Sendable () -> any ImageEngine = { BuiltInEngine() }, snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) async {
    let snapshot = GuidedSnapshot(tolerance: tolerance, minimumAdherence: minimumAdherence, record: record, engine: engine)
    let reference = GuidedSnapshot.referenceURL(filePath: "\(filePath)", testName: testName, name: name, engine: engine().identifier,
                                                directory: snapshotDirectory)
    let outcome = await snapshot.verify(concepts, style: style, options: options, reference: reference)
    report(outcome, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that an image already made (a PNG with its recipe chunks, from `inkling render` or
/// the API) matches the reference beside the test file; see the other
/// ``assertGuidedSnapshot(of:style:options:named:tolerance:minimumAdherence:record:engine:fileID:filePath:testName:line:column:)``.
/// `engine` only names the reference (`builtin` by default).
public func assertGuidedSnapshot(
    of image: PNGDocument, adherence: GuidanceAdherence? = nil, named name: String? = nil, engine: String = "builtin",
    tolerance: ComparisonTolerance = ComparisonTolerance(precision: 0.999, perceptualPrecision: 0.98),
    minimumAdherence: Double? = nil, record: RecordMode? = nil, snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let snapshot = GuidedSnapshot(tolerance: tolerance, minimumAdherence: minimumAdherence, record: record)
    let reference = GuidedSnapshot.referenceURL(filePath: "\(filePath)", testName: testName, name: name, engine: engine, directory: snapshotDirectory)
    report(snapshot.verify(image, adherence: adherence, reference: reference), fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Records a failed or recorded outcome where the test runs: a Swift Testing issue inside a
/// `@Test`, an XCTest failure otherwise.
private func report(_ outcome: GuidedSnapshot.Outcome, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    let message: String
    switch outcome {
    case .matched: return
    case .recorded(let text), .failed(let text): message = text
    }
    if Test.current != nil {
        Issue.record(Comment(rawValue: message),
                     sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
    } else {
        XCTFail(message, file: filePath, line: line)
    }
}
