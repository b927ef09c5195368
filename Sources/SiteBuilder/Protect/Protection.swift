import Foundation
import MarkdownReader
import NoteCrypto
import NoteModel

/// Which notes are sealed, and with which password: a note's front matter `protect: NAME`, else the
/// first `protect:` rule of `notesite.yml` whose glob matches its path. Passwords come only from
/// the environment. A vault that protects nothing has ``none`` and pays for nothing else.
struct Protection: Sendable {
    /// The notes sealed with one password.
    struct Group: Sendable, Hashable {
        /// The environment variable holding the password.
        let variable: String
        let password: String
        /// Vault paths, sorted.
        let notes: [String]
    }

    /// One group per variable, by name.
    let groups: [Group]
    /// Each protected note's variable, by vault path.
    let variables: [String: String]
    /// The site's words: a stand-in's title and sentence, the password form's.
    var strings = InterfaceStrings.english

    static let none = Protection(groups: [], variables: [:])

    var isEmpty: Bool { variables.isEmpty }

    func group(of path: String) -> Group? {
        variables[path].flatMap { variable in groups.first { $0.variable == variable } }
    }

    /// Every protected note's group found; a variable that is unset or empty is an error at the note
    /// (the build then publishes nothing: ``BuildPipeline``).
    static func find(
        _ notes: [SourceNote], rules: [ProtectRule], environment: [String: String]
    ) -> (Protection, [Diagnostic]) {
        let globs = rules.map { (Glob($0.path), $0.passwordEnv) }
        var variables: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for note in notes {
            var named: String?
            if let entry = note.document.frontMatter?.extra.first(where: { $0.key == "protect" }) {
                guard let name = entry.value.text, SiteConfiguration.isVariableName(name) else {
                    diagnostics.append(
                        .error(
                            "'protect' must name an environment variable holding the password (letters, digits, _)",
                            at: entry.location ?? .init(file: note.displayName, line: 1, column: 1)))
                    continue
                }
                named = name
            } else if !globs.isEmpty {
                named = globs.first { $0.0.matches(note.path) }?.1
            }
            guard let variable = named else { continue }
            variables[note.path] = variable
        }
        var groups: [Group] = []
        for (variable, paths) in Dictionary(grouping: variables.keys, by: { variables[$0] ?? "" }) {
            let sorted = paths.sorted()
            guard let password = environment[variable], !password.isEmpty else {
                let display = notes.first { $0.path == sorted[0] }?.displayName ?? sorted[0]
                let others = sorted.count > 1 ? " (and \(sorted.count - 1) more)" : ""
                diagnostics.append(
                    .error(
                        "protected note\(others) needs its password in the environment variable \(variable), which is not set; nothing was published",
                        at: .init(file: display, line: 1, column: 1)))
                continue
            }
            groups.append(Group(variable: variable, password: password, notes: sorted))
        }
        return (
            Protection(groups: groups.sorted { $0.variable < $1.variable }, variables: variables), diagnostics
        )
    }

    /// What public pages call a protected note: its `public_title`, else "Protected note".
    func publicTitle(of note: SourceNote) -> String {
        let given = note.document.frontMatter?.extra.first { $0.key == "public_title" }?.value.text
        return given.flatMap { $0.isEmpty ? nil : $0 } ?? strings["protected_note"]
    }

    /// What stands in for a protected note everywhere public: its public title, a sentence, no tags,
    /// no links, no date, no aliases (read as a note, so every stage takes it as any other).
    func stub(for note: SourceNote) -> SourceNote {
        let title = String(
            decoding: (try? JSONEncoder().encode(publicTitle(of: note))) ?? Data("\"\"".utf8), as: UTF8.self)
        let text = "---\ntitle: \(title)\n---\n\(strings["protect_stand_in"])\n"
        // Read as Markdown whatever the note's kind: a protected board or base shows no cards.
        let document = MarkdownReader.read(
            utf8: Array(text.utf8), file: note.displayName, options: ReaderOptions(syntax: .obsidian))
        return SourceNote(
            path: note.path, displayName: note.displayName, utf8: Array(text.utf8), document: document,
            diagnostics: [], isProtectedStub: true)
    }
}

extension Protection {
    /// Under `opaque_urls`, each protected note's page at `p/` and a name made from its path by a
    /// key derived from its password (PBKDF2 with a fixed salt, once per password): the same address
    /// in every build, and no faster way to test a guessed password than the notes themselves give.
    func opaquePages(style: URLStyle, context: StageContext) async -> [String: String] {
        let names = await concurrentMap(groups, limit: context.jobs) { group -> [(String, String)] in
            guard
                let key = try? PasswordKey.derive(
                    password: group.password, salt: Array("notesite opaque page names".utf8),
                    iterations: SealParameters.minimumIterations)
            else { return [] }
            return group.notes.compactMap { path in
                (try? key.name(for: path)).map { (path, style.pagePath(forNote: "p/\($0).md")) }
            }
        }
        return Dictionary(names.flatMap { $0 }) { first, _ in first }
    }
}
