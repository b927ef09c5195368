internal import CGumbo

extension HTMLSanitizer {
    /// What in `html` a browser could run or that escapes the allowlist, one line each; empty for
    /// safe output. It parses `html` again as a fragment and checks the tree with rules written
    /// apart from the sanitizer's own tables, so tests and the fuzzer do not share its mistakes.
    public static func audit(_ html: String, policy: Policy = Policy()) -> [String] {
        var problems: [String] = []
        _ = GumboTree.parse(Array(html.utf8)) { root in
            var stack = [root]
            while let node = stack.popLast() {
                for index in 0..<node.childCount {
                    guard let child = node.child(index), child.kind == .element else { continue }
                    problems += AuditRules.check(child, policy: policy)
                    stack.append(child)
                }
            }
        }
        return problems
    }
}

private enum AuditRules {
    static let elements: Set<String> = Set(
        ("br wbr b i u s em strong mark small kbd sub sup abbr cite code q del ins dfn var samp span div p details"
            + " summary figure figcaption blockquote hr pre ul ol li dl dt dd h1 h2 h3 h4 h5 h6 table caption thead"
            + " tbody tfoot tr th td colgroup col img picture source video audio track a iframe time ruby rt rp"
            + " bdi bdo").split(separator: " ").map(String.init))

    static let attributes: Set<String> = Set(
        ("class id title lang dir width height align valign colspan rowspan open start reversed alt controls loop"
            + " muted playsinline autoplay preload type kind srclang label default datetime value span scope"
            + " headers sizes media loading decoding role translate style href target rel src srcset poster cite"
            + " sandbox referrerpolicy allowfullscreen").split(separator: " ").map(String.init))

    static func check(_ node: GumboTree.Node, policy: HTMLSanitizer.Policy) -> [String] {
        guard node.isHTML else { return ["element outside HTML"] }
        let name = elementName(node)
        var problems: [String] = []
        if !elements.contains(name) { problems.append("element <\(name)>") }
        for index in 0..<node.attributeCount {
            guard let attribute = node.attribute(index) else { continue }
            let attributeName = attribute.name
            let value = attribute.value
            if attributeName.hasPrefix("on") { problems.append("event attribute \(attributeName)") }
            if !attributes.contains(attributeName), !attributeName.hasPrefix("aria-") {
                problems.append("attribute \(attributeName) on <\(name)>")
            }
            switch attributeName {
            case "href", "src", "poster", "cite":
                problems += url(value, image: name == "img")
            case "srcset":
                for address in srcsetURLs(value) { problems += url(address, image: name == "img") }
            case "style":
                let lower = value.lowercased()
                for bad in ["url(", "expression", "\\", "/*", "position", "@import", "behavior", "binding"]
                where lower.contains(bad) {
                    problems.append("style with \(bad)")
                }
            default: break
            }
            if name == "iframe", attributeName == "src" {
                let host = URLCheck.httpsHost(URLCheck.normalized(value))
                if host.map({ !policy.embedHosts.contains($0) }) ?? true {
                    problems.append("iframe from \(value)")
                }
            }
        }
        return problems
    }

    /// The element's name, lowercased; for tags gumbo does not know (`<picture>`), as written.
    static func elementName(_ node: GumboTree.Node) -> String {
        guard node.tag == GUMBO_TAG_UNKNOWN else { return GumboTree.Node.name(of: node.tag) ?? "?" }
        let written = node.originalTagName
        return written.isEmpty ? "?" : String(decoding: written, as: UTF8.self).lowercased()
    }

    /// The URLs of a `srcset` as a browser splits it: a URL runs to the next space (a data URL
    /// keeps its commas), trailing commas end the candidate, else descriptors run to a comma.
    static func srcsetURLs(_ value: String) -> [String] {
        let isSpace: (Character) -> Bool = {
            $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{C}"
        }
        var urls: [String] = []
        var rest = Substring(value)
        while true {
            rest = rest.drop { isSpace($0) || $0 == "," }
            guard !rest.isEmpty else { return urls }
            var address = rest.prefix { !isSpace($0) }
            rest = rest[address.endIndex...]
            if address.hasSuffix(",") {
                while address.hasSuffix(",") { address = address.dropLast() }
            } else {
                rest = rest.drop { $0 != "," }
            }
            urls.append(String(address))
        }
    }

    /// A URL whose scheme, read as a browser reads it, could run code.
    static func url(_ value: String, image: Bool) -> [String] {
        let squeezed = String(
            value.unicodeScalars.filter { $0.value > 0x20 }.map(Character.init)
        ).lowercased()
        for scheme in ["javascript:", "vbscript:", "livescript:", "mocha:", "file:"]
        where squeezed.hasPrefix(scheme) {
            return ["\(scheme) URL"]
        }
        if squeezed.hasPrefix("data:") {
            let images = [
                "data:image/png", "data:image/jpeg", "data:image/gif", "data:image/webp", "data:image/avif",
            ]
            if !image || !images.contains(where: { squeezed.hasPrefix($0) })
                || squeezed.hasPrefix("data:image/svg")
            {
                return ["data: URL outside an image"]
            }
        }
        return []
    }
}
