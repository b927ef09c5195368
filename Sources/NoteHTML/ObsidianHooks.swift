import NoteModel

/// Obsidian syntax's hooks, passed from ``HTMLWriter`` to the block and inline writers.
struct ObsidianHooks {
    var wikilink: HTMLWriter.WikilinkHook?
    var embed: HTMLWriter.EmbedHook?
    var tag: HTMLWriter.TagHook?

    /// The href written for an unresolved wikilink: the target (`.html` added when it has no
    /// extension) and the fragment as a heading slug (`^id` kept).
    static func defaultHref(_ target: String, _ fragment: String?) -> String {
        var href = target
        if !target.isEmpty, !(target.split(separator: "/").last ?? "").contains(".") { href += ".html" }
        if let fragment, !fragment.isEmpty {
            href += "#" + (fragment.hasPrefix("^") ? fragment : Slugger.slug(fragment))
        }
        return href
    }
}
