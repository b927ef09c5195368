extension TemplateValue {
    /// Whether a section shows: `null`, `false`, `""` and `[]` hide it; numbers (zero too) and objects show it.
    /// The spec leaves empty strings open; hiding them lets `{{#description}}` guard optional front matter.
    var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let value): return value
        case .int, .double, .object, .record: return true
        case .string(let value): return !value.isEmpty
        case .array(let items): return !items.isEmpty
        }
    }

    /// The text an interpolation tag prints; lists and objects print nothing rather than a debug dump.
    var interpolationText: String {
        switch self {
        case .null, .array, .object, .record: return ""
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value):
            // Integral doubles print without ".0" (YAML and JSON often hand us 2.0 for 2).
            if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
            return String(value)
        case .string(let value): return value
        }
    }
}

extension TemplateValue {
    /// Whether names are looked up inside the value (an object or a record).
    var isObject: Bool {
        switch self {
        case .object, .record: true
        default: false
        }
    }
}
