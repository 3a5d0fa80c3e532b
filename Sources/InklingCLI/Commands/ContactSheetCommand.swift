import Foundation
import InklingGuidance
import InklingImageIO

/// `inkling contact-sheet`: tiles images into one PNG, for comparing outputs side by side.
struct ContactSheetCommand: InklingCommand {
    static let configuration = CommandConfiguration(
        name: "contact-sheet",
        abstract: "Tile PNG or JPEG images into one contact-sheet PNG.",
        discussion: """
        Images are placed left to right, top to bottom, in the order given. Each is scaled to fit
        its cell (keeping its aspect ratio), centred, and composited over the background;
        cells are separated by gaps of the background colour. --labels puts one line of text
        under each image (one label per image, in order, separated by ';', each at most 64
        characters), in a strip a tenth of the cell's height (14…48 pixels). The sheet is
        written atomically. A sheet is at most
        16384 pixels on a side and 67108864 pixels in all, and so is each image read; a larger
        sheet exits 2 before any pixel is allocated (before any image is read when --cell is
        given).
        """,
        arguments: ArgumentSpec(
            positionals: [.init("image", help: "Images to tile (PNG or JPEG).", repeats: true)],
            options: [
                .init("output", short: "o", value: "sheet.png", help: "Where to write the sheet."),
                .init("columns", value: "n", help: "Images per row, 1…64.", default: "up to 4"),
                .init("cell", value: "WxH", help: "Size of each cell in pixels.", default: "largest image"),
                .init("gap", value: "px", help: "Space between and around cells, 0…512.", default: "16"),
                .init("background", value: "#RRGGBB", help: "Colour of gaps and transparent areas.", default: "#ffffff"),
                .init("labels", value: "a;b;…", help: "One label per image, separated by ';', drawn under each.", default: "none"),
            ]))

    /// Widest or tallest sheet made, in pixels.
    static let maxSide = 16_384
    /// Most pixels of one sheet (64 Mi: 192 MiB of RGB).
    static let maxPixels = 1 << 26

    var inputs: [String]
    var output: String
    var columns: Int?
    var cell: ImageSize?
    var gap: Int
    var background: RGBA8
    /// One label per image, or `nil`.
    var labels: [String]?

    init(parsing arguments: ParsedArguments) throws(CommandFailure) {
        inputs = arguments.positionals
        guard let output = try arguments.value("output", as: String.self), !output.isEmpty, output != "-" else {
            throw .usage("missing --output (-o) sheet.png")
        }
        try OutputFile.requirePNGName(output, option: "--output", why: "a sheet carries its images' recipes in PNG text chunks")
        self.output = output
        if inputs.contains("-") { throw .usage("contact-sheet reads image files, not standard input") }
        columns = try arguments.value("columns", as: Int.self)
        if let columns, !(1...64).contains(columns) { throw .usage("--columns must be 1…64, got \(columns)") }
        cell = try arguments.value("cell", as: ImageSize.self)
        gap = try arguments.value("gap", as: Int.self) ?? 16
        guard (0...512).contains(gap) else { throw .usage("--gap must be 0…512 pixels, got \(gap)") }
        let colour = try arguments.value("background", as: String.self) ?? "#ffffff"
        guard let parsed = Self.colour(colour) else { throw .usage("invalid value '\(colour)' for --background: expected #RRGGBB") }
        background = parsed
        if let text = try arguments.value("labels", as: String.self) {
            switch SheetLabel.parse(text, count: inputs.count) {
            case .success(let parsed): labels = parsed
            case .failure(let error): throw .usage(error.message)
            }
        }
        if let cell {
            let strip = labels == nil ? 0 : Self.labelHeight(cell.height)
            _ = try Self.sheetSize(images: inputs.count, columns: columns ?? min(inputs.count, 4),
                                   cell: ImageSize(width: cell.width, height: cell.height + strip), gap: gap)
        }
    }

    /// Height of the label strip under a cell `cellHeight` tall: a tenth of it, 14…48 pixels.
    static func labelHeight(_ cellHeight: Int) -> Int { min(max(cellHeight / 10, 14), 48) }

