/// An object whose members are named by a library's numbers for names (``TemplateLibrary/slot(_:)``)
/// rather than by strings: a template reads a member by comparing a few numbers, where an
/// `.object` hashed the name on every read (and hashed each name again to make it). Renders
/// exactly as the `.object` of the same members; only the library that numbered the names reads
/// its members (another finds none).
public struct TemplateRecord: Sendable, Hashable {
    struct Member: Sendable, Hashable {
        var id: Int
        var value: TemplateValue
    }

    let library: ObjectIdentifier
    /// In the order given; a name given twice is found at its first.
    let members: [Member]

    /// Its members alone: the same templates number names the same in each library made of them,
    /// so a key of rendered values (kept between builds in `serve`) holds for the next library.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(members)
    }

    /// The member numbered `id`, read by a library whose identity is `reader`.
    func value(_ id: Int, reader: ObjectIdentifier) -> TemplateValue? {
        guard reader == library else { return nil }
        for member in members where member.id == id { return member.value }
        return nil
    }
}

extension TemplateLibrary {
    /// A record of `members`, each named by a slot of this library; a member without a slot (no
    /// template reads its name) or with another library's is left out, as it would never show.
    public func record(_ members: [(TemplateContext.Slot?, TemplateValue)]) -> TemplateValue {
        let library = ObjectIdentifier(identity)
        var kept: [TemplateRecord.Member] = []
        kept.reserveCapacity(members.count)
        for (slot, value) in members {
            guard let slot, slot.library == library else { continue }
            kept.append(TemplateRecord.Member(id: slot.index, value: value))
        }
        return .record(TemplateRecord(library: library, members: kept))
    }
}

extension TemplateLibrary {
    /// `value` with every object in it (in lists and objects too) made a record of this library,
    /// for values that many renders read, such as a site's settings.
    public func recorded(_ value: TemplateValue) -> TemplateValue {
        switch value {
        case .array(let items):
            return .array(items.map(recorded))
        case .object(let members):
            // By name: the record's order does not depend on the dictionary's.
            return record(members.sorted { $0.key < $1.key }.map { (slot($0.key), recorded($0.value)) })
        default:
            return value
        }
    }
}
