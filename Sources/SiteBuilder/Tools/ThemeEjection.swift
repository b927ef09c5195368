public import Foundation

/// `notesite theme eject`: the default theme's files, copied where the vault's overrides live.
public enum ThemeEjection {
    /// Returns the theme folder and the files written (existing files are kept).
    public static func eject(vault: URL) throws -> (folder: URL, written: [String]) {
        let (configuration, _) = LoadedConfiguration.read(vault, display: DisplayPaths(vault: vault))
        let folder = vault.appendingPathComponent(configuration.theme)
        return (folder, try Theme.eject(into: folder))
    }
}
