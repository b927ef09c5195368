/// How page URLs look. `files` (the default): `trips/lisbon.html`, links naming the file, which
/// works from any host and from `file://`. `pretty`: `trips/lisbon/index.html` linked as
/// `trips/lisbon/`, for hosts that prefer it (such links do not open from `file://`, where a
/// folder shows as a listing).
public enum URLStyle: String, Sendable, Hashable, CaseIterable {
    case files
    case pretty

    /// The page for a note at `notePath` (vault-relative).
    func pagePath(forNote notePath: String) -> String {
        let page = Slug.pagePath(forNote: notePath)
        guard self == .pretty, !page.hasSuffix("/index.html"), page != "index.html" else { return page }
        return String(page.dropLast(".html".count)) + "/index.html"
    }

    /// The page a `permalink` names: `/trips/lisbon-2024/` or `trips/lisbon-2024.html`, cleaned of
    /// `..` and empty parts; nil when nothing usable is left.
    func pagePath(permalink: String) -> String? {
        let parts = permalink.split(separator: "/").filter { $0 != "." && $0 != ".." && !$0.isEmpty }
        guard let last = parts.last else { return nil }
        let folders = parts.dropLast().map { Slug.component(String($0)) }
        if last.lowercased().hasSuffix(".html") {
            return (folders + [Slug.component(String(last.dropLast(5))) + ".html"]).joined(separator: "/")
        }
        let name = Slug.component(String(last))
        if permalink.hasSuffix("/") || self == .pretty {
            return (folders + [name, "index.html"]).joined(separator: "/")
        }
        return (folders + [name + ".html"]).joined(separator: "/")
    }

    /// The link from one page to another, relative, so the site works under any sub-path.
    func href(from page: String, to target: String) -> String {
        PageLinks(from: page, urls: self).href(to: target)
    }
}
