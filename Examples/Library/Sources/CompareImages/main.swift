// Compare two images: PSNR, SSIM and the perceptual (ΔE00) verdict, with a difference image.
import Foundation
import Inkling  // everything: the facade re-exports the pipeline's modules

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    print("usage: CompareImages reference.png candidate.png [difference.png]")
    exit(2)
}
let reference = try ImageFile.read(from: URL(fileURLWithPath: arguments[0]))
let candidate = try ImageFile.read(from: URL(fileURLWithPath: arguments[1]))
let result = try ImageComparison(reference: reference, candidate: candidate,
                                 tolerance: ComparisonTolerance(precision: 0.99, perceptualPrecision: 0.98))
let ssim = result.ssim.map { String(format: "%.4f", $0.mean) } ?? "n/a (smaller than its window)"
let psnr = String(format: "%.2f", result.psnr.decibels), threshold = String(format: "%.2f", result.perceptual.threshold)
print("PSNR \(psnr) dB, SSIM \(ssim), \(result.perceptual.pixelsOver) pixels over ΔE00 \(threshold): \(result.passed ? "pass" : "FAIL")")
if arguments.count > 2 {
    try PNGFile.write(PNGDocument(image: result.differenceImage(), text: []), to: URL(fileURLWithPath: arguments[2]))
}
exit(result.passed ? 0 : 1)
