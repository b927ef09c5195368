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

    /// By slot index; nil: not set (reads as a missing name).
    private(set) var values: [TemplateValue?]
    let library: TemplateLibrary.Identity

    init(library: TemplateLibrary.Identity, count: Int) {
        self.library = library
        values = Array(repeating: nil, count: count)
    }

    /// The value of `slot`; setting a slot of another library changes nothing.
    public subscript(slot: Slot) -> TemplateValue? {
        get { fits(slot) ? values[slot.index] : nil }
        set {
            guard fits(slot) else { return }
            values[slot.index] = newValue
        }
    }

    private func fits(_ slot: Slot) -> Bool {
        slot.library == ObjectIdentifier(library) && values.indices.contains(slot.index)
    }

    /// The object slots `values` stand for (for `{{.}}` and `{{#.}}` at the top, which show the
    /// whole context): every value set, by its name.
    static func object(of values: [TemplateValue?], names: [String]) -> TemplateValue {
        var members: [String: TemplateValue] = [:]
        for (index, value) in values.enumerated() {
            if let value, names.indices.contains(index) { members[names[index]] = value }
        }
        return .object(members)
    }
}
