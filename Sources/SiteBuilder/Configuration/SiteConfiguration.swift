import HTMLSanitizer
import ImagePipeline
public import NoteModel

/// Everything `notesite.yml` can set, typed, with the defaults a vault without one gets.
/// Each setting has one entry in `SiteConfiguration.keys` (SiteConfiguration+Parsing.swift).
public struct SiteConfiguration: Sendable, Hashable {
    /// The site's name, in the header of every page and the home page's title;
    /// nil means the vault folder's name.
    public var title: String?
    /// One sentence about the site, for the home page and `<meta name="description">`.
    public var description: String?
    public var author: String?
    /// The pages' `lang`, a BCP 47 tag; it also picks the interface's words (``InterfaceStrings``).
    public var language = "en"
    /// Where `language` is set in `notesite.yml`, for the warning when no table serves it.
    public var languageLocation: SourceLocation?
    /// `strings:`: interface words that take the place of the language table's, key by key.
    public var strings: [StringSetting] = []
    /// Where the site is published (`https://example.org/notes/`), always ending in `/`;
    /// only used where absolute URLs are required (feed, sitemap).
    public var baseURL: String?
    /// Where `notesite build` writes the site, relative to the vault, unless `--output` says otherwise.
    public var output: String?
    /// Vault paths left out of the site, as globs: `drafts/`, `*.tmp.md`, `journal/**/private-*`.
    public var exclude = ["templates/", "private/"]
    /// The widest image rendition in device pixels (1440 fills a 720 px column at 2x).
    public var imageWidth = ImageSettings.defaultMaxPixelWidth
    /// The reading column in CSS pixels; image `width`/`height` attributes fit inside it.
    public var columnWidth = ImageSettings.defaultColumnWidth
    /// How images are encoded: `auto` chooses per image (see ImageFormatPolicy), or one format for all.
    public var imageFormat = ImageFormatPolicy.auto
    /// Encoder quality 1-100; nil is each format's default.
    public var imageQuality: Int?
    /// Images with more pixels than this are refused from their header (decompression bombs).
    public var maxPixels = ImageSettings.defaultMaxInputPixels
    /// Seconds one image may take before it fails with an error (the build goes on).
    public var imageTimeout = ImageSettings.defaultTimeLimit
    /// Whether images are inlined into pages as `data:` URIs or published as files.
    public var inline = ImageInlining.always
    /// Under `inline: auto`, renditions of at least this many encoded bytes become files.
    public var inlineMaxBytes = 100_000
    /// A page whose inlined images (as base64, so a third more than the files) pass this many
    /// bytes is warned about, naming its largest images.
    public var pageBudgetBytes = 5_000_000
    /// When set, each raster image also gets a rendition this many pixels wide, published as a
    /// file and loaded only when its preview opens; nil: the preview shows the inlined image.
    public var previewWidth: Int?
    /// Where renditions are cached, relative to the vault (keep it between CI runs); nil: no cache.
    public var cache: String? = RenditionCache.defaultFolderName
    /// Whether the HTML written in notes is trusted and kept as written; off, it is sanitized:
    /// what is safe is kept, scripts, event handlers and the like are removed with a warning.
    public var allowHTML = false
    /// The hosts whose `<iframe>`s sanitized HTML keeps (video players); others are removed.
    public var embedHosts = SiteConfiguration.defaultEmbedHosts
    /// `files` (`trips/lisbon.html`) or `pretty` (`trips/lisbon/`).
    public var urls = URLStyle.files
    /// The vault folder whose files override the default theme's; never published.
    public var theme = "_theme"
    /// Whether fenced code naming a language is highlighted at build time (by Pygments).
    public var highlight = true
    /// A local `mermaid.min.js` (relative to the vault) copied into the site and loaded by pages
    /// with ```` ```mermaid ```` diagrams; nil: diagrams show their source.
    public var mermaid: String?
    /// An icon in the vault (`.ico`, `.png` or `.svg`) copied to the site's root as `favicon.<ext>`
    /// and linked from every page; nil: a small built-in icon inlined in each page (no request).
    public var favicon: String?
    /// Where `favicon` is set in `notesite.yml`, for the error when its file is missing.
    public var faviconLocation: SourceLocation?
    /// Whether pages show the folder tree beside the note (a drawer on narrow screens).
    public var explorer = true
    /// Whether note and folder pages show their folder path above the title.
    public var breadcrumbs = true
    /// Whether hovering or focusing a link to a note shows a popover with the note's first section.
    public var linkPreviews = true
    /// The graph page and each note's local graph (`graph`, `local_graph`, `graph_depth`, `graph_tags`).
    public var graph = GraphSettings()
    /// Whether a note's page shows its front matter properties above the text (`properties: show`).
    public var showProperties = true
    /// Whether pages have a search box and the site a search index (`assets/search-index.js`).
    public var search = true
    /// Whether each page gets a social card (`cards/<page>.png`, its `og:image`) when `base_url` is set.
    public var socialCards = true
    /// How many notes the home page lists as recently updated (by git, front matter `updated` or
    /// file time, ``NoteDates``); 0: no such list.
    public var recentlyUpdated = 10
    /// Notes sealed with a password from the environment (`protect:`), by path; see ``Protection``.
    public var protect: [ProtectRule] = []
    /// Whether protected notes get random-looking page addresses rather than their names.
    public var opaqueURLs = false
    /// Where "keep unlocked on this device" keeps a note key: `session` or `local` storage.
    public var keepUnlocked = UnlockStorage.session

    public init() {}

    /// YouTube's, youtube-nocookie's and Vimeo's players: the sanitizer's own default.
    public static let defaultEmbedHosts = HTMLSanitizer.Policy.defaultEmbedHosts

    /// The name of the configuration file in the vault's root.
    public static let fileName = "notesite.yml"
}
