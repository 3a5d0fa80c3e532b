import Foundation
import InklingBase
import Inkling
import InklingBuiltInEngine
import InklingComparison
import InklingEngines
import InklingImageIO

/// Renders regression cases, compares them with their references, records references as the
/// mode says, and writes each case's actual, reference and difference images for the report.
///
/// ```swift
/// let cases = try CaseReader.cases(at: URL(fileURLWithPath: "Tests/Regression/cases"))
/// let runner = RegressionRunner(record: .never, artifacts: reportFolder)
/// for try await result in runner.run(cases) { print(result.name, result.status) }
/// ```
/// Cases run concurrently, ``jobs`` at a time (default: one per core); results arrive as each
/// case finishes. Stopping the iteration cancels the cases still running.
public struct RegressionRunner: Sendable {
    /// When references are written.
    public var record: RecordMode
    /// Cases in flight at once.
    public var jobs: Int
    /// Folder for the report's images (`<case>/actual-1.png`, `reference-1.png`, `diff-1.png`), or `nil`.
    public var artifacts: URL?
    /// Makes the engine each case renders with.
    public var makeEngine: @Sendable () -> any ImageEngine
    /// The platform references are kept for, if any (``RegressionCase/references(for:platform:)``).
    public var platform: String?

    /// Creates a runner; by default it records missing references and paints with the built-in engine.
    public init(record: RecordMode = .missing, jobs: Int = ActiveCores.count,
                artifacts: URL? = nil, makeEngine: @escaping @Sendable () -> any ImageEngine = { BuiltInEngine() }) {
        self.record = record
        self.jobs = max(1, jobs)
        self.artifacts = artifacts
        self.makeEngine = makeEngine
    }

    /// Runs `cases`, yielding each result as its case finishes.
    public func run(_ cases: [RegressionCase]) -> AsyncThrowingStream<CaseResult, Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                await withTaskGroup(of: CaseResult.self) { group in
                    var next = 0
                    func startNext() {
                        guard next < cases.count else { return }
                        let c = cases[next]
                        next += 1
                        group.addTask { await self.run(c) }
                    }
                    for _ in 0..<min(jobs, cases.count) { startNext() }
                    for await result in group {
                        continuation.yield(result)
                        startNext()
                    }
                }
                continuation.finish(throwing: Task.isCancelled ? CancellationError() : nil)
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Runs one case; every failure becomes a result, never an error.
    func run(_ c: RegressionCase) async -> CaseResult {
        let clock = ContinuousClock(), start = clock.now
        func seconds() -> Double { Double((clock.now - start) / .milliseconds(1)) / 1000 }
        let rendered: [RenderedVariation]
        do {
            rendered = try await CaseRenderer(makeEngine: makeEngine).render(c)
        } catch {
            return CaseResult(name: c.name, status: .error, message: "cannot render: \(Self.describe(error))", seconds: seconds(), variations: [])
        }
        var variations: [VariationResult] = []
        var standing: [VariationResult] = [], changed: [VariationResult] = []
        var recorded = 0, rerecorded = 0
        // References are named per engine: the built-in engine's plain, any other's with its name.
        let engine = makeEngine().identifier
        let references = c.references(for: engine, platform: platform)
        // A platform's own reference where there is one, else the engine's shared one.
        let comparedWith = zip(references, c.references(for: engine)).map { own, shared in
            FileManager.default.fileExists(atPath: own.path) ? own : shared
        }
        do {
            let ignored = try IgnoreMask.load(c)
            for (index, output) in rendered.enumerated() where index < references.count {
                let found = try VariationCheck(case: c, index: index, reference: comparedWith[index], output: output,
                                               ignored: ignored, artifacts: artifacts).run()
                var result = found.result
                let write = record == .all || (record == .missing && !found.hasReference)
                    || (record == .failed && !found.referenceFailures.isEmpty)
                if write {
                    try Self.write(output.document, to: references[index])
                    recorded += 1
                    if found.hasReference { rerecorded += 1 }
                    if !found.referenceFailures.isEmpty { changed.append(result) }
                } else if !found.hasReference {
                    // Nothing exists for this engine (here), so every reference listed is another's.
                    let others = RegressionCase.enginesWithReferences(like: c.references[index])
                    let elsewhere = others.isEmpty ? "" : " (references exist for: \(others.joined(separator: ", ")))"
                    let target = engine + (platform.map { " engine on \($0)" } ?? " engine")
                    result.failures.insert("no reference at \(references[index].path) for the \(target)\(elsewhere); run with --record missing to record it", at: 0)
                }
                // Recording settles differences from the reference, never the output's own floors.
                let remaining = write ? found.outputFailures : result.failures
                if !remaining.isEmpty {
                    var failing = VariationResult(variation: result.variation, reference: result.reference, failures: remaining)
                    failing.recipeChanges = result.recipeChanges
                    standing.append(failing)
                }
                variations.append(result)
            }
        } catch {
            return CaseResult(name: c.name, status: .error, message: Self.describe(error), seconds: seconds(), variations: variations)
        }
        let status: CaseStatus, message: String
        if !standing.isEmpty {
            status = .failed
            message = Self.firstFailure(standing, of: variations.count)
        } else if recorded > 0 {
            status = record == .failed ? .rerecorded : .recorded
            message = (rerecorded > 0 ? "re-recorded" : "recorded") + " \(recorded) reference\(recorded == 1 ? "" : "s")"
                + (changed.isEmpty ? "" : " (was: \(Self.firstFailure(changed, of: variations.count)))")
        } else {
            status = .passed
            message = variations.count == 1 ? "matches its reference" : "all \(variations.count) variations match"
        }
        return CaseResult(name: c.name, status: status, message: message, seconds: seconds(), variations: variations)
    }

    /// Writes a reference atomically, creating its folder.
    static func write(_ document: PNGDocument, to url: URL) throws(RegressionError) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PNGFile.write(document, to: url)
        } catch {
            throw .writeFailed(path: url.path, reason: describe(error))
        }
    }

    /// The first failure among `variations`, naming the variation when the case has several.
    static func firstFailure(_ variations: [VariationResult], of total: Int) -> String {
        guard let v = variations.first(where: { !$0.failures.isEmpty }) else { return "" }
        let changes = v.recipeChanges.isEmpty ? "" : "; recipe changed: " + v.recipeChanges.joined(separator: "; ")
        return (total > 1 ? "variation \(v.variation): " : "") + v.failures.joined(separator: "; ") + changes
    }

    static func describe(_ error: any Error) -> String { String(describing: error) }
}
