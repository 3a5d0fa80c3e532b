import Foundation
import InklingBase
import InklingComparison
import InklingConditioning

/// Reads regression cases: a folder whose sub-folders each hold a `case.json`, or a manifest
/// (`{"cases": [{"name": …, …}, …]}`) naming several cases that share one folder.
///
/// Every case is checked whole before anything is rendered; see `docs/regression.md` for the
/// keys. Paths are relative to the case's folder and may not leave it. Case files over
/// ``maximumFileBytes`` are refused before parsing; the rest are parsed by ``JSONDocument``
/// within ``limits`` and read with ``JSONObjectReader``, so errors name the key's JSON path.
public enum CaseReader {
    /// The largest case file or manifest read, in bytes.
    public static let maximumFileBytes = 1 << 20
    /// The most cases one suite may hold.
    static let maximumCases = 10_000
    /// The deepest nesting of arrays and objects a case file may have.
    static let maximumNesting = 32
    /// The name of a case folder's file.
    static let caseFileName = "case.json"
    /// What a case file or manifest may hold.
    public static let limits = JSONLimits(maxBytes: maximumFileBytes, maxDepth: maximumNesting, maxArrayCount: maximumCases)
    /// The sides a case's `size` may have.
    public static let sizeSides = GenerationOptionsCodec.sizeSides

    static let caseKeys: Set<String> = GenerationOptionsCodec.keys.union([
        "drawing", "prompt", "extract", "title", "source", "style", "variations", "tolerance", "minimumAdherence", "ignore", "ignoreMask",
    ])
    /// The most rectangles a case may leave out.
    static let maximumIgnoredRegions = 64
    static let toleranceKeys: Set<String> = ["precision", "perceptualPrecision", "minimumSSIM", "minimumPSNR"]

    /// `ignore`: rectangles `[x, y, width, height]` in output pixels, sides of 1 or more, each
    /// number within the size limit.
    static func ignoredRegions(_ f: JSONObjectReader) throws(JSONError) -> [IgnoredRegion] {
        guard let list = try f.array("ignore", maxCount: maximumIgnoredRegions) else { return [] }
        var regions: [IgnoredRegion] = []
        for item in list {
            let expected = "a rectangle [x, y, width, height] of whole pixels, x and y 0…\(sizeSides.upperBound), sides 1…\(sizeSides.upperBound)"
            guard item.kind == .array, item.count == 4 else { throw item.expected(expected) }
            var numbers: [Int] = []
            for (i, element) in item.elements.enumerated() {
                guard let n = element.integer, n >= (i < 2 ? 0 : 1), n <= Int64(sizeSides.upperBound) else { throw element.expected(expected) }
                numbers.append(Int(n))
            }
            regions.append(IgnoredRegion(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
        }
        return regions
    }

    /// The cases at `url` (a folder of case folders, a single case folder, or a manifest), sorted by name.
    public static func cases(at url: URL) throws(RegressionError) -> [RegressionCase] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { throw .notFound(url.path) }
        var cases: [RegressionCase]
        if !isDirectory.boolValue {
            cases = try manifest(at: url)
        } else if FileManager.default.fileExists(atPath: url.appendingPathComponent(caseFileName).path) {
            cases = [try folderCase(url)]
        } else {
            let entries: [String]
            do {
                entries = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            } catch {
                throw .unreadable(path: url.path, reason: error.localizedDescription)
            }
            cases = []
            for entry in entries where !entry.hasPrefix(".") {
                let folder = url.appendingPathComponent(entry)
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent(caseFileName).path) {
                    cases.append(try folderCase(folder))
                }
            }
        }
        guard !cases.isEmpty else { throw .noCases(url.path) }
        guard cases.count <= maximumCases else {
            throw .invalidCase(file: url.path, message: "\(cases.count) cases, over the limit of \(maximumCases)")
        }
        var seen: Set<String> = []
        for c in cases where !seen.insert(c.name).inserted { throw .duplicateName(c.name) }
        return cases.sorted { $0.name < $1.name }
    }

    /// The case described by `folder/case.json`; its references are `reference.png` (or
    /// `reference-1.png` … for several variations) in the same folder.
    static func folderCase(_ folder: URL) throws(RegressionError) -> RegressionCase {
        let file = folder.appendingPathComponent(caseFileName)
        let document = try json(at: file)
        return try reading(file) { () throws(JSONError) in
            try makeCase(document.root.fields(allowed: caseKeys), name: folder.lastPathComponent, folder: folder, file: file) { count in
                count == 1 ? [folder.appendingPathComponent("reference.png")]
                    : (1...count).map { folder.appendingPathComponent("reference-\($0).png") }
            }
        }
    }

