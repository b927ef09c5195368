public import NoteModel

/// Writes a note's HTML body from the model, byte-identical to `cmark_render_html` with the same
/// safe/unsafe option (cmark's renderer is never called: the model is the only input).
public struct HTMLWriter {
    /// Replaces the HTML of one image. Arguments: index into `document.imageAttachments`,
    /// the attachment, and its alt text as plain text. Return nil to write cmark's `<img>`.
    public typealias ImageHook = (_ index: Int, _ image: ImageAttachment, _ alt: String) -> String?

    /// Rewrites a link's destination (a note's `Trip.md` to its page `trip.html`); nil keeps it.
    public typealias LinkHook = (_ destination: String) -> String?

    public var unsafe: Bool
    public var imageHook: ImageHook?
    public var linkHook: LinkHook?
    public var wikilinkHook: WikilinkHook?
    public var embedHook: EmbedHook?
    public var tagHook: TagHook?
    /// Replaces a fenced code block's HTML (highlighted code); nil writes cmark's.
    public var codeHook: CodeHook?
    /// Whether ```` ```mermaid ```` fences are diagrams: `<pre class="mermaid">` with the source.
    public var diagrams = false
    /// In safe mode, whether the author's raw HTML is written as it is and its place recorded
    /// (``Output/authored``) for a sanitizer to keep what is safe, rather than omitted. Images in
    /// it are still the image hook's.
    public var marksAuthoredHTML = false
    /// GFM's tag filter: in unsafe mode, `<script>`, `<title>` and the like in raw HTML get `&lt;`.
    public var tagFilter: Bool
    /// The `aria-label` of a footnote's links back to where it is cited (cmark-gfm's words by
    /// default; a site gives its own language's), as text: it is escaped when written.
    public var footnoteBackLabel = "Back to content"

    public init(
        unsafe: Bool = false, tagFilter: Bool = false, imageHook: ImageHook? = nil, linkHook: LinkHook? = nil
    ) {
        self.unsafe = unsafe
        self.tagFilter = tagFilter
        self.imageHook = imageHook
        self.linkHook = linkHook
    }

    public func render(_ document: NoteDocument) -> String {
        String(decoding: renderUTF8(document), as: UTF8.self)
    }

    /// ``render(_:)``'s UTF-8, for HTML that goes on as bytes: making and checking a string of
    /// a whole page's HTML was a hundredth of a build.
    public func renderUTF8(_ document: NoteDocument) -> [UInt8] {
        renderWithFeatures(document).html
    }

    /// ``renderUTF8(_:)`` and what the HTML needs loaded: the writer knows its own markup, so
    /// only the HTML of hooks and authors is read for tags, not the whole page's.
    public func renderWithFeatures(_ document: NoteDocument) -> (html: [UInt8], features: HTMLFeatures) {
        let output = renderOutput(document)
        return (output.html, output.features)
    }

    /// What ``renderOutput(_:)`` makes.
    public struct Output: Sendable {
        public var html: [UInt8]
        public var features: HTMLFeatures
        /// Where `html` holds the author's raw HTML as written (``marksAuthoredHTML``), in order;
        /// the rest is the writer's and its hooks'.
        public var authored: [Range<Int>]
        /// Where `html` holds the values of the `id` attributes of the writer's own markup.
        public var ids: [Range<Int>]
        /// Where `html` holds HTML made by the hooks (images, embeds, highlighted code...), apart
        /// from the author's: the ids in it are theirs to know.
        public var hooked: [Range<Int>]

        public init(
            html: [UInt8], features: HTMLFeatures, authored: [Range<Int>], ids: [Range<Int>] = [],
            hooked: [Range<Int>] = []
        ) {
            self.html = html
            self.features = features
            self.authored = authored
            self.ids = ids
            self.hooked = hooked
        }
    }

    /// The HTML, its features, and where the author's own HTML is in it.
    public func renderOutput(_ document: NoteDocument) -> Output {
        var walker = HTMLBlockWriter(
            document: document, unsafe: unsafe, imageHook: imageHook, linkHook: linkHook,
            notes: ObsidianHooks(wikilink: wikilinkHook, embed: embedHook, tag: tagHook), tagFilter: tagFilter
        )
        walker.code = CodeHooks(code: codeHook, diagrams: diagrams)
        walker.footnoteBackLabel = footnoteBackLabel
        walker.marksAuthored = !unsafe && marksAuthoredHTML
        walker.inline.marksAuthored = walker.marksAuthored
        document.walk(&walker)
        if walker.footnotesOpen { walker.output.append("</ol>\n</section>\n") }
        return Output(
            html: walker.output.bytes, features: walker.output.allFeatures,
            authored: walker.output.authoredRegions, ids: walker.output.idValues,
            hooked: walker.output.hookedRegions)
    }
}
