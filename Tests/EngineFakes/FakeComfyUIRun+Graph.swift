import InklingBase
import Foundation
import InklingEngines
import InklingImageIO

/// The graph side of a run: execution order, cache signatures, and the files output nodes write.
extension FakeComfyUIRun {
    /// Every node the outputs need, dependencies first (ComfyUI's order: depth first from each output).
    func executionOrder() -> [String] {
        var order: [String] = [], seen: Set<String> = []
        func visit(_ node: String) {
            guard nodes[node] != nil, seen.insert(node).inserted else { return }
            let inputs = nodes[node]?["inputs"]?.object ?? [:]
            for name in inputs.keys.sorted() {
                if let link = inputs[name]?.array, link.count == 2, let source = link[0].string { visit(source) }
            }
            order.append(node)
        }
        for output in item.outputs { visit(output) }
        return order
    }

    /// A node's cache key: its class and inputs, linked nodes by their own keys, and for
    /// LoadImage the file's bytes (its `IS_CHANGED`).
    func signatures(_ order: [String]) -> [String: String] {
        var signatures: [String: String] = [:]
        for node in order {
            var inputs: [String: JSONValue] = [:]
            for (name, value) in nodes[node]?["inputs"]?.object ?? [:] {
                if let link = value.array, link.count == 2, let source = link[0].string {
                    inputs[name] = [.string(signatures[source] ?? source), link[1]]
                } else {
                    inputs[name] = value
                }
            }
            if nodes[node]?["class_type"]?.string == "LoadImage", let name = inputs["image"]?.string {
                inputs["file"] = .string(Self.digest(state.locked { $0.file(annotated: name) } ?? []))
            }
            signatures[node] = Self.digest((["class": nodes[node]?["class_type"] ?? .null, "inputs": .object(inputs)] as JSONValue).serialized())
        }
        return signatures
    }

    /// FNV-1a (64 bits) of `bytes`, in hex: enough to tell inputs apart.
    static func digest(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    /// The images an output node writes: SaveImage into output/ (under `filename_prefix`, with
    /// the prompt in the PNG's metadata), PreviewImage into temp/; `nil` for other nodes.
    func save(_ node: String, type: String, behavior: FakeComfyUI.Behavior) -> [JSONValue]? {
        let folder: FakeComfyUI.Folder
        var prefix: String
        switch type {
        case "SaveImage":
            folder = .output
            prefix = nodes[node]?["inputs"]?["filename_prefix"]?.string ?? "ComfyUI"
        case "PreviewImage":
            folder = .temp
            prefix = "ComfyUI_temp_" + String((0..<5).map { _ in "abcdefghijklmnopqrstuvwxyz".randomElement()! })
        default:
            return nil
        }
        var subfolder = ""
        if let slash = prefix.lastIndex(of: "/") {
            subfolder = String(prefix[..<slash])
            prefix = String(prefix[prefix.index(after: slash)...])
        }
        if let forced = behavior.outputSubfolder { subfolder = forced }
        let png = paint(metadata: ["prompt": item.workflow.text])
        let name = state.locked { s -> String in
            let taken = s.files[folder, default: [:]].keys.filter { $0.hasPrefix(subfolder.isEmpty ? prefix : "\(subfolder)/\(prefix)") }.count
            let name = "\(prefix)_\(String(format: "%05d", taken + 1))_.png"
            s.files[folder, default: [:]][subfolder.isEmpty ? name : "\(subfolder)/\(name)"] = png
            return name
        }
        return [["filename": .string(name), "subfolder": .string(subfolder), "type": .string(folder.rawValue)]]
    }

    /// The PNG the graph "produces" (``FakePainter``): its size from the latent, red from the
    /// ControlNet's image, green from the seed, blue from the encoded source.
    private func paint(metadata: [String: String]) -> [UInt8] {
        func input(_ node: String?, _ name: String) -> JSONValue? { node.flatMap { nodes[$0]?["inputs"]?[name] } }
        func source(of link: JSONValue?) -> String? { link?.array?.first?.string }
        func loaded(_ node: String?) -> RasterImage? {
            guard let name = input(node, "image")?.string, let bytes = state.locked({ $0.file(annotated: name) }) else { return nil }
            return FakePainter.decode(bytes)
        }
        let apply = nodes.first { $0.value["class_type"]?.string == "ControlNetApplyAdvanced" }?.key
        let guidance = loaded(source(of: input(apply, "image")))
        let sampler = nodes.first { $0.value["class_type"]?.string == "KSampler" }?.key
        let latent = source(of: input(sampler, "latent_image"))
        var width = input(latent, "width")?.int ?? 64, height = input(latent, "height")?.int ?? 64
        var sourceImage: RasterImage?
        if nodes[latent ?? ""]?["class_type"]?.string == "VAEEncode", let image = loaded(source(of: input(latent, "pixels"))) {
            sourceImage = image
            width = image.width
            height = image.height
        }
        let seed: UInt64 = switch input(sampler, "seed") {
        case .uint(let v)?: v
        case .int(let v)?: UInt64(truncatingIfNeeded: v)
        default: 0
        }
        let image = FakePainter.paint(width: width, height: height, seed: seed, guidance: guidance, source: sourceImage)
        let text = metadata.sorted { $0.key < $1.key }.map { PNGTextChunk(keyword: $0.key, text: $0.value) }
        return (try? PNGCodec.encode(PNGDocument(image: image, text: text))) ?? []
    }
}
