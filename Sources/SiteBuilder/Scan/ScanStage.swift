import Foundation
import NoteModel

/// Scan: the vault's notes and files, and the theme (the defaults with the vault's overrides),
/// ready to render. The only stage that lists the vault; nil parts when it cannot be read at all.
struct ScanStage: BuildStage {
    static let name = "scan"

    let root: URL
    let configuration: SiteConfiguration
    /// Never read back as input: the output folder (wherever it is set) and the image cache.
    let excluded: [URL]

    struct Output: StageOutput {
        var vault: Vault?
        var theme: Theme
        /// The theme's templates compiled; nil when one does not compile.
        var rendering: ThemeRendering?
        /// The `favicon` setting's file, when it is set and readable.
        var favicon: Favicon?
        var diagnostics: [Diagnostic]
    }

    func run(_ input: Void, _ context: StageContext) async -> Output {
        let themeFolder = root.appendingPathComponent(configuration.theme)
        let vault: Vault
        do {
            vault = try listing(context)
        } catch {
            return Output(
                vault: nil, theme: .default, rendering: nil,
                diagnostics: [.error("cannot read the vault '\(root.path)': \(error)")])
        }
        var (theme, diagnostics) = Theme.load(
            overridesIn: themeFolder, displayName: context.display.name(configuration.theme),
            inside: vault.boundary)
        // Symlinks out of the vault, loops and FIFOs, each named.
        diagnostics = vault.warnings(naming: context.display.name) + diagnostics
        let (favicon, missing) = Favicon.read(configuration, from: vault)
        diagnostics += missing.map { [$0] } ?? []
        let (strings, wordProblems) = InterfaceStrings.site(configuration, theme: theme)
        diagnostics += wordProblems
        do {
            let rendering = try ThemeRendering(
                theme, configuration: configuration, siteTitle: configuration.title ?? root.lastPathComponent,
                strings: strings)
            return Output(
                vault: vault, theme: theme, rendering: rendering, favicon: favicon, diagnostics: diagnostics)
        } catch {
            diagnostics.append(theme.diagnostic(for: error))
            return Output(
                vault: vault, theme: theme, rendering: nil, favicon: favicon, diagnostics: diagnostics)
        }
    }

    /// The vault walked, or in `serve`, after a watcher saw only some files change, the last
    /// build's listing with those files looked at again.
    private func listing(_ context: StageContext) throws(Vault.ScanError) -> Vault {
        let filter = PathFilter(exclude: configuration.exclude)
        let cacheFolder = configuration.cache.map { [root.appendingPathComponent($0)] } ?? []
        let left = excluded + [root.appendingPathComponent(configuration.theme)] + cacheFolder
        // Taken before anything is looked at: a change seen from now on is the next build's.
        guard let changes = context.takeVaultChanges(), let vaults = context.store(Self.vaults) else {
            return try Vault.scan(root: root, filter: filter, excluding: left)
        }
        let key = ContentKey(root, configuration.exclude, left)
        if let touched = changes.files, let last = vaults.known(slot: "", key: key),
            let vault = last.rescanning(touched, filter: filter, excluding: Vault.paths(of: left))
        {
            vaults.store(vault, slot: "", key: key)
            return vault
        }
        vaults.keep(only: [])
        let vault = try Vault.scan(root: root, filter: filter, excluding: left)
        vaults.store(vault, slot: "", key: key)
        return vault
    }

    /// The vault as the last build listed it, by the settings that choose what is left out.
    static let vaults = Kept<Vault>("scan.vaults")
}
