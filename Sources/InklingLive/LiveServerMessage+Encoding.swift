import InklingBase

extension LiveServerMessage {
    /// The message as compact JSON text (the bytes of one text frame), written by InklingBase's
    /// writer: keys in a fixed order, the same message always the same bytes.
    public var json: [UInt8] {
        var w = JSONWriter(capacity: 96)
        w.openObject()
        switch self {
        case .state(let report):
            w.key("type"); w.string("state")
            w.key("revision"); w.integer(report.revision)
            w.key("state"); w.string(report.state.rawValue)
            if let rendering = report.rendering { w.key("rendering"); w.integer(rendering) }
            if let progress = report.progress { w.key("progress"); w.number(progress) }
            if let answered = report.answered { w.key("answered"); w.integer(answered) }
            if let dropped = report.dropped { w.key("dropped"); w.integer(dropped) }
        case .frame(let revision, let mime, let bytes, let width, let height):
            w.key("type"); w.string("frame")
            w.key("revision"); w.integer(revision)
            w.key("mime"); w.string(mime)
            w.key("bytes"); w.integer(bytes)
            w.key("width"); w.integer(width)
            w.key("height"); w.integer(height)
        case .error(let error):
            w.key("type"); w.string("error")
            w.key("code"); w.string(error.code)
            w.key("message"); w.string(error.message)
            w.key("status"); w.integer(error.status)
        case .kept(let kept):
            w.key("type"); w.string("kept")
            w.key("revision"); w.integer(kept.revision)
            w.key("job"); w.string(kept.job)
            if let url = kept.url { w.key("url"); w.string(url) }
        }
        w.closeObject()
        return w.bytes
    }

    /// ``json`` as a string.
    public var text: String { String(decoding: json, as: UTF8.self) }
}
