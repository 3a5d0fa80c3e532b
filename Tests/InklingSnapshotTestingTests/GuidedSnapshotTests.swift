import Foundation
import InklingConditioning
import InklingImageIO
import InklingInterchange
import InklingOutputs
import InklingRegression
import InklingSnapshotTesting
import InklingStrokes
import Testing
import XCTest

/// Inkling's own guided snapshots: drawings from `Strokes/` rendered by the built-in engine and
/// checked against the references in `__Snapshots__/GuidedSnapshotTests/`.
@Suite struct GuidedSnapshotTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let small = GenerationOptions(size: .closest(to: PixelSize(width: 512, height: 512)), seed: 0)

    static func drawing(_ path: String) throws -> Drawing {
        try InkReader.read([UInt8](Data(contentsOf: repository.appendingPathComponent(path))))
    }

    @Test func houseSketch() async throws {
        await assertGuidedSnapshot(of: [.text("a cosy house under a spring sky"), .drawing(try Self.drawing("Strokes/tablet-pen-house.json"))],
                                   style: .sketch, options: Self.small, minimumAdherence: 0.2)
    }

    /// A perfect-freehand signature, drawn with its own outline (the importer's `freehand` shape).
    @Test func freehandSignatureIllustration() async throws {
        await assertGuidedSnapshot(of: [.text("a wave at sunset"), .drawing(try Self.drawing("Strokes/interchange/freehand-signature.json"))],
                                   style: .illustration, options: Self.small)
    }

    /// A changed output fails with the actual image, a difference image and the recipe's change;
    /// recording settles it and the artifacts go.
    @Test func aChangeFailsWithArtifactsAndTheRecipeDiffAndRecordingSettlesIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guided-snapshot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = GuidedSnapshot.referenceURL(filePath: #filePath, testName: #function, engine: "builtin", directory: folder.path)
        let concepts: [Concept] = [.text("a cosy house"), .drawing(try Self.drawing("Strokes/tablet-pen-house.json"))]
        var seeded = Self.small

        let first = await GuidedSnapshot(record: .missing).verify(concepts, style: .sketch, options: seeded, reference: reference)
        guard case .recorded(let recorded) = first else { Issue.record("expected a recording, got \(first)"); return }
        #expect(recorded.contains("no reference yet"))
        #expect(await GuidedSnapshot(record: .missing).verify(concepts, style: .sketch, options: seeded, reference: reference) == .matched)

        seeded.seed = 1
        let changed = await GuidedSnapshot(record: .never).verify(concepts, style: .sketch, options: seeded, reference: reference)
        guard case .failed(let message) = changed else { Issue.record("expected a failure, got \(changed)"); return }
        #expect(message.contains("does not match its reference"), "\(message)")
        #expect(message.contains("recipe changed: seed: 0 → 1"), "\(message)")
        #expect(!message.contains("\n"))
        let stem = reference.deletingPathExtension().path
        for artifact in [".actual.png", ".difference.png", ".recipe-diff.txt"] {
            #expect(FileManager.default.fileExists(atPath: stem + artifact), "\(artifact) written")
        }
        #expect(try String(contentsOfFile: stem + ".recipe-diff.txt", encoding: .utf8) == "seed: 0 → 1\n")
        let difference = try PNGFile.read(from: URL(fileURLWithPath: stem + ".difference.png")).image
        #expect(difference.width == 512)

        // The same failure through the assertion is a Swift Testing issue.
        let actual = try PNGFile.read(from: URL(fileURLWithPath: stem + ".actual.png"))
        withKnownIssue {
            assertGuidedSnapshot(of: actual, record: .never, snapshotDirectory: folder.path,
                                 testName: "aChangeFailsWithArtifactsAndTheRecipeDiffAndRecordingSettlesIt()")
        }

        let rerecorded = await GuidedSnapshot(record: .failed).verify(concepts, style: .sketch, options: seeded, reference: reference)
        guard case .recorded = rerecorded else { Issue.record("expected a re-recording, got \(rerecorded)"); return }
        #expect(await GuidedSnapshot(record: .never).verify(concepts, style: .sketch, options: seeded, reference: reference) == .matched)
        #expect(!FileManager.default.fileExists(atPath: stem + ".actual.png"), "artifacts removed once it matches")
    }

    /// Without a reference for the engine in use, `never` names the engines that have one.
    @Test func aMissingReferenceNamesTheEnginesThatHaveOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guided-snapshot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let image = RasterImage(width: 16, height: 16, format: .gray, pixels: [UInt8](repeating: 200, count: 256))
        try PNGFile.write(PNGDocument(image: image), to: folder.appendingPathComponent("case.comfyui.png"))
        let reference = GuidedSnapshot.referenceURL(filePath: #filePath, testName: "case()", engine: "builtin", directory: folder.path)
        let outcome = GuidedSnapshot(record: .never).verify(PNGDocument(image: image), reference: reference)
        #expect(outcome == .failed("no reference at \(reference.path) for this engine (references exist for: comfyui); record one with INKLING_RECORD_SNAPSHOTS=missing"))
    }
}

/// The assertion inside XCTest: a matching image passes.
final class GuidedSnapshotXCTests: XCTestCase {
    func testAMatchingImagePassesInXCTest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guided-snapshot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = RasterImage(width: 16, height: 16, format: .gray, pixels: (0..<256).map { UInt8($0) })
        let reference = GuidedSnapshot.referenceURL(filePath: #filePath, testName: #function, engine: "builtin", directory: folder.path)
        XCTAssertEqual(GuidedSnapshot(record: .missing).verify(PNGDocument(image: image), reference: reference),
                       .recorded("recorded \(reference.path) (no reference yet); run again to compare"))
        assertGuidedSnapshot(of: PNGDocument(image: image), record: .never, snapshotDirectory: folder.path)
    }
}
