/// A value a template can read: the JSON-like data model of Mustache. Not `indirect`: arrays and
/// dictionaries already hold their elements out of line, and a box per value was a heap allocation
/// for every string of every page's values.
public enum TemplateValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([TemplateValue])
    case object([String: TemplateValue])
}

extension TemplateValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension TemplateValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension TemplateValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: TemplateValue...) { self = .array(elements) }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// A repeated key keeps its last value. Filled in place: `Dictionary(_:uniquingKeysWith:)`
    /// cost more than the values themselves for the small objects every page makes by the dozen.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        var object = [String: TemplateValue](minimumCapacity: elements.count)
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}
