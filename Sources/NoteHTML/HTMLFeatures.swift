#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    public init(html: UnsafeBufferPointer<UInt8>) {
        self.init()
        add(tagsIn: html, from: 0, to: html.count)
    }

    public var all: Bool { code && math && diagrams && video }

    /// Adds the features of the tags whose `<` lies in `start..<end` of `html`; a tag is read up
    /// to the end of `html`, so a tag that a region opens and the next one finishes still counts.
    mutating func add(tagsIn html: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        guard let base = html.baseAddress else { return }
        var offset = start
        // One pass with `memchr`: Foundation's `String.contains` bridged every page through NSString.
        while offset < end, !all,
            let found = memchr(base + offset, Int32(UInt8(ascii: "<")), end - offset)
        {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            add(tag: UnsafeBufferPointer(rebasing: html[at...]))
            offset = at + 1
        }
    }

    /// The feature of the tag `tag` starts with (it runs to the end of the HTML), if any.
    private mutating func add(tag: UnsafeBufferPointer<UInt8>) {
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

    private static func starts(_ tag: UnsafeBufferPointer<UInt8>, with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard tag.count >= count, let start = tag.baseAddress else { return false }
        return memcmp(start, prefix.utf8Start, count) == 0
    }
}
