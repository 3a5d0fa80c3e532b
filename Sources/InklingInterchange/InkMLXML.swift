import CInklingXML

/// The elements of an XML document as CInklingXML parses them, copied into Swift.
struct InkMLXML: Sendable {
    /// One element.
    struct Element: Sendable {
        /// Local name (namespace prefix dropped).
        var name: String
        /// Index of the parent element; `nil` for the root.
        var parent: Int?
        /// 1-based source line.
        var line: Int
        /// The element's own text.
        var text: String
        /// Attributes by local name (`xml:id` keeps its prefix).
        var attributes: [String: String]
        /// Indices of child elements, in order.
        var children: [Int] = []
    }

    /// Elements in document order; index 0 is the root.
    var elements: [Element]

    /// Parses `bytes` with libxml2 behind CInklingXML: no network, no DTDs, no entities.
    static func parse(_ bytes: [UInt8]) throws(InkImportError) -> InkMLXML {
        guard !bytes.isEmpty else { throw InkImportError(.inkml, at: "", "empty document") }
        var message = [CChar](repeating: 0, count: 512)
        var doc: UnsafeMutablePointer<inkling_xml_document>?
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                inkling_xml_parse(chars.baseAddress!, chars.count, &doc, &message, message.count)
            }
        }
        guard status == Int32(INKLING_XML_OK), let doc else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw InkImportError(.inkml, at: "", text.isEmpty ? "could not parse the XML (status \(status))" : text)
        }
        defer { inkling_xml_free(doc) }
        let d = doc.pointee
        var elements: [Element] = []
        elements.reserveCapacity(d.element_count)
        for i in 0..<d.element_count {
            let e = d.elements[i]
            var attributes: [String: String] = [:]
            for k in e.attribute_start..<(e.attribute_start + e.attribute_count) {
                let a = d.attributes[k]
                attributes[String(cString: a.name)] = String(cString: a.value)
            }
            let parent = e.parent >= 0 ? Int(e.parent) : nil
            elements.append(Element(name: String(cString: e.name), parent: parent, line: Int(e.line),
                                    text: String(cString: e.text), attributes: attributes))
            if let parent, parent < i { elements[parent].children.append(i) }
        }
        return InkMLXML(elements: elements)
    }
}
