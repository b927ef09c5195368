import DefaultTheme
import Foundation
import Mustache
import NoteModel

/// The theme a build uses: the default theme, with any file of the vault's theme folder
/// (`_theme/` unless `theme:` says otherwise) taking the place of the default file of the same
/// name. `name.mustache` files are templates and partials; `strings/<language>.yml` are the
/// interface's words (``InterfaceStrings``); everything else is an asset.
struct Theme: Sendable, Hashable {
    var templates: [String: String]
    var assets: [String: [UInt8]]
    /// The built-in tables of interface words, as YAML by language.
    var strings = DefaultTheme.strings
    /// The theme folder's `strings/<language>.yml`, whose keys take the built-in table's place.
    var ownStrings: [String: String] = [:]
    /// Where the overrides came from, as messages name it (`Site/_theme`), and which templates they replaced.
    var folderName = ""
    var overridden: Set<String> = []

    static let `default` = Theme(templates: DefaultTheme.templates, assets: DefaultTheme.assets)

    /// A template error at its place: in the vault's theme folder, or in the built-in theme.
    func diagnostic(for error: any Error) -> Diagnostic {
        guard let error = error as? TemplateError else { return .error("theme: \(error)") }
        let file =
            overridden.contains(error.template)
            ? "\(folderName)/\(error.template).mustache" : "<default theme>/\(error.template).mustache"
        return .error(error.message, at: SourceLocation(file: file, line: error.line, column: error.column))
    }

    /// Reads the overrides in `folder` (a missing folder means the default theme as it is). A file
    /// whose real path is outside `boundary` (a symlink out of the vault) is skipped with a warning.
    static func load(
        overridesIn folder: URL, displayName: String, inside boundary: VaultBoundary? = nil
    ) -> (Theme, [Diagnostic]) {
        var theme = Theme.default
        theme.folderName = displayName
        var diagnostics: [Diagnostic] = []
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { return (theme, []) }
        for name in names.sorted() where !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                if name == "strings" {
                    diagnostics += theme.loadStrings(in: url, displayName: displayName, inside: boundary)
                }
                continue
            }
            if let boundary, !(VaultBoundary.realPath(url.path).map(boundary.contains) ?? false) {
                let place = SourceLocation(file: displayName + "/" + name, line: 1, column: 1)
                diagnostics.append(.warning("theme file leads outside the vault; skipped", at: place))
                continue
            }
            guard let data = manager.contents(atPath: url.path) else { continue }
            if name.hasSuffix(".mustache") {
                guard let text = String(data: data, encoding: .utf8) else {
                    let place = SourceLocation(file: displayName + "/" + name, line: 1, column: 1)
                    diagnostics.append(.error("template is not valid UTF-8", at: place))
                    continue
                }
                let template = String(name.dropLast(".mustache".count))
                theme.templates[template] = text
                theme.overridden.insert(template)
            } else {
                theme.assets[name] = Array(data)
            }
        }
        return (theme, diagnostics)
    }

    /// Reads `strings/<language>.yml` files; a file out of the vault or not UTF-8 is skipped.
    private mutating func loadStrings(
        in folder: URL, displayName: String, inside boundary: VaultBoundary?
    ) -> [Diagnostic] {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { return [] }
        var diagnostics: [Diagnostic] = []
        for name in names.sorted() where name.hasSuffix(".yml") && !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            let place = SourceLocation(file: displayName + "/strings/" + name, line: 1, column: 1)
            if let boundary, !(VaultBoundary.realPath(url.path).map(boundary.contains) ?? false) {
                diagnostics.append(.warning("theme file leads outside the vault; skipped", at: place))
                continue
            }
            guard let data = manager.contents(atPath: url.path) else { continue }
            guard let text = String(data: data, encoding: .utf8) else {
                diagnostics.append(.error("strings file is not valid UTF-8", at: place))
                continue
            }
            ownStrings[String(name.dropLast(".yml".count)).lowercased()] = text
        }
        return diagnostics
    }

    /// Writes the default theme's files into `folder` for customizing, keeping files already there.
    /// Returns the names written.
    static func eject(into folder: URL) throws -> [String] {
        let manager = FileManager.default
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        var files = DefaultTheme.assets
        for (name, text) in DefaultTheme.templates { files[name + ".mustache"] = Array(text.utf8) }
        for (language, text) in DefaultTheme.strings {
            files["strings/" + language + ".yml"] = Array(text.utf8)
        }
        try manager.createDirectory(
            at: folder.appendingPathComponent("strings"), withIntermediateDirectories: true)
        var written: [String] = []
        for (name, bytes) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(name)
            if manager.fileExists(atPath: url.path) { continue }
            try Data(bytes).write(to: url)
            written.append(name)
        }
        return written
    }
}
