/// The default theme, embedded in the binary by SwiftPM's `.embedInCode("theme")` so notesite
/// runs from anywhere without a theme folder.
///
/// SwiftPM flattens `Templates/theme/<name>.<ext>` into `PackageResources.<name>_<ext>`, so this
/// table is the one place that names the theme's files: a file added to `theme/` must be listed
/// here too.
public enum DefaultTheme {
    /// Mustache templates and partials by name, without `.mustache` (`page`, `index`, `head`, ...).
    public static let templates: [String: String] = [
        "layout": PackageResources.layout_mustache,
        "note": PackageResources.note_mustache,
        "page": PackageResources.page_mustache,
        "index": PackageResources.index_mustache,
        "folder": PackageResources.folder_mustache,
        "tags": PackageResources.tags_mustache,
        "tag": PackageResources.tag_mustache,
        "not-found": PackageResources.not_found_mustache,
        "head": PackageResources.head_mustache,
        "icon": PackageResources.icon_mustache,
        "header": PackageResources.header_mustache,
        "footer": PackageResources.footer_mustache,
        "toc": PackageResources.toc_mustache,
        "note-tags": PackageResources.note_tags_mustache,
        "backlinks": PackageResources.backlinks_mustache,
        "explorer": PackageResources.explorer_mustache,
        "breadcrumbs": PackageResources.breadcrumbs_mustache,
        "graph": PackageResources.graph_mustache,
        "local-graph": PackageResources.local_graph_mustache,
        "card.svg": PackageResources.card_svg_mustache,
    ].mapValues { String(decoding: $0, as: UTF8.self) }

    /// Files the site builder writes under `_site/assets/`, by file name.
    public static let assets: [String: [UInt8]] = [
        "style.css": PackageResources.style_css,
        "preview.js": PackageResources.preview_js,
        "search.js": PackageResources.search_js,
        "search-engine.js": PackageResources.search_engine_js,
        "theme-toggle.js": PackageResources.theme_toggle_js,
        "code.js": PackageResources.code_js,
        "math.js": PackageResources.math_js,
        "diagrams.js": PackageResources.diagrams_js,
        "explorer.js": PackageResources.explorer_js,
        "link-preview.js": PackageResources.link_preview_js,
        "graph.js": PackageResources.graph_js,
        "video.js": PackageResources.video_js,
        "canvas.js": PackageResources.canvas_js,
        "canvas.css": PackageResources.canvas_css,
        "bases.js": PackageResources.bases_js,
        "bases.css": PackageResources.bases_css,
        "protect.js": PackageResources.protect_js,
    ]

    /// The interface's words per language (`strings/<language>.yml`), as YAML text by language
    /// tag. English names every key; each other table has the same keys.
    public static let strings: [String: String] = [
        "ar": PackageResources.ar_yml,
        "de": PackageResources.de_yml,
        "en": PackageResources.en_yml,
        "es": PackageResources.es_yml,
        "fa": PackageResources.fa_yml,
        "fr": PackageResources.fr_yml,
        "he": PackageResources.he_yml,
        "it": PackageResources.it_yml,
        "ja": PackageResources.ja_yml,
        "ko": PackageResources.ko_yml,
        "nl": PackageResources.nl_yml,
        "pl": PackageResources.pl_yml,
        "pt": PackageResources.pt_yml,
        "ru": PackageResources.ru_yml,
        "tr": PackageResources.tr_yml,
        "uk": PackageResources.uk_yml,
        "zh": PackageResources.zh_yml,
    ].mapValues { String(decoding: $0, as: UTF8.self) }

    /// The script of a file made by `notesite export` (never published with a site).
    public static let exportScript: [UInt8] = PackageResources.export_js
}
