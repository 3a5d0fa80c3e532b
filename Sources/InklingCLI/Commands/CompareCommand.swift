import Foundation
import Inkling
import InklingComparison
import InklingImageIO
import InklingOutputs

/// `inkling compare`: PSNR, SSIM, a perceptual pass/fail and guidance adherence of two images.
struct CompareCommand: InklingCommand {
    static let configuration = CommandConfiguration(
        name: "compare",
        abstract: "Compare two images: PSNR, SSIM, perceptual difference (ΔE00), adherence.",
        discussion: """
        <reference> and <candidate> are PNG or JPEG images of the same size. A pixel matches when
        its CIEDE2000 difference is at most 100·(1 − perceptual precision); the comparison passes
        when at least <precision> of the pixels match (defaults 1 and 1: identical images only).
        SSIM uses the Gaussian window of Wang et al. and agrees with scikit-image. When an image
        carries an Inkling recipe with a drawing, or --guidance gives a map, its guidance
        adherence is shown too. --diff writes a heat map of the differences (always, pass or
        fail). Exit status: 0 pass, 1 fail, 2 the images could not be compared (unreadable,
        different sizes, bad options), with a one-line reason.
        """,
        arguments: ArgumentSpec(
            positionals: [.init("reference", help: "The expected image."), .init("candidate", help: "The image to check.")],
            options: [
                .init("precision", value: "p", help: "Fraction of pixels that must match, 0…1.", default: "1"),
                .init("perceptual-precision", value: "q", help: "How close a pixel must be, 0…1 (0.98: ΔE00 ≤ 2).", default: "1"),
                .init("min-ssim", value: "s", help: "Also fail when the mean SSIM is below s."),
                .init("min-psnr", value: "dB", help: "Also fail when the PSNR is below this many dB."),
                .init("diff", value: "diff.png", help: "Write the difference heat map here."),
                .init("guidance", value: "map.png", help: "Guidance map (white on black) to measure both images' adherence against."),
                ImageInput.option,
            ],
            flags: [.init("json", help: "Print the results as JSON on standard output.")]))

    var referencePath: String
    var candidatePath: String
    var tolerance: ComparisonTolerance
    var diffPath: String?
    var guidancePath: String?
    var json: Bool
    var maxPixels: Int?

    init(parsing arguments: ParsedArguments) throws(CommandFailure) {
        referencePath = arguments.positionals[0]
        candidatePath = arguments.positionals[1]
        if referencePath == "-" || candidatePath == "-" { throw .usage("compare reads image files, not standard input") }
        tolerance = ComparisonTolerance(
            precision: try arguments.value("precision", as: Double.self) ?? 1,
            perceptualPrecision: try arguments.value("perceptual-precision", as: Double.self) ?? 1,
            minimumSSIM: try arguments.value("min-ssim", as: Double.self),
            minimumPSNR: try arguments.value("min-psnr", as: Double.self))
        do {
            tolerance = try tolerance.validated()
        } catch {
            throw .usage(error.description)
        }
        diffPath = try arguments.value("diff", as: String.self)
        if diffPath == "" || diffPath == "-" { throw .usage("--diff needs a file name for the heat map PNG") }
        if let diffPath { try OutputFile.requirePNGName(diffPath, option: "--diff", why: "a heat map must keep its exact colours") }
        guidancePath = try arguments.value("guidance", as: String.self)
        json = arguments.flag("json")
        maxPixels = try ImageInput.maxPixels(arguments)
    }

    func run(io: any CommandIO) async throws(CommandFailure) -> ExitCode {
        do {
            return try compare(io: io)
        } catch {
            // compare speaks diff(1)'s dialect: 1 means "different", so every trouble is 2
            // (a reader that went away still ends it quietly).
            throw error.exitCode == .brokenPipe ? error : CommandFailure(.usage, error.message)
        }
    }

    private func compare(io: any CommandIO) throws(CommandFailure) -> ExitCode {
        let diffFile = diffPath.map {
            OutputFile(path: $0, overwrite: true, inputPaths: [referencePath, candidatePath] + (guidancePath.map { [$0] } ?? []))
        }
        try diffFile?.check()
        let reference = try ImageInput.read(referencePath, maxPixels: maxPixels)
        let candidate = try ImageInput.read(candidatePath, maxPixels: maxPixels)
        let comparison: ImageComparison
        do {
            comparison = try ImageComparison(reference: reference, candidate: candidate, tolerance: tolerance)
        } catch {
            throw CommandFailure(.usage, error.description)
        }
        let guidance = try guidancePath.map { path throws(CommandFailure) in try ImageInput.read(path, maxPixels: maxPixels) }
        let adherence = [
            LabelledAdherence(label: "reference", path: referencePath, value: try Self.adherence(of: reference, at: referencePath, guidance: guidance, io: io)),
            LabelledAdherence(label: "candidate", path: candidatePath, value: try Self.adherence(of: candidate, at: candidatePath, guidance: guidance, io: io)),
        ]
        if let diffFile {
            let bytes: [UInt8]
            do {
                bytes = try PNGCodec.encode(PNGDocument(image: comparison.differenceImage(), text: [
                    PNGTextChunk(keyword: "Software", text: "Inkling \(RootCommand.version) compare"),
                    PNGTextChunk(keyword: "Description", text: "ΔE00 heat map of \(candidatePath) against \(referencePath)"),
                ]))
            } catch {
                throw CommandFailure(.failure, "cannot encode the difference image: \(error.description)")
            }
            try diffFile.write(bytes)
        }
        if json {
            try io.print(ComparisonText.json(comparison, reference: referencePath, candidate: candidatePath, adherence: adherence, diff: diffPath))
        } else {
            try io.print(ComparisonText.lines(comparison, reference: referencePath, candidate: candidatePath, adherence: adherence).joined(separator: "\n"))
        }
        if let diffPath { io.writeError("wrote \(diffPath)") }
        return comparison.passed ? .success : .inputRejected
    }

    /// Adherence of `image` against the explicit map, else against its own recipe's drawing
    /// (`nil` without either; a damaged recipe is noted on standard error and skipped).
    static func adherence(of image: RasterImage, at path: String, guidance: RasterImage?, io: any CommandIO) throws(CommandFailure) -> GuidanceAdherence? {
        if let guidance {
            do {
                return try AdherenceMeter.measure(image: image, guidance: guidance)
            } catch {
                throw CommandFailure(.inputRejected, "\(path) against --guidance: \(error.description)")
            }
        }
        do {
            return try Recipe.read(from: URL(fileURLWithPath: path)).guidanceAdherence(of: image)
        } catch RecipeError.missingRecipe {
            return nil
        } catch {
            io.writeError("note: \(path): adherence not measured: \(error)")
            return nil
        }
    }
}
