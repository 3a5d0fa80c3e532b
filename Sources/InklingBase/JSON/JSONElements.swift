import CJSONC

/// The elements of a JSON array as a random-access collection of ``JSONNode``s, made on access
/// (no copy of the array, no path built until one is asked for).
public struct JSONElements: RandomAccessCollection {
    private let array: JSONNode?
    private let parent: JSONPathLink?
    private let list: UnsafeMutablePointer<array_list>?

    init(of node: JSONNode, parent: JSONPathLink?) {
        let isArray = json_object_get_type(node.pointer) == json_type_array
        self.array = isArray ? node : nil
        self.parent = parent
        self.list = isArray ? json_object_get_array(node.pointer) : nil
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { list.map { Int($0.pointee.length) } ?? 0 }

    public subscript(index: Int) -> JSONNode {
        precondition(index >= 0 && index < endIndex, "JSON array index out of range")
        let value = list?.pointee.array?[index]
        // Only reached when `array` is set (endIndex is 0 otherwise).
        return JSONNode(document: array!.document, pointer: OpaquePointer(value), parent: parent, step: .index(index))
    }
}
