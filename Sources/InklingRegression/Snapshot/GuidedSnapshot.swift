import Foundation
import InklingJobs
import Inkling
import InklingBuiltInEngine
import InklingComparison
import InklingConditioning
import InklingEngines
import InklingImageIO
import InklingOutputs

/// A generated image checked against a reference PNG kept beside a test file, as
/// swift-snapshot-testing's `verifySnapshot` checks a view: recorded when missing (or as the
/// record mode says), compared with a tolerance otherwise, and on a failure the actual image, a
/// difference image and the recipe differences written next to the reference.
///
/// ```swift
/// let outcome = await GuidedSnapshot().verify([.text("a house"), .drawing(drawing)],
///                                             reference: GuidedSnapshot.referenceURL(filePath: #filePath, testName: #function, engine: "builtin"))
/// ```
///
/// Tests call it through `assertGuidedSnapshot` (module `InklingSnapshotTesting`), which turns a
/// failure into a Swift Testing issue or an XCTest failure.
public struct GuidedSnapshot: Sendable {
    /// What a check came to.
    public enum Outcome: Sendable, Hashable {
        /// The image matched its reference.
        case matched
        /// A reference was written (none existed, or the record mode asked); the message says
        /// where and why, to be reported so that a recording is never mistaken for a pass.
        case recorded(String)
        /// The image differs, or cannot be checked; the message is one line naming the reference,
        /// what failed, what changed in the recipe, and where the artifacts are.
        case failed(String)
    }

    /// The environment variable that sets the record mode when none is passed:
    /// `missing` (the default), `all`, `failed` or `never`.
    static let recordVariable = "INKLING_RECORD_SNAPSHOTS"
    /// The environment variable naming a folder for failure artifacts instead of the reference's
    /// own folder (a CI job collects that folder).
    static let artifactsVariable = "INKLING_SNAPSHOT_ARTIFACTS"

    /// How close the image must be to its reference.
    public var tolerance: ComparisonTolerance
    /// Guidance adherence (F1, 0…1) the image must reach against its drawing, if any.
    public var minimumAdherence: Double?
    /// When references are written; `nil` reads ``recordVariable`` (default `missing`).
    public var record: RecordMode?
    /// Makes the engine that paints (the built-in one by default).
    public var makeEngine: @Sendable () -> any ImageEngine

    /// Creates a check. The default tolerance lets 0.1% of pixels move by more than ΔE00 2, so a
    /// deterministic engine's image matches itself and any real change fails.
    public init(
        tolerance: ComparisonTolerance = ComparisonTolerance(precision: 0.999, perceptualPrecision: 0.98),
        minimumAdherence: Double? = nil, record: RecordMode? = nil,
        engine makeEngine: @escaping @Sendable () -> any ImageEngine = { BuiltInEngine() }
    ) {
        self.tolerance = tolerance
        self.minimumAdherence = minimumAdherence
        self.record = record
        self.makeEngine = makeEngine
    }

    /// The reference for a test: `<test file's folder>/__Snapshots__/<file name>/<test>[.<name>].<engine>.png`.
    /// The engine is part of the name, so references recorded with one engine are never compared
    /// with another engine's images. `testName` is cleaned for a file name (`testHouse()` → `testHouse`).
    /// `directory` replaces the `__Snapshots__/<file name>` folder (swift-snapshot-testing's
    /// `snapshotDirectory`).
    public static func referenceURL(filePath: String, testName: String, name: String? = nil, engine: String, directory: String? = nil) -> URL {
        let file = URL(fileURLWithPath: filePath)
        let folder = directory.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? file.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(file.deletingPathExtension().lastPathComponent)
        let parts = [testName, name].compactMap { $0 }.map(Self.fileNamePart) + [Self.fileNamePart(engine)]
        return folder.appendingPathComponent(parts.joined(separator: ".") + ".png")
    }

