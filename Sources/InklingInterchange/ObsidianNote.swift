/// Where an Obsidian Excalidraw note (`.excalidraw.md`) keeps its scene: in a fenced block under
/// a `# Drawing` heading (any level), `compressed-json` (LZ-String, base64, wrapped over lines)
/// or plain `json`.
enum ObsidianNote {
    /// The drawing block's contents (between the fence lines) and whether they are compressed;
    /// `nil` when the note has none. One pass over the lines, stopping at the block's end.
    static func drawingBlock(in bytes: [UInt8]) -> (range: Range<Int>, compressed: Bool)? {
        var start = 0
        var underDrawing = false
        var block: (start: Int, compressed: Bool)?
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var line = bytes[start..<end]
            if line.last == 0x0D { line = line.dropLast() }
            let text = line.drop { $0 == 0x20 || $0 == 0x09 }
            if let open = block {
                if text.starts(with: fence) { return (open.start..<start, open.compressed) }
            } else if text.first == UInt8(ascii: "#") {
                let title = text.drop { $0 == UInt8(ascii: "#") }.drop { $0 == 0x20 }
                underDrawing = Array(title.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()) == Array("Drawing".utf8)
            } else if underDrawing, text.starts(with: fence) {
                let info = Array(text.dropFirst(fence.count).reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed())
                if info == Array("compressed-json".utf8) { block = (end + 1, true) }
                if info == Array("json".utf8) { block = (end + 1, false) }
            }
            start = end + 1
        }
        return nil
    }

    private static let fence = Array("```".utf8)
}
