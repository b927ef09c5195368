/// The top-level values of one render, held by the numbers the library gave its names (see
/// ``TemplateLibrary/slot(_:)``) rather than in a dictionary: a page that sets twenty values and
/// whose templates read them seventy times hashes no name at all. Renders exactly as the
/// `.object` of the same values would.
public struct TemplateContext: Sendable {
    /// Where a name's value goes; made by the library whose templates read the name.
    public struct Slot: Sendable, Hashable {
        let index: Int
        /// The library's identity: a slot only fits the contexts of its own library.
        let library: ObjectIdentifier
    }

    /// By slot index; nil: not set (reads as a missing name), or set as UTF-8 in ``utf8Values``.
    private(set) var values: [TemplateValue?]
    /// Strings set as UTF-8 (``setUTF8(_:_:)``), by slot index; empty when none is.
    private(set) var utf8Values: [[UInt8]?] = []
    let library: TemplateLibrary.Identity

    init(library: TemplateLibrary.Identity, count: Int) {
        self.library = library
        values = Array(repeating: nil, count: count)
    }

    /// The value of `slot`; setting a slot of another library changes nothing.
    public subscript(slot: Slot) -> TemplateValue? {
        get { fits(slot) ? Self.value(at: slot.index, values, utf8Values) : nil }
        set {
            guard fits(slot) else { return }
            values[slot.index] = newValue
            if utf8Values.indices.contains(slot.index) { utf8Values[slot.index] = nil }
        }
    }

    /// Sets `slot` to the string whose UTF-8 `bytes` are (valid UTF-8, as a writer of HTML makes):
    /// an interpolation copies the bytes as they are, and no string is made unless a template
    /// reads the value otherwise (in a section, a dotted name or `{{.}}`).
    public mutating func setUTF8(_ slot: Slot, _ bytes: [UInt8]) {
        guard fits(slot) else { return }
        if utf8Values.isEmpty { utf8Values = Array(repeating: nil, count: values.count) }
        values[slot.index] = nil
        utf8Values[slot.index] = bytes
    }

    /// The value at `index`: set as a value, or as UTF-8 (made a string here).
    static func value(at index: Int, _ values: [TemplateValue?], _ utf8Values: [[UInt8]?]) -> TemplateValue? {
        if let value = values[index] { return value }
        guard utf8Values.indices.contains(index), let bytes = utf8Values[index] else { return nil }
        return .string(String(decoding: bytes, as: UTF8.self))
    }

    private func fits(_ slot: Slot) -> Bool {
        slot.library == ObjectIdentifier(library) && values.indices.contains(slot.index)
    }

    /// The object slots `values` stand for (for `{{.}}` and `{{#.}}` at the top, which show the
    /// whole context): every value set, by its name.
    static func object(of values: [TemplateValue?], _ utf8Values: [[UInt8]?], names: [String])
        -> TemplateValue
    {
        var members: [String: TemplateValue] = [:]
        for index in values.indices {
            if let value = value(at: index, values, utf8Values), names.indices.contains(index) {
                members[names[index]] = value
            }
        }
        return .object(members)
    }
}
