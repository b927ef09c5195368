import Mustache

/// Where each of a note page's values goes in the theme's ``TemplateContext``, found once per
/// theme: a page's values are then set by number, not hashed into a dictionary that the templates
/// hash again on every read. A slot is nil when no template reads the name: its value is not made.
struct PageSlots: Sendable {
    let title, body, path, backlinks, hasBacklinks, toc, hasToc, tags, hasTags: TemplateContext.Slot?
    let hasCode, hasMath, hasDiagrams, hasVideo, hasCanvas, hasBases, protected, description, social, date,
        cssclasses,
        meta: TemplateContext.Slot?
    let explorer, breadcrumbs, hasBreadcrumbs, site, root, generator, icon: TemplateContext.Slot?
    /// The interface's words (``InterfaceStrings``), the same on every page.
    let strings: TemplateContext.Slot?
    /// The note's front matter properties as HTML (``PropertiesView``).
    let properties: TemplateContext.Slot?
    /// The note's dates (``NoteDates``), each a `datetime` and a visible `text`.
    let created, updated: TemplateContext.Slot?
    /// The members of the page's lists and objects (``TemplateLibrary/record(_:)``): backlinks,
    /// headings, tags, crumbs and the explorer.
    let url, name, context, level, text, id, list, page, pretty: TemplateContext.Slot?

    init(_ library: TemplateLibrary) {
        (title, body, path) = (library.slot("title"), library.slot("body"), library.slot("path"))
        (backlinks, hasBacklinks) = (library.slot("backlinks"), library.slot("hasBacklinks"))
        (toc, hasToc) = (library.slot("toc"), library.slot("hasToc"))
        (tags, hasTags) = (library.slot("tags"), library.slot("hasTags"))
        (hasCode, hasMath) = (library.slot("hasCode"), library.slot("hasMath"))
        (hasDiagrams, hasVideo) = (library.slot("hasDiagrams"), library.slot("hasVideo"))
        hasCanvas = library.slot("hasCanvas")
        hasBases = library.slot("hasBases")
        protected = library.slot("protected")
        (description, social) = (library.slot("description"), library.slot("social"))
        (date, cssclasses, meta) = (library.slot("date"), library.slot("cssclasses"), library.slot("meta"))
        (explorer, breadcrumbs) = (library.slot("explorer"), library.slot("breadcrumbs"))
        hasBreadcrumbs = library.slot("hasBreadcrumbs")
        (site, root) = (library.slot("site"), library.slot("root"))
        (generator, icon) = (library.slot("generator"), library.slot("icon"))
        strings = library.slot("strings")
        properties = library.slot("properties")
        (created, updated) = (library.slot("created"), library.slot("updated"))
        (url, name, context) = (library.slot("url"), library.slot("name"), library.slot("context"))
        (level, text, id) = (library.slot("level"), library.slot("text"), library.slot("id"))
        (list, page, pretty) = (library.slot("list"), library.slot("page"), library.slot("pretty"))
    }
}

extension TemplateContext {
    /// Sets `slot` to `value`, which is only made when some template reads the slot.
    mutating func set(_ slot: Slot?, _ value: @autoclosure () -> TemplateValue?) {
        guard let slot else { return }
        self[slot] = value()
    }
}
