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
        let cacheFolder = configuration.cache.map { [root.appendingPathComponent($0)] } ?? []
        let vault: Vault
        do {
            vault = try Vault.scan(
                root: root, filter: PathFilter(exclude: configuration.exclude),
                excluding: excluded + [themeFolder] + cacheFolder)
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
        do {
            let rendering = try ThemeRendering(
                theme, configuration: configuration, siteTitle: configuration.title ?? root.lastPathComponent)
            return Output(
                vault: vault, theme: theme, rendering: rendering, favicon: favicon, diagnostics: diagnostics)
        } catch {
            diagnostics.append(theme.diagnostic(for: error))
            return Output(
                vault: vault, theme: theme, rendering: nil, favicon: favicon, diagnostics: diagnostics)
        }
    }
}
