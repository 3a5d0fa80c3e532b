/// How a stored image must be turned to display upright: the eight EXIF/TIFF orientations.
///
/// The raw values are the EXIF tag 0x0112 values; each case names where the stored image's
/// first row and first column belong.
public enum ImageOrientation: Int, Sendable, Hashable, CaseIterable {
    /// 1: stored upright.
    case up = 1
    /// 2: mirrored left–right.
    case upMirrored = 2
    /// 3: rotated 180°.
    case down = 3
    /// 4: mirrored top–bottom.
    case downMirrored = 4
    /// 5: transposed (mirrored across the main diagonal).
    case leftMirrored = 5
    /// 6: must be rotated 90° clockwise to display.
    case right = 6
    /// 7: transversed (mirrored across the anti-diagonal).
    case rightMirrored = 7
    /// 8: must be rotated 90° counter-clockwise to display.
    case left = 8

    /// Whether displaying swaps width and height.
    public var swapsSides: Bool { rawValue >= 5 }
}