    /// Renders the first image of `concepts` with the engine and `options`, then checks it.
    public func verify(
        _ concepts: [Concept], style: Style? = nil, options: GenerationOptions = GenerationOptions(seed: 0), reference: URL
    ) async -> Outcome {
        do {
            let job = JobRequest(concepts: concepts, style: style, limit: 1, options: options)
            if let first = try await CaseRenderer.render(job, on: makeEngine()).first {
                return verify(first.document, adherence: first.adherence, reference: reference)
            }
            return .failed("\(reference.lastPathComponent): the engine made no image")
        } catch {
            return .failed("\(reference.lastPathComponent): cannot render: \(error)")
        }
    }

    /// Checks a generated PNG (pixels and recipe chunks) against `reference`; `adherence` is
    /// checked against ``minimumAdherence`` when given.
    public func verify(_ document: PNGDocument, adherence: GuidanceAdherence? = nil, reference: URL) -> Outcome {
        let mode: RecordMode
        switch resolvedRecordMode() {
        case .success(let m): mode = m
        case .failure(let problem): return .failed(problem.description)
        }
        var outputFailures: [String] = []
        if let floor = minimumAdherence {
            if let f1 = adherence?.f1 {
                if f1 < floor { outputFailures.append("guidance adherence F1 \(MetricFormat.fixed(f1, digits: 3)) is below \(MetricFormat.number(floor, digits: 3))") }
            } else {
                outputFailures.append("guidance adherence could not be measured")
            }
        }
        let path = reference.path
        guard FileManager.default.fileExists(atPath: path), mode != .all else {
            if mode == .never { return .failed(missingMessage(reference)) }
            return writeReference(document, to: reference, why: mode == .all ? "record mode all" : "no reference yet", failures: outputFailures)
        }
        var referenceFailures: [String] = []
        var difference: RasterImage?
        var referenceRecipe: Recipe?
        do {
            let stored = try PNGFile.read(from: reference)
            referenceRecipe = try? Recipe(document: stored)
            let comparison = try ImageComparison(reference: stored.image, candidate: document.image, tolerance: tolerance)
            referenceFailures = comparison.failures
            if !comparison.passed { difference = comparison.differenceImage() }
        } catch {
            referenceFailures = ["the reference cannot be read: \(error)"]
        }
        if referenceFailures.isEmpty && outputFailures.isEmpty {
            removeArtifacts(for: reference)
            return .matched
        }
        if mode == .failed && outputFailures.isEmpty {
            return writeReference(document, to: reference, why: "record mode failed after: \(referenceFailures.joined(separator: "; "))", failures: [])
        }
        return .failed(writeArtifacts(document, difference: difference, referenceRecipe: referenceRecipe, reference: reference,
                                      failures: referenceFailures + outputFailures))
    }

    // MARK: Record mode, artifacts

    private func resolvedRecordMode() -> Result<RecordMode, FailureText> {
        if let record { return .success(record) }
        guard let text = ProcessInfo.processInfo.environment[Self.recordVariable], !text.isEmpty else { return .success(.missing) }
        guard let mode = RecordMode(rawValue: text) else {
            return .failure(FailureText("\(Self.recordVariable)=\(text.prefix(40)): expected one of \(RecordMode.allCases.map(\.rawValue).joined(separator: ", "))"))
        }
        return .success(mode)
    }

