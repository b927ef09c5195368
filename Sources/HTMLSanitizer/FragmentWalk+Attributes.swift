internal import HTMLText

/// Start tags: the attributes the allowlist keeps, URLs checked, styles filtered, ids made unique.
extension FragmentWalk {
    private struct Attribute {
        var name: String
        var value: String
        /// Written without `=""` (it had no value in the source).
        var bare = false
    }

    static let iframeFixed =
        " sandbox=\"allow-scripts allow-same-origin allow-presentation allow-popups\" loading=\"lazy\""
        + " referrerpolicy=\"strict-origin-when-cross-origin\" allowfullscreen>"

    mutating func writeStartTag(_ node: GumboTree.Node, tag: Allowlist.Tag) {
        var kept: [Attribute] = []
        var opensWindow = false
        let element = tag.name
        for index in 0..<node.attributeCount {
            guard let attribute = node.attribute(index) else { continue }
            keep(attribute, of: element, in: &kept, opensWindow: &opensWindow)
        }
        if opensWindow { kept.append(Attribute(name: "rel", value: "noopener noreferrer")) }
        out.append(UInt8(ascii: "<"))
        out.append(contentsOf: tag.bytes)
        for attribute in kept { write(attribute) }
        out.append(UInt8(ascii: ">"))
    }

    /// Adds `attribute` to `kept` as the allowlist says, or reports it.
    private mutating func keep(
        _ attribute: GumboTree.Attribute, of element: String, in kept: inout [Attribute],
        opensWindow: inout Bool
    ) {
        let name = stripPlaceholders(attribute.name)
        let value = stripPlaceholders(attribute.value)
        guard !name.hasPrefix("on") else {
            report(String(name.prefix(40)))
            return
        }
        switch Allowlist.attributeRule(name, element: element) {
        case .plain:
            kept.append(Attribute(name: name, value: value, bare: !attribute.quoted))
        case .id:
            if let id = uniqueID(value) { kept.append(Attribute(name: name, value: id)) }
        case .style:
            var reported: [String] = []
            let style = StyleFilter.filter(value, report: { reported.append($0) })
            for item in reported { report(item) }
            if let style { kept.append(Attribute(name: name, value: style)) }
        case .target:
            if value.trimmingSpaces.lowercased() == "_blank" {
                kept.append(Attribute(name: name, value: "_blank"))
                opensWindow = true
            } else {
                report("target")
            }
        case .url(let kind):
            let checked = kind == .srcset ? srcset(value, element: element) : url(value, kind, element)
            if let checked { kept.append(Attribute(name: name, value: checked)) }
        case .drop:
            report(String(name.prefix(40)))
        case .dropSilently:
            break
        }
    }

    private mutating func write(_ attribute: Attribute) {
        out.append(UInt8(ascii: " "))
        out.append(contentsOf: attribute.name.utf8)
        guard !(attribute.bare && attribute.value.isEmpty) else { return }
        out.append(UInt8(ascii: "="))
        out.append(UInt8(ascii: "\""))
        HTMLText.appendEscaped(attribute.value.utf8, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// Writes an iframe from an allowed host with the fixed sandbox, or reports it; true if written.
    mutating func writeIframe(_ node: GumboTree.Node) -> Bool {
        var source: String?
        var kept: [Attribute] = []
        for index in 0..<node.attributeCount {
            guard let attribute = node.attribute(index) else { continue }
            let name = stripPlaceholders(attribute.name)
            let value = stripPlaceholders(attribute.value)
            switch name {
            case "src": source = URLCheck.normalized(value)
            case "width", "height", "title", "class": kept.append(Attribute(name: name, value: value))
            case "id": if let id = uniqueID(value) { kept.append(Attribute(name: name, value: id)) }
            default: if !Allowlist.iframeReplaced.contains(name) { report(String(name.prefix(40))) }
            }
        }
        let url = source ?? ""
        guard case .allowed = URLCheck.check(url, allowDataImage: false), let host = URLCheck.httpsHost(url),
            embedHosts.contains(host)
        else {
            report("<iframe> from \(URLCheck.iframeOrigin(url))")
            return false
        }
        let written: String
        switch urls("iframe", .src, url) {
        case .keep: written = url
        case .replace(let replacement): written = replacement
        case .remove: return false
        }
        out.append(contentsOf: [UInt8]("<iframe".utf8))
        write(Attribute(name: "src", value: written))
        for attribute in kept { write(attribute) }
        out.append(contentsOf: Self.iframeFixed.utf8)
        return true
    }

    /// The URL to write, after the scheme check and the caller's decision, or nil.
    private mutating func url(_ value: String, _ kind: HTMLSanitizer.URLAttribute, _ element: String)
        -> String?
    {
        switch URLCheck.check(value, allowDataImage: element == "img" && kind == .src) {
        case .blocked(let scheme):
            report("\(scheme): URL")
            return nil
        case .allowed(let url):
            switch urls(element, kind, url) {
            case .keep: return url
            case .replace(let replacement): return replacement
            case .remove: return nil
            }
        }
    }

    /// A `srcset` rebuilt from its candidates whose URLs pass, each decided by the caller; a
    /// candidate whose descriptor is not a plain width or density is dropped.
    private mutating func srcset(_ value: String, element: String) -> String? {
        var candidates: [String] = []
        var rest = Substring(value)
        let isSpace: (Character) -> Bool = {
            $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{C}"
        }
        while true {
            rest = rest.drop { isSpace($0) || $0 == "," }
            guard !rest.isEmpty else { break }
            var address = rest.prefix { !isSpace($0) }
            rest = rest[address.endIndex...]
            var descriptor = Substring()
            if address.hasSuffix(",") {
                while address.hasSuffix(",") { address = address.dropLast() }
            } else {
                descriptor = rest.prefix { $0 != "," }
                rest = rest[descriptor.endIndex...]
                descriptor = descriptor.trimmingSpaces
            }
            let plain = descriptor.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") }
            guard plain else { continue }
            switch URLCheck.check(String(address), allowDataImage: element == "img") {
            case .blocked(let scheme):
                report("\(scheme): URL")
            case .allowed(let url):
                let written: String
                switch urls(element, .srcset, url) {
                case .keep: written = url
                case .replace(let replacement): written = replacement
                case .remove: continue
                }
                candidates.append(descriptor.isEmpty ? written : written + " " + descriptor)
            }
        }
        return candidates.isEmpty ? nil : candidates.joined(separator: ", ")
    }

    /// The id itself, or with the first free suffix when the page or an earlier element has it.
    mutating func uniqueID(_ value: String) -> String? {
        guard !value.isEmpty else { return nil }
        var candidate = value
        var suffix = idSuffixes[value] ?? 0
        while usedIDs.contains(candidate) {
            suffix += 1
            candidate = "\(value)-\(suffix)"
        }
        if suffix > 0 { idSuffixes[value] = suffix }
        usedIDs.insert(candidate)
        return candidate
    }
}
