internal import CGumbo

/// What becomes of each element and attribute.
enum Allowlist {
    enum ElementRule: UInt8 {
        /// Written out with its allowed attributes.
        case keep
        /// The tag goes, its children stay (unknown and presentational tags: `<font>`, `<center>`).
        case unwrap
        /// Goes with everything inside (scripts, styles, forms, embedded documents, SVG, MathML).
        case remove
    }

    static let kept: Set<String> = [
        "br", "wbr", "b", "i", "u", "s", "em", "strong", "mark", "small", "kbd", "sub", "sup", "abbr", "cite",
        "code", "q", "del", "ins", "dfn", "var", "samp", "span", "div", "p", "details", "summary", "figure",
        "figcaption", "blockquote", "hr", "pre", "ul", "ol", "li", "dl", "dt", "dd", "h1", "h2", "h3", "h4",
        "h5", "h6", "table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td", "colgroup", "col", "img",
        "picture", "source", "video", "audio", "track", "a", "iframe", "time", "ruby", "rt", "rp", "bdi",
        "bdo",
    ]

    static let removed: Set<String> = [
        "head", "title", "base", "link", "meta", "style", "script", "noscript", "template", "body", "embed",
        "object", "param", "applet", "math", "svg", "form", "input", "button", "select", "datalist",
        "optgroup", "option", "textarea", "keygen", "output", "frame", "frameset", "noframes", "noembed",
        "isindex", "plaintext", "xmp", "canvas", "map", "area", "menuitem", "bgsound", "nextid", "portal",
        "fencedframe",
    ]

    /// Elements without end tags.
    static let void: Set<String> = [
        "br", "wbr", "hr", "img", "source", "track", "col", "area", "base", "embed", "input", "link", "meta",
        "param",
    ]

    /// Rule and name bytes per `GumboTag` value below `GUMBO_TAG_UNKNOWN`.
    static let tags: [Tag] = (0..<GUMBO_TAG_UNKNOWN.rawValue).map { raw in
        tag(named: gumbo_normalized_tagname(GumboTag(rawValue: raw)).map { String(cString: $0) } ?? "")
    }

    /// The rule for a tag by name: also for tags newer than gumbo's list (`<picture>`).
    static func tag(named name: String) -> Tag {
        let rule: ElementRule = kept.contains(name) ? .keep : removed.contains(name) ? .remove : .unwrap
        return Tag(rule: rule, name: name, bytes: Array(name.utf8), isVoid: void.contains(name))
    }

    struct Tag {
        var rule: ElementRule
        var name: String
        var bytes: [UInt8]
        var isVoid: Bool
    }

    enum AttributeRule {
        case plain
        case url(HTMLSanitizer.URLAttribute)
        case style
        case id
        case target
        case drop
        /// Dropped without a mention: `rel` (a kept `target="_blank"` brings its own).
        case dropSilently
    }

    /// Harmless on any kept element.
    static let plain: Set<String> = [
        "class", "title", "lang", "dir", "width", "height", "align", "valign", "colspan", "rowspan", "open",
        "start", "reversed", "alt", "controls", "loop", "muted", "playsinline", "autoplay", "preload", "type",
        "kind", "srclang", "label", "default", "datetime", "value", "span", "scope", "headers", "sizes",
        "media", "loading", "decoding", "role", "translate",
    ]

    static func attributeRule(_ name: String, element: String) -> AttributeRule {
        if plain.contains(name) { return .plain }
        if name.hasPrefix("aria-") {
            let isName = name.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "-")
            }
            return isName ? .plain : .drop
        }
        switch name {
        case "id": return .id
        case "style": return .style
        case "href" where element == "a": return .url(.href)
        case "target" where element == "a": return .target
        case "rel": return .dropSilently
        case "src" where ["img", "source", "video", "audio", "track"].contains(element): return .url(.src)
        case "srcset" where element == "img" || element == "source": return .url(.srcset)
        case "poster" where element == "video": return .url(.poster)
        case "cite" where ["blockquote", "q", "del", "ins"].contains(element): return .url(.cite)
        default: return .drop
        }
    }

    /// Attributes of embed snippets that the iframe rules replace: dropped without a mention.
    static let iframeReplaced: Set<String> = [
        "frameborder", "allow", "allowfullscreen", "referrerpolicy", "loading", "sandbox", "scrolling",
        "style", "src", "width", "height", "title",
    ]
}
