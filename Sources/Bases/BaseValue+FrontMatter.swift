public import NoteModel

extension BaseValue {
    /// A note's front matter value as a base sees it: a `[[wikilink]]` is a link and a date written
    /// `2025-05-01` (or with a time) is a date, as Obsidian types them; the rest as written.
    public init(frontMatter value: FrontMatterValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .number(Double(number))
        case .double(let number): self = .number(number)
        case .string(let text):
            if text.hasPrefix("[["), text.hasSuffix("]]"), text.count > 4 {
                self = .link(BaseLink(target: text))
            } else if let first = text.utf8.first, (48...57).contains(first),
                let date = BaseDate(parsing: text)
            {
                self = .date(date)
            } else {
                self = .string(text)
            }
        case .list(let items): self = .list(items.map(BaseValue.init(frontMatter:)))
        case .mapping(let entries):
            self = .object(entries.map { BaseEntry($0.key, BaseValue(frontMatter: $0.value)) })
        }
    }
}
