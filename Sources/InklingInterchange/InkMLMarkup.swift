/// The pre-parse check of InkML markup for what makes libxml2 slow rather than big: libxml2
/// checks each attribute of an element against the ones before it, so its time grows with the
/// square of the attributes on one element (100,000 on one element cost the server 17 s of CPU
/// for a 1 MB body). InkML's elements carry a few attributes each; one with more than
/// ``maxAttributesPerElement`` is refused here, in one pass over the bytes, before libxml2 sees
/// the document.
///
/// The pass knows just enough XML to count right: attributes are the `=` signs outside quotes in
/// a start tag; comments, processing instructions, CDATA sections and declarations are skipped
/// whole. Anything else it finds malformed is left to libxml2 to report.
enum InkMLMarkup {
    /// The most attributes (namespace declarations included) one element may have.
    static let maxAttributesPerElement = 64

    /// Throws when an element has more than ``maxAttributesPerElement`` attributes, naming its line.
    static func check(_ bytes: [UInt8]) throws(InkImportError) {
        let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), equals = UInt8(ascii: "="), newline = UInt8(ascii: "\n")
        let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'")
        let count = bytes.count
        var line = 1
        var i = 0
        try bytes.withUnsafeBufferPointer { (b: UnsafeBufferPointer<UInt8>) throws(InkImportError) in
            /// Skips to just past `terminator`, counting lines; at the end when it never comes.
            func skip(past terminator: [UInt8]) {
                while i < count {
                    if b[i] == newline { line += 1 }
                    if b[i] == terminator[0], i + terminator.count <= count, b[i..<(i + terminator.count)].elementsEqual(terminator) {
                        i += terminator.count
                        return
                    }
                    i += 1
                }
            }
            func starts(_ prefix: String) -> Bool {
                let p = Array(prefix.utf8)
                return i + p.count <= count && b[i..<(i + p.count)].elementsEqual(p)
            }
            while i < count {
                let c = b[i]
                if c == newline { line += 1 }
                guard c == lt else { i += 1; continue }
                if starts("<!--") { i += 4; skip(past: Array("-->".utf8)); continue }
                if starts("<![CDATA[") { i += 9; skip(past: Array("]]>".utf8)); continue }
                if starts("<?") { i += 2; skip(past: Array("?>".utf8)); continue }
                if starts("<!") || starts("</") { i += 2; skip(past: [gt]); continue }
                // A start tag: attributes are the `=` outside quotes before its `>`.
                let tagLine = line
                var attributes = 0
                var inQuote: UInt8 = 0
                i += 1
                while i < count {
                    let t = b[i]
                    if t == newline { line += 1 }
                    i += 1
                    if inQuote != 0 {
                        if t == inQuote { inQuote = 0 }
                    } else if t == quote || t == apostrophe {
                        inQuote = t
                    } else if t == equals {
                        attributes += 1
                        if attributes > maxAttributesPerElement {
                            throw InkImportError(.inkml, at: "line \(tagLine)",
                                                 "an element has more than \(maxAttributesPerElement) attributes; InkML's elements have a few, "
                                                 + "and parsing many on one element takes time that grows with their square")
                        }
                    } else if t == gt {
                        break
                    }
                }
            }
        }
    }
}
