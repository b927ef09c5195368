import DefaultTheme
import Foundation
import HTMLText
import NoteModel
import YAMLReader

/// The words the theme, its scripts and the page writer show, in the site's language: one table
/// per language (`strings/<language>.yml` in the theme), picked by `language` in `notesite.yml`,
/// with the theme's files and the `strings:` setting over it key by key.
public struct InterfaceStrings: Sendable, Hashable {
    /// The table's language tag (`de`), after falling back from a regional tag or an unknown one.
    public let language: String
    /// Every key's text; `{name}` marks where ``text(_:_:)`` puts a value.
    public private(set) var values: [String: String]

    init(language: String, values: [String: String]) {
        self.language = language
        self.values = values
    }

    /// The built-in table for `language` (its primary subtag's when the tag has a region, English
    /// when none), every key English has filled in.
    public init(language: String) {
        let table = Self.table(for: language, in: DefaultTheme.strings) ?? "en"
        var values = Self.english.values
        if table != "en", let text = DefaultTheme.strings[table] {
            values.merge(Self.entries(text, file: table + ".yml").values) { _, own in own }
        }
        self.init(language: table, values: values)
    }

    /// English, the table every other falls back to.
    public static let english = InterfaceStrings(
        language: "en", values: entries(DefaultTheme.strings["en"] ?? "", file: "en.yml").values)

    /// The languages notesite has a table for, sorted.
    public static var knownLanguages: [String] { DefaultTheme.strings.keys.sorted() }

    /// `key`'s text, or the key itself when no table has it (a theme's template asking for a new word).
    public subscript(_ key: String) -> String { values[key] ?? key }

    /// `key`'s text with each `{name}` replaced by its value.
    public func text(_ key: String, _ arguments: KeyValuePairs<String, String>) -> String {
        var text = self[key]
        for (name, value) in arguments {
            text = text.replacingOccurrences(of: "{" + name + "}", with: value)
        }
        return text
    }

    /// ``text(_:_:)`` for HTML: the table's words escaped, the arguments put in as they are
    /// (already HTML).
    func html(_ key: String, _ arguments: KeyValuePairs<String, String>) -> String {
        var html = self[key].htmlEscaped
        for (name, value) in arguments {
            html = html.replacingOccurrences(of: "{" + name + "}", with: value)
        }
        return html
    }

    /// "1 note", "5 notes", as the language says a number of notes.
    public func notes(_ count: Int) -> String {
        count == 1 ? self["notes_count_one"] : text("notes_count", ["count": String(count)])
    }

    /// Whether the language is written right to left (`direction: rtl`): the page gets `dir="rtl"`.
    public var isRightToLeft: Bool { values["direction"] == "rtl" }

    /// Which of `tables` serves `language`: the tag itself, else its primary subtag (`pt` for `pt-BR`).
    static func table(for language: String, in tables: [String: String]) -> String? {
        let tag = language.lowercased()
        if tables[tag] != nil { return tag }
        let primary = String(tag.prefix { $0 != "-" && $0 != "_" })
        return tables[primary] != nil ? primary : nil
    }

    /// The key-text pairs of one table's YAML, with what is wrong in it.
    static func entries(_ text: String, file: String) -> (values: [String: String], problems: [Diagnostic]) {
        let root: YAMLNode?
        do {
            root = try YAMLReader.parse(text, file: file)
        } catch {
            return ([:], [error.diagnostic])
        }
        guard let root else { return ([:], []) }
        guard case .mapping(let items) = root.kind else {
            return (
                [:],
                [
                    .error(
                        "must be a mapping of keys to text, found \(root.typeDescription)", at: root.location)
                ]
            )
        }
        var values: [String: String] = [:]
        var problems: [Diagnostic] = []
        for item in items {
            guard case .scalar(let key, _) = item.key.kind else { continue }
            guard case .scalar(let value, _) = item.value.kind else {
                problems.append(
                    .error(
                        "'\(key)' must be text, found \(item.value.typeDescription)", at: item.value.location)
                )
                continue
            }
            values[key] = value
        }
        return (values, problems)
    }
}

extension InterfaceStrings {
    /// `assets/strings.js`: the table as `window.notesiteStrings`, which the theme's scripts read
    /// (loaded with `defer` before them), so no script carries words of its own.
    var script: [UInt8] {
        var out = Array("window.notesiteStrings={".utf8)
        for (number, key) in values.keys.sorted().enumerated() {
            if number > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\n"))
            JSONString.append(key, to: &out)
            out.append(UInt8(ascii: ":"))
            JSONString.append(values[key] ?? "", to: &out)
        }
        out.append(contentsOf: "\n};\n".utf8)
        return out
    }

    /// The site path of ``script``.
    static let scriptPath = "assets/strings.js"
}
