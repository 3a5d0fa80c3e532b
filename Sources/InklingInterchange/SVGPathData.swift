import InklingStrokes

/// Builds the `d` attribute of an SVG `<path>` from closed polygons.
enum SVGPathData {
    /// `Mx yLx y x y…Z` for each polygon, each point mapped by `transform` and written with
    /// `decimals` places. Points that round to the previous one are dropped, and polygons left
    /// with fewer than three distinct points are skipped.
    static func closedPolygons(_ polygons: [[Point2D]], transform: AffineTransform2D, decimals: Int) -> String {
        var d = ""
        for polygon in polygons where polygon.count >= 3 {
            var coordinates: [String] = []
            var previous = ""
            for point in polygon {
                let p = transform.apply(to: point)
                let xy = SVGNumber.format(p.x, decimals: decimals) + " " + SVGNumber.format(p.y, decimals: decimals)
                if xy == previous { continue }
                coordinates.append(xy)
                previous = xy
            }
            if coordinates.count > 1, coordinates.last == coordinates.first { coordinates.removeLast() }
            guard coordinates.count >= 3 else { continue }
            d += "M" + coordinates[0] + "L" + coordinates.dropFirst().joined(separator: " ") + "Z"
        }
        return d
    }
}
