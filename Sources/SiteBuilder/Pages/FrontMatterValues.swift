import Mustache
import NoteModel

/// Front matter as template values, so a theme can show any key (`{{meta.project}}`).
enum FrontMatterValues {
    static func object(_ front: FrontMatter) -> TemplateValue {
        var object: [String: TemplateValue] = [:]
        for entry in front.extra { object[entry.key] = value(entry.value) }
        object["title"] = front.title.map(TemplateValue.string)
        object["description"] = front.description.map(TemplateValue.string)
        object["date"] = front.date.map { .string($0.text) }
        object["tags"] = .array(front.tags.map(TemplateValue.string))
        object["aliases"] = .array(front.aliases.map(TemplateValue.string))
        object["order"] = front.order.map(TemplateValue.double)
        return .object(object)
    }

    static func value(_ value: FrontMatterValue) -> TemplateValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        case .list(let items): return .array(items.map(Self.value))
        case .mapping(let entries):
            return .object(
                Dictionary(entries.map { ($0.key, Self.value($0.value)) }, uniquingKeysWith: { a, _ in a }))
        }
    }
}