    /// The cases of a manifest; each entry needs a `name` (letters, digits, `-`, `_`, `.`), and its
    /// references are `references/<name>.png` (or `<name>-1.png` …) beside the manifest.
    static func manifest(at file: URL) throws(RegressionError) -> [RegressionCase] {
        let folder = file.deletingLastPathComponent()
        let document = try json(at: file)
        return try reading(file) { () throws(JSONError) in
            let manifest = try document.root.fields(allowed: ["cases"])
            guard let entries = try manifest.array("cases", maxCount: maximumCases) else {
                throw manifest.invalid("cases", expected: "an array of case objects")
            }
            var cases: [RegressionCase] = []
            for entry in entries {
                let fields = try entry.fields(allowed: caseKeys.union(["name"]))
                guard let name = try fields.string("name", maxBytes: 128, nonEmpty: true) else { throw fields.invalid("name", expected: "the case's name") }
                guard name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }), !name.hasPrefix(".") else {
                    throw fields.invalid("name", expected: "a name of letters, digits, '-', '_' and '.' (not starting with '.')")
                }
                let references = folder.appendingPathComponent("references")
                cases.append(try makeCase(fields, name: name, folder: folder, file: file) { count in
                    count == 1 ? [references.appendingPathComponent("\(name).png")]
                        : (1...count).map { references.appendingPathComponent("\(name)-\($0).png") }
                })
            }
            return cases
        }
    }

    /// Builds a case from its checked fields.
    private static func makeCase(_ f: JSONObjectReader, name: String, folder: URL, file: URL,
                                 references: (Int) -> [URL]) throws(JSONError) -> RegressionCase {
        guard let drawing = try f.path("drawing", inside: folder) else { throw f.invalid("drawing", expected: "the path of the drawing file") }
        // The generation options, as the API and the command line read them (one codec).
        var options = GenerationOptions()
        try GenerationOptionsCodec.read(CaseOptions(reader: f), into: &options)
        var size: PixelSize?
        if case .closest(let asked) = options.size { size = asked }
        var tolerance = ComparisonTolerance.exact
        if let t = try f.object("tolerance", allowed: toleranceKeys) {
            tolerance = ComparisonTolerance(
                precision: try t.number("precision", in: 0...1) ?? 1,
                perceptualPrecision: try t.number("perceptualPrecision", in: 0...1) ?? 1,
                minimumSSIM: try t.number("minimumSSIM", in: -1...1),
                minimumPSNR: try t.number("minimumPSNR", in: 0...1000))
        }
        let style = try f.word("style", as: Style.self)
        if style == .externalProvider { throw f.invalid("style", expected: "animation, illustration, sketch or emoji (externalProvider needs an engine)") }
        let variations = try f.integer("variations", in: 1...4) ?? 1
        let title = try f.string("title", nonEmpty: true)
        let extract = try f.path("extract", inside: folder)
        if title != nil && extract == nil { throw f.invalid("title", expected: "no title without \"extract\" (it titles the extracted text)") }
        return RegressionCase(
            name: name, file: file, drawing: drawing, prompt: try f.string("prompt", nonEmpty: true), extract: extract, title: title,
            source: try f.path("source", inside: folder), style: style, size: size, seed: options.seed,
            variations: variations, guidance: options.guidance, sourceStrength: options.sourceStrength,
            personalization: options.personalization, tolerance: tolerance,
            minimumAdherence: try f.number("minimumAdherence", in: 0...1), sampling: options.sampling, references: references(variations),
            ignore: try ignoredRegions(f), ignoreMask: try f.path("ignoreMask", inside: folder))
    }

    /// The parsed JSON of `file`, refusing oversized files before reading them whole.
    private static func json(at file: URL) throws(RegressionError) -> JSONDocument {
        let size = ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int) ?? 0
        guard size <= maximumFileBytes else { throw .caseFileTooLarge(file: file.path, bytes: size, limit: maximumFileBytes) }
        guard let data = FileManager.default.contents(atPath: file.path) else { throw .unreadable(path: file.path, reason: "cannot read") }
        guard data.count <= maximumFileBytes else { throw .caseFileTooLarge(file: file.path, bytes: data.count, limit: maximumFileBytes) }
        return try reading(file) { () throws(JSONError) in try JSONDocument.parse([UInt8](data), limits: limits) }
    }

    /// Runs `body`, naming `file` in its errors: `file: key.path: message`, or `file: message`
    /// for a problem with the document as a whole.
    private static func reading<T>(_ file: URL, _ body: () throws(JSONError) -> T) throws(RegressionError) -> T {
        do {
            return try body()
        } catch {
            throw .invalidCase(file: file.path, message: error.location.isEmpty ? error.message : error.description)
        }
    }
}