    /// The sheet's size for `images` cells of `cell` in `columns`, or a usage failure when it
    /// would be over ``maxSide`` or ``maxPixels`` (computed without overflow, whatever the sizes).
    static func sheetSize(images: Int, columns: Int, cell: ImageSize, gap: Int) throws(CommandFailure) -> (width: Int, height: Int) {
        let columns = max(columns, 1)
        let rows = (max(images, 1) - 1) / columns + 1
        func side(_ count: Int, _ length: Int) -> Int? {
            let (cells, o1) = count.multipliedReportingOverflow(by: length)
            let (edges, o2) = count.addingReportingOverflow(1)
            let (gaps, o3) = edges.multipliedReportingOverflow(by: gap)
            let (total, o4) = cells.addingReportingOverflow(gaps)
            return o1 || o2 || o3 || o4 ? nil : total
        }
        let width = side(columns, cell.width), height = side(rows, cell.height)
        if let width, let height, width <= maxSide, height <= maxSide, width * height <= maxPixels {  // sides ≤ 2^14: no overflow
            return (width, height)
        }
        let size = width.flatMap { w in height.map { "\(w)×\($0)" } } ?? "more than \(Int.max)"
        throw .usage("the sheet would be \(size) pixels, over the limit of \(maxSide) on a side and \(maxPixels) in all; use --cell to make cells smaller or change --columns")
    }

    func run(io: any CommandIO) async throws(CommandFailure) -> ExitCode {
        let file = OutputFile(path: output, overwrite: true, inputPaths: inputs)
        try file.check()
        var images: [RasterImage] = []
        for path in inputs {
            do {
                images.append(try ImageFile.read(from: URL(fileURLWithPath: path), maxPixels: Self.maxPixels))
            } catch {
                throw CommandFailure(.io, error.description)
            }
        }
        let cellWidth = cell?.width ?? images.map(\.width).max() ?? 1
        let cellHeight = cell?.height ?? images.map(\.height).max() ?? 1
        let columns = columns ?? min(images.count, 4)
        let strip = labels == nil ? 0 : Self.labelHeight(cellHeight)
        let (width, height) = try Self.sheetSize(images: images.count, columns: columns,
                                                 cell: ImageSize(width: cellWidth, height: cellHeight + strip), gap: gap)
        var sheet = RasterImage(width: width, height: height, format: .rgb)
        for i in 0..<width * height {
            sheet.pixels[3 * i] = background.red
            sheet.pixels[3 * i + 1] = background.green
            sheet.pixels[3 * i + 2] = background.blue
        }
        for (index, image) in images.enumerated() {
            let scale = min(Double(cellWidth) / Double(image.width), Double(cellHeight) / Double(image.height))
            let w = max(1, min(cellWidth, Int((Double(image.width) * scale).rounded())))
            let h = max(1, min(cellHeight, Int((Double(image.height) * scale).rounded())))
            let tile = image.resampled(width: w, height: h).converted(to: .rgb, background: background)
            let x0 = gap + (index % columns) * (cellWidth + gap) + (cellWidth - w) / 2
            let y0 = gap + (index / columns) * (cellHeight + strip + gap) + (cellHeight - h) / 2
            for y in 0..<h {
                let from = y * w * 3
                let to = ((y0 + y) * width + x0) * 3
                sheet.pixels.replaceSubrange(to..<to + w * 3, with: tile.pixels[from..<from + w * 3])
            }
            if let labels, !labels[index].isEmpty {
                guard let coverage = TextCoverage.render(labels[index], width: cellWidth, height: strip) else {
                    throw CommandFailure(.failure, "cannot draw the label '\(labels[index])': cairo could not allocate")
                }
                drawLabel(coverage, into: &sheet, sheetWidth: width, x: gap + (index % columns) * (cellWidth + gap),
                          y: gap + (index / columns) * (cellHeight + strip + gap) + cellHeight, width: cellWidth, height: strip)
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try PNGCodec.encode(PNGDocument(image: sheet, text: [PNGTextChunk(keyword: "Software", text: "Inkling \(RootCommand.version) contact-sheet")]))
        } catch {
            throw CommandFailure(.failure, "cannot encode the sheet: \(error.description)")
        }
        try file.write(bytes)
        io.writeError("wrote \(output) (\(width)×\(height), \(images.count) images)")
        return .success
    }

    /// Blends label coverage into the sheet: dark text on a light background, light on a dark one.
    func drawLabel(_ coverage: [UInt8], into sheet: inout RasterImage, sheetWidth: Int, x: Int, y: Int, width: Int, height: Int) {
        let light = 0.2126 * Double(background.red) + 0.7152 * Double(background.green) + 0.0722 * Double(background.blue) > 128
        let ink: Double = light ? 40 : 235
        for row in 0..<height {
            for column in 0..<width {
                let a = Double(coverage[row * width + column]) / 255
                if a == 0 { continue }
                let i = ((y + row) * sheetWidth + x + column) * 3
                for c in 0..<3 { sheet.pixels[i + c] = UInt8((Double(sheet.pixels[i + c]) * (1 - a) + ink * a).rounded()) }
            }
        }
    }

    /// `#RRGGBB` (or `RRGGBB`) as an opaque colour.
    static func colour(_ text: String) -> RGBA8? {
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
        return RGBA8(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }
}
