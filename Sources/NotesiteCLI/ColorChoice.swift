/// `--color auto|always|never`; `auto` colours a terminal unless `NO_COLOR` is set (no-color.org).
enum ColorChoice: String, CaseIterable {
    case auto, always, never

    static let names = allCases.map(\.rawValue)

    init(parsing text: String?) throws(Arguments.UsageError) {
        guard let text else {
            self = .auto
            return
        }
        guard let choice = ColorChoice(rawValue: text) else {
            throw .init(
                "--color takes auto, always or never, got '\(text)'"
                    + Suggestion.hint(for: text, in: Self.names))
        }
        self = choice
    }

    func enabled(for console: Console) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: console.errIsTerminal && (console.environment["NO_COLOR"] ?? "").isEmpty
        }
    }
}
