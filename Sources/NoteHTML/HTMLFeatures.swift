/// What a page's HTML needs loaded, read from its tags: the copy button for code (`<pre><code`,
/// `<pre class="highlight">`), math (`<span class="math `, `<div class="math `), diagrams
/// (`<pre class="mermaid">`) and web videos' posters (`<span class="video-embed"`, which the site
/// writes for `![](https://youtu.be/...)`). Text in a note is escaped, so it cannot fake these.
public struct HTMLFeatures: Sendable, Hashable {
    public var code = false
    public var math = false
    public var diagrams = false
    public var video = false

    public init() {}

    /// The features of any HTML, from all of its tags.
    public init(html: Span<UInt8>) {
        self.init()
        add(tagsIn: html, from: 0, to: html.count)
    }

    public init(html: [UInt8]) {
        self.init(html: html.span)
    }

    public var all: Bool { code && math && diagrams && video }

    /// Adds the features of the tags whose `<` lies in `start..<end` of `html`; a tag is read up
    /// to the end of `html`, so a tag that a region opens and the next one finishes still counts.
    mutating func add(tagsIn html: Span<UInt8>, from start: Int, to end: Int) {
        var offset = start
        while offset < end, !all {
            guard html[offset] == UInt8(ascii: "<") else {
                offset += 1
                continue
            }
            add(tag: html.extracting(offset..<html.count))
            offset += 1
        }
    }

    /// The feature of the tag `tag` starts with (it runs to the end of the HTML), if any.
    private mutating func add(tag: Span<UInt8>) {
        // Most tags are none of these: one byte tells (`<p`, `<s`, `<d` may be).
        guard tag.count > 1,
            tag[1] == UInt8(ascii: "p") || tag[1] == UInt8(ascii: "s") || tag[1] == UInt8(ascii: "d")
        else { return }
        if Self.starts(tag, with: "<pre><code") || Self.starts(tag, with: "<pre class=\"highlight\">") {
            code = true
        } else if Self.starts(tag, with: "<span class=\"math ")
            || Self.starts(tag, with: "<div class=\"math ")
        {
            math = true
        } else if Self.starts(tag, with: "<pre class=\"mermaid\">") {
            diagrams = true
        } else if Self.starts(tag, with: "<span class=\"video-embed\"") {
            video = true
        }
    }

    private static func starts(_ tag: Span<UInt8>, with prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { wanted in
            guard tag.count >= wanted.count else { return false }
            for index in wanted.indices where tag[index] != wanted[index] { return false }
            return true
        }
    }
}
