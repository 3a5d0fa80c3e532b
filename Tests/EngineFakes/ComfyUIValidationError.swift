import InklingBase
import InklingEngines

/// The error objects ComfyUI 0.3.64's `validate_inputs` puts in `node_errors` (execution.py),
/// shape for shape, and the Python spellings their messages use.
enum ComfyUIValidationError {
    /// Choice lists longer than this are not sent back: `input_config` is null and the details say
    /// "(list of length N)" (ComfyUI: "Don't send back gigantic lists like if they're lots of
    /// scanned model filepaths").
    static let longestListSentBack = 20

    static func missing(_ name: String) -> JSONValue {
        ["type": "required_input_missing", "message": "Required input is missing", "details": .string(name),
         "extra_info": ["input_name": .string(name)]]
    }

    static func badLink(_ name: String, config: JSONValue, value: JSONValue) -> JSONValue {
        ["type": "bad_linked_input", "message": "Bad linked input, must be a length-2 list of [node_id, slot_index]",
         "details": .string(name), "extra_info": ["input_name": .string(name), "input_config": config, "received_value": value]]
    }

    static func typeMismatch(_ name: String, config: JSONValue, received: String, expected: String, link: JSONValue) -> JSONValue {
        ["type": "return_type_mismatch", "message": "Return type mismatch between linked nodes",
         "details": .string("\(name), received_type(\(received)) mismatch input_type(\(expected))"),
         "extra_info": ["input_name": .string(name), "input_config": config, "received_type": .string(received), "linked_node": link]]
    }

    /// What a link to a node or output that does not exist raises (a `KeyError` or `IndexError`
    /// inside the validation).
    static func innerException(_ name: String, config: JSONValue, exception: String, message: String, link: JSONValue) -> JSONValue {
        ["type": "exception_during_inner_validation", "message": "Exception when validating inner node", "details": .string(message),
         "extra_info": ["input_name": .string(name), "input_config": config, "exception_message": .string(message),
                        "exception_type": .string(exception), "traceback": [], "linked_node": link]]
    }

    static func conversion(_ name: String, type: String, config: JSONValue, value: JSONValue, exception: String) -> JSONValue {
        ["type": "invalid_input_type", "message": .string("Failed to convert an input \(name) value to a \(type) value"),
         "details": .string("\(name), \(python(value)), \(exception)"),
         "extra_info": ["input_name": .string(name), "input_config": config, "received_value": value, "exception_message": .string(exception)]]
    }

    static func outOfRange(_ name: String, config: JSONValue, value: JSONValue, bound: JSONValue, below: Bool) -> JSONValue {
        let (type, words) = below ? ("value_smaller_than_min", "smaller than min") : ("value_bigger_than_max", "bigger than max")
        return ["type": .string(type), "message": .string("Value \(python(value)) \(words) of \(python(bound))"), "details": .string(name),
                "extra_info": ["input_name": .string(name), "input_config": config, "received_value": value]]
    }

    static func notInList(_ name: String, config: JSONValue, value: JSONValue, options: [JSONValue]) -> JSONValue {
        let long = options.count > longestListSentBack
        let list = long ? "(list of length \(options.count))" : python(.array(options))
        return ["type": "value_not_in_list", "message": "Value not in list", "details": .string("\(name): \(python(value, quoted: true)) not in \(list)"),
                "extra_info": ["input_name": .string(name), "input_config": long ? .null : config, "received_value": value]]
    }

    static func custom(_ name: String, reason: String) -> JSONValue {
        ["type": "custom_validation_failed", "message": "Custom validation failed for node", "details": .string("\(name) - \(reason)"),
         "extra_info": ["input_name": .string(name)]]
    }

    /// The `{"error": …, "node_errors": {}}` answer for a prompt that fails before its inputs are looked at.
    static func prompt(_ type: String, _ message: String, _ details: String) -> JSONValue {
        ["error": ["type": .string(type), "message": .string(message), "details": .string(details), "extra_info": [:]], "node_errors": [:]]
    }

    /// `value` as Python's `str()` writes it (`quoted`: as `repr()` does for a string).
    static func python(_ value: JSONValue, quoted: Bool = false) -> String {
        switch value {
        case .null: "None"
        case .bool(let b): b ? "True" : "False"
        case .int(let v): String(v)
        case .uint(let v): String(v)
        case .double(let v): String(v)
        case .string(let s): quoted ? "'\(s)'" : s
        case .array(let items): "[" + items.map { python($0, quoted: true) }.joined(separator: ", ") + "]"
        case .object(let members): "{" + members.keys.sorted().map { "'\($0)': \(python(members[$0]!, quoted: true))" }.joined(separator: ", ") + "}"
        }
    }
}
