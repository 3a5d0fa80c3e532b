import Foundation

/// CIEDE2000 colour difference (ΔE00; Sharma, Wu & Dalal 2005) with `kL = kC = kH = 1`, written to
/// agree with scikit-image's `deltaE_ciede2000`.
///
/// About 1 is the smallest difference a trained eye notices side by side, about 2.3 the "just
/// noticeable difference" usually quoted; 100 separates black from white.
public enum ColorDifference {
    /// ΔE00 between two L\*a\*b\* colours.
    public static func ciede2000(_ x: CIELab, _ y: CIELab) -> Double {
        let pow25to7 = 6_103_515_625.0  // 25⁷
        let meanChroma = 0.5 * ((x.a * x.a + x.b * x.b).squareRoot() + (y.a * y.a + y.b * y.b).squareRoot())
        let c7 = pow(meanChroma, 7)
        let scale = 1 + 0.5 * (1 - (c7 / (c7 + pow25to7)).squareRoot())
        let (c1, h1) = polar(x.a * scale, x.b)
        let (c2, h2) = polar(y.a * scale, y.b)

        let lMean = 0.5 * (x.l + y.l)
        let lOffset = (lMean - 50) * (lMean - 50)
        let sl = 1 + 0.015 * lOffset / (20 + lOffset).squareRoot()
        let lTerm = (y.l - x.l) / sl

        let cMean = 0.5 * (c1 + c2)
        let sc = 1 + 0.045 * cMean
        let cTerm = (c2 - c1) / sc

        let hDifference = h2 - h1, hSum = h1 + h2, cc = c1 * c2
        var dh = hDifference
        if hDifference > .pi { dh -= 2 * .pi }
        if hDifference < -.pi { dh += 2 * .pi }
        if cc == 0 { dh = 0 }
        let dhTerm = 2 * cc.squareRoot() * sin(dh / 2)
        var hMean = hSum
        if cc != 0, abs(hDifference) > .pi { hMean += hSum < 2 * .pi ? 2 * .pi : -2 * .pi }
        if cc == 0 { hMean *= 2 }
        hMean *= 0.5
        let degree = Double.pi / 180
        let t = 1 - 0.17 * cos(hMean - 30 * degree) + 0.24 * cos(2 * hMean)
            + 0.32 * cos(3 * hMean + 6 * degree) - 0.20 * cos(4 * hMean - 63 * degree)
        let sh = 1 + 0.015 * cMean * t
        let hTerm = dhTerm / sh

        let cMean7 = pow(cMean, 7)
        let rc = 2 * (cMean7 / (cMean7 + pow25to7)).squareRoot()
        let hueDegrees = hMean / degree
        let dTheta = 30 * degree * exp(-pow((hueDegrees - 275) / 25, 2))
        let rTerm = -sin(2 * dTheta) * rc * cTerm * hTerm
        let squared = lTerm * lTerm + cTerm * cTerm + hTerm * hTerm + rTerm
        return max(squared, 0).squareRoot()
    }

    /// Chroma and hue angle in `0 ..< 2π` of the point `(a, b)`.
    @inline(__always)
    private static func polar(_ a: Double, _ b: Double) -> (Double, Double) {
        var angle = atan2(b, a)
        if angle < 0 { angle += 2 * .pi }
        return ((a * a + b * b).squareRoot(), angle)
    }
}
