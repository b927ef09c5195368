import Foundation
import NoteModel

/// `notesite.yml` as one build reads it, once: the settings (with what the command line overrides),
/// the problems found in the file, and what follows from them for this build.
struct LoadedConfiguration: Sendable {
    var settings: SiteConfiguration
    var diagnostics: [Diagnostic]
    let display: DisplayPaths
    /// Every folder that is an output of this build, never read back as input.
    var outputs: [URL]

    /// Reads the vault's `notesite.yml` (a vault without one gets the defaults) and settles where
    /// the site goes: the given output, else the `output` setting, else `VAULT/_site`.
    static func load(for options: inout BuildOptions) -> LoadedConfiguration {
        let display = DisplayPaths(vault: options.vault)
        var (settings, diagnostics) = read(options.vault, display: display)
        settings = settings.overriding(baseURL: options.baseURL)
        if let format = options.imageFormat { settings.imageFormat = format }
        if !options.writesCache { settings.cache = nil }
        let configured = settings.output.map { options.vault.appendingPathComponent($0).standardizedFileURL }
        if !options.outputGiven, let configured { options.output = configured }
        return LoadedConfiguration(
            settings: settings, diagnostics: diagnostics, display: display,
            outputs: [options.output] + (configured.map { [$0] } ?? []))
    }

    static func read(_ vault: URL, display: DisplayPaths) -> (SiteConfiguration, [Diagnostic]) {
        let url = vault.appendingPathComponent(SiteConfiguration.fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return (SiteConfiguration(), []) }
        let name = display.name(SiteConfiguration.fileName)
        // A symlink out of the vault is not read (the vault's real path is the boundary).
        if let boundary = VaultBoundary(root: vault), !boundary.keepsInside(url) {
            let place = SourceLocation(file: name, line: 1, column: 1)
            return (SiteConfiguration(), [.warning("symlink leads outside the vault; not read", at: place)])
        }
        guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else {
            return (
                SiteConfiguration(),
                [.error("cannot read as UTF-8 text", at: .init(file: name, line: 1, column: 1))]
            )
        }
        return SiteConfiguration.parse(text, file: name)
    }
}
