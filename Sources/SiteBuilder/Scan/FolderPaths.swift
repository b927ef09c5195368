/// The folders of site and vault paths (`a/b/page.html` is in `a/b`, which is in `a`).
enum FolderPaths {
    /// Every folder that `paths` (of files) are in, their parents included.
    static func holding(_ paths: some Sequence<String>) -> Set<String> {
        var folders: Set<String> = []
        for path in paths {
            var end = path.lastIndex(of: "/")
            while let slash = end {
                let folder = String(path[..<slash])
                guard folders.insert(folder).inserted else { break }
                end = folder.lastIndex(of: "/")
            }
        }
        return folders
    }
}
