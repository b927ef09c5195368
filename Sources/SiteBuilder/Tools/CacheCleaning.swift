import CodeHighlighter
public import Foundation
import ImagePipeline

/// `notesite clean --cache`: removes the vault's cache: renditions, highlighted code, the graph's layout, the git history read (only files the cache wrote).
public enum CacheCleaning {
    /// Returns the cache folder, or nil when the vault's configuration turns the cache off.
    public static func removeCache(vault: URL) -> URL? {
        let (configuration, _) = LoadedConfiguration.read(vault, display: DisplayPaths(vault: vault))
        guard let folder = configuration.cache.map({ vault.appendingPathComponent($0) }) else { return nil }
        // The renditions' cleaning removes the folder when it is left empty: it goes last.
        GraphLayoutCache.removeCache(in: folder)
        GitDatesCache.removeCache(in: folder)
        CodeHighlighter.removeCache(in: folder)
        RenditionCache(folder: folder).removeAll()
        return folder
    }
}
