import CodeHighlighter
public import Foundation
import ImagePipeline

/// `notesite clean --cache`: removes the vault's rendition cache (only files the cache wrote).
public enum CacheCleaning {
    /// Returns the cache folder, or nil when the vault's configuration turns the cache off.
    public static func removeCache(vault: URL) -> URL? {
        let (configuration, _) = LoadedConfiguration.read(vault, display: DisplayPaths(vault: vault))
        guard let folder = configuration.cache.map({ vault.appendingPathComponent($0) }) else { return nil }
        CodeHighlighter.removeCache(in: folder)
        RenditionCache(folder: folder).removeAll()
        return folder
    }
}
