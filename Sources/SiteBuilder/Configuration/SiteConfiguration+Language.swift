public import NoteModel
import YAMLReader

extension SiteConfiguration {
    /// One `strings:` entry: the interface word `key` is `text` on this site.
    public struct StringSetting: Sendable, Hashable {
        public var key: String
        public var text: String
        public var location: SourceLocation?

        public init(key: String, text: String, location: SourceLocation? = nil) {
            self.key = key
            self.text = text
            self.location = location
        }
    }

    /// `language` and `strings` (``InterfaceStrings``).
    static let languageKeys: [String: Setter] = [
        "language": { configuration, node in
            guard case .scalar(let value, _) = node.kind, node.scalarValue != .null else {
                return "must be text, found \(node.typeDescription)"
            }
            guard value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                return "must be a language tag such as 'en' or 'pt-BR', found '\(value)'"
            }
            configuration.language = value
            configuration.languageLocation = node.location
            return nil
        },
        "strings": { configuration, node in
            guard case .mapping(let entries) = node.kind else {
                return "must be a mapping of interface words to text, found \(node.typeDescription)"
            }
            var settings: [StringSetting] = []
            for entry in entries {
                guard case .scalar(let key, _) = entry.key.kind, case .scalar(let text, _) = entry.value.kind
                else {
                    return "must map each key to text, found \(entry.value.typeDescription) for a key"
                }
                settings.append(StringSetting(key: key, text: text, location: entry.key.location))
            }
            configuration.strings = settings
            return nil
        },
    ]
}
