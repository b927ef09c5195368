/// Decides URLs the way a browser reads them: the scheme after the outer spaces and control
/// characters are stripped and tabs and newlines taken out (entities are decoded by the parser).
/// The checked string is the one written out, so the browser sees exactly what was checked.
enum URLCheck {
    enum Verdict: Equatable {
        case allowed(String)
        /// A scheme that may run code or is unknown: reported as "scheme: URL".
        case blocked(scheme: String)
    }

    static let allowedSchemes: Set<String> = ["http", "https", "mailto", "tel"]
    static let dataImageTypes = ["png", "jpeg", "gif", "webp", "avif"]

    static func normalized(_ raw: String) -> String {
        var scalars = Substring(raw).unicodeScalars
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        guard scalars.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" }) else {
            return String(scalars)
        }
        var result = String.UnicodeScalarView()
        for scalar in scalars where scalar != "\t" && scalar != "\n" && scalar != "\r" {
            result.append(scalar)
        }
        return String(result)
    }

    /// The lowercased scheme, or nil for a relative URL.
    static func scheme(of url: String) -> String? {
        var scheme = ""
        for scalar in url.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z": scheme.unicodeScalars.append(scalar)
            case "0"..."9", "+", "-", ".":
                guard !scheme.isEmpty else { return nil }
                scheme.unicodeScalars.append(scalar)
            case ":": return scheme.isEmpty ? nil : scheme.lowercased()
            default: return nil
            }
        }
        return nil
    }

    /// Schemes that run code. Blocked even when spaces or control characters split them
    /// (`javascrip t:`): a browser reads that as a relative URL today, but no author means one.
    static let scriptSchemes = ["javascript", "vbscript", "livescript", "mocha"]

    static func check(_ raw: String, allowDataImage: Bool) -> Verdict {
        let url = normalized(raw)
        if let hidden = hiddenScriptScheme(url) { return .blocked(scheme: hidden) }
        guard let scheme = scheme(of: url) else { return .allowed(url) }
        if allowedSchemes.contains(scheme) { return .allowed(url) }
        if scheme == "data", allowDataImage, isDataImage(url) { return .allowed(url) }
        return .blocked(scheme: String(scheme.prefix(24)))
    }

    /// A script scheme spelled with spaces or control characters between its letters.
    private static func hiddenScriptScheme(_ url: String) -> String? {
        guard url.unicodeScalars.contains(where: { $0.value <= 0x20 }) else { return nil }
        var letters = ""
        for scalar in url.unicodeScalars.prefix(64) where scalar.value > 0x20 {
            if scalar == ":" { break }
            letters.unicodeScalars.append(scalar)
        }
        let lower = letters.lowercased()
        return scriptSchemes.contains(lower) ? lower : nil
    }

    /// `data:image/png;base64,...` and the like (SVG is not among them: it can hold scripts).
    private static func isDataImage(_ url: String) -> Bool {
        let lower = url.prefix(24).lowercased()
        return dataImageTypes.contains { type in
            let prefix = "data:image/" + type
            guard lower.hasPrefix(prefix) else { return false }
            let next = lower.dropFirst(prefix.count).first
            return next == ";" || next == ","
        }
    }

    /// The host of an `https://host/...` URL, lowercased; nil for anything else, and for hosts
    /// written so that a plain comparison could be fooled (percent escapes, IPv6 literals).
    static func httpsHost(_ url: String) -> String? {
        let lower = url.lowercased()
        guard lower.hasPrefix("https://") else { return nil }
        let rest = lower.dropFirst("https://".count)
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != "\\" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if let colon = authority.firstIndex(of: ":") { authority = authority[..<colon] }
        var host = String(authority)
        while host.hasSuffix(".") { host.removeLast() }
        guard !host.isEmpty, !host.contains("%"), !host.contains("[") else { return nil }
        return host
    }

    /// How a rejected iframe source is named in the report.
    static func iframeOrigin(_ url: String) -> String {
        if let host = httpsHost(url) { return String(host.prefix(64)) }
        if url.isEmpty { return "nowhere" }
        if let scheme = scheme(of: url) { return String(scheme.prefix(24)) + ":" }
        return "a relative URL"
    }
}