    /// Why there is nothing to compare with, naming the engines that do have a reference.
    private func missingMessage(_ reference: URL) -> String {
        let stem = reference.deletingPathExtension().lastPathComponent
        let base = stem.split(separator: ".").dropLast().joined(separator: ".")
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: reference.deletingLastPathComponent().path)) ?? [])
            .filter { $0.hasPrefix(base + ".") && $0.hasSuffix(".png") && $0 != reference.lastPathComponent && !Self.isArtifact($0) }
            .map { String($0.dropFirst(base.count + 1).dropLast(4)) }
            .filter { !$0.contains(".") }   // another snapshot's (`test.name.engine`), not an engine
            .sorted()
        let elsewhere = others.isEmpty ? "" : " (references exist for: \(others.joined(separator: ", ")))"
        return "no reference at \(reference.path) for this engine\(elsewhere); record one with \(Self.recordVariable)=missing"
    }

    private func writeReference(_ document: PNGDocument, to reference: URL, why: String, failures: [String]) -> Outcome {
        do {
            try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PNGFile.write(document, to: reference)
        } catch {
            return .failed("cannot record \(reference.path): \(error)")
        }
        removeArtifacts(for: reference)
        let message = "recorded \(reference.path) (\(why)); run again to compare"
        return failures.isEmpty ? .recorded(message) : .failed(message + "; but " + failures.joined(separator: "; "))
    }

    /// The artifacts' names: `<stem>.actual.png`, `<stem>.difference.png`, `<stem>.recipe-diff.txt`.
    private func artifactURLs(for reference: URL) -> (actual: URL, difference: URL, recipe: URL) {
        let stem = reference.deletingPathExtension().lastPathComponent
        let folder = ProcessInfo.processInfo.environment[Self.artifactsVariable].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? reference.deletingLastPathComponent()
        return (folder.appendingPathComponent(stem + ".actual.png"), folder.appendingPathComponent(stem + ".difference.png"),
                folder.appendingPathComponent(stem + ".recipe-diff.txt"))
    }

    private static func isArtifact(_ name: String) -> Bool {
        name.hasSuffix(".actual.png") || name.hasSuffix(".difference.png") || name.hasSuffix(".recipe-diff.txt")
    }

    private func removeArtifacts(for reference: URL) {
        let urls = artifactURLs(for: reference)
        for url in [urls.actual, urls.difference, urls.recipe] { try? FileManager.default.removeItem(at: url) }
    }

    /// Writes the actual image, the difference image and the recipe differences; returns the
    /// failure message.
    private func writeArtifacts(
        _ document: PNGDocument, difference: RasterImage?, referenceRecipe: Recipe?, reference: URL, failures: [String]
    ) -> String {
        let urls = artifactURLs(for: reference)
        let differences: [RecipeDifference]
        var recipeLine: String
        if let referenceRecipe, let actual = try? Recipe(document: document) {
            differences = RecipeDifference.between(reference: referenceRecipe, actual: actual)
            recipeLine = differences.isEmpty ? "the recipes agree" : "recipe changed: " + differences.map(\.description).joined(separator: "; ")
        } else {
            differences = []
            recipeLine = "no recipe to compare (an image without Inkling's recipe chunks)"
        }
        var written: [String] = []
        do {
            try FileManager.default.createDirectory(at: urls.actual.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PNGFile.write(document, to: urls.actual)
            written.append("actual \(urls.actual.path)")
            if let difference {
                try PNGFile.write(PNGDocument(image: difference), to: urls.difference)
                written.append("difference \(urls.difference.path)")
            } else {
                try? FileManager.default.removeItem(at: urls.difference)
            }
            let text = (differences.isEmpty ? [recipeLine] : differences.map(\.description)).joined(separator: "\n") + "\n"
            try AtomicFile.write(Array(text.utf8), to: urls.recipe)
            written.append("recipe diff \(urls.recipe.path)")
        } catch {
            recipeLine += "; the artifacts could not be written: \(error)"
        }
        return "\(reference.lastPathComponent) does not match its reference: \(failures.joined(separator: "; ")); \(recipeLine)"
            + (written.isEmpty ? "" : "; wrote " + written.joined(separator: ", "))
    }

    private static func fileNamePart(_ text: String) -> String {
        var name = text.hasSuffix("()") ? String(text.dropLast(2)) : text
        name = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        return name.isEmpty ? "snapshot" : String(name.prefix(120))
    }
}

/// A failure message as an `Error`, for `Result`.
struct FailureText: Error, CustomStringConvertible {
    var description: String
    init(_ text: String) { description = text }
}
