extension RasterImage {
    /// This image turned upright according to an EXIF `orientation` (exact pixel moves, no resampling).
    public func oriented(_ orientation: ImageOrientation) -> RasterImage {
        if orientation == .up { return self }
        let outWidth = orientation.swapsSides ? height : width
        let outHeight = orientation.swapsSides ? width : height
        let channels = format.channels
        var out = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                // Source pixel that lands at display (x, y).
                let (sx, sy): (Int, Int)
                switch orientation {
                case .up: (sx, sy) = (x, y)
                case .upMirrored: (sx, sy) = (width - 1 - x, y)
                case .down: (sx, sy) = (width - 1 - x, height - 1 - y)
                case .downMirrored: (sx, sy) = (x, height - 1 - y)
                case .leftMirrored: (sx, sy) = (y, x)
                case .right: (sx, sy) = (y, height - 1 - x)
                case .rightMirrored: (sx, sy) = (width - 1 - y, height - 1 - x)
                case .left: (sx, sy) = (width - 1 - y, x)
                }
                let source = (sy * width + sx) * channels
                let target = (y * outWidth + x) * channels
                for c in 0..<channels { out[target + c] = pixels[source + c] }
            }
        }
        return RasterImage(width: outWidth, height: outHeight, format: format, pixels: out)
    }
}
