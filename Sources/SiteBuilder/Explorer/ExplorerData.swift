import Foundation
import HTMLText

/// The whole tree as one shared script, `assets/explorer-data.js`, setting `window.notesiteExplorer`
/// (a script rather than JSON because pages opened from `file://` cannot `fetch()`). Every page
/// loads the same file, so a browser reads it once for the whole site.
///
/// Compact nested arrays: a note is `[title, page]`, a folder `[name, slug, [entries]]`. A page is
/// written from its folder's own slug path (`area-1/note-3.html` inside `area-1` is `note-3`), without
/// its `.html`; a page elsewhere (a `permalink`) starts with `/` and is from the site's root.
enum ExplorerData {
    static let assetPath = "assets/explorer-data.js"

    static func script(for tree: ExplorerTree) -> Data {
        // Bytes, each literal appended in place: a string per literal, joined into a string that
        // grew by copies, showed in a cold build's profile.
        var out = Array("window.notesiteExplorer={\"tree\":[".utf8)
        // (folder node, next child to write): an explicit stack, however deep the folders go.
        var stack: [(node: Int, next: Int)] = [(0, 0)]
        while let (node, next) = stack.last {
            let children = tree[node].children
            guard next < children.count else {
                stack.removeLast()
                out.append(contentsOf: (stack.isEmpty ? "]" : "]]").utf8)
                continue
            }
            stack[stack.count - 1].next += 1
            if next > 0 { out.append(UInt8(ascii: ",")) }
            let child = tree[children[next]]
            out.append(UInt8(ascii: "["))
            JSONString.append(child.title, to: &out)
            out.append(UInt8(ascii: ","))
            if child.isFolder {
                let slug = child.folder.map { String($0.split(separator: "/").last ?? "") } ?? ""
                JSONString.append(slug, to: &out)
                out.append(contentsOf: ",[".utf8)
                stack.append((children[next], 0))
            } else {
                JSONString.append(relativePage(child.pagePath, in: tree[node].folder ?? ""), to: &out)
                out.append(UInt8(ascii: "]"))
            }
        }
        out.append(contentsOf: "};\n".utf8)
        return Data(out)
    }

    /// `area-1/note-3.html` in folder `area-1` -> `note-3`; outside it `/other/place`.
    static func relativePage(_ pagePath: String, in folder: String) -> String {
        let page = pagePath.hasSuffix(".html") ? String(pagePath.dropLast(5)) : pagePath
        let prefix = folder.isEmpty ? "" : folder + "/"
        guard page.hasPrefix(prefix) else { return "/" + page }
        return String(page.dropFirst(prefix.count))
    }
}
