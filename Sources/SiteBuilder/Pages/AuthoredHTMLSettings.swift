import HTMLSanitizer

/// What every page's sanitizing of the author's HTML shares, made once per build of the pages:
/// the sanitizer with the `embed_hosts` policy, and the ids the theme's templates and scripts use.
struct AuthoredHTMLSettings: Sendable {
    var sanitizer: HTMLSanitizer
    var reservedIDs: Set<String>

    /// Ids the theme's scripts give elements they make (link-preview.js, search.js).
    static let scriptIDs: Set<String> = ["link-preview"]

    init(configuration: SiteConfiguration, theme: Theme) {
        sanitizer = HTMLSanitizer(policy: HTMLSanitizer.Policy(embedHosts: configuration.embedHosts))
        var ids = Self.scriptIDs
        for template in theme.templates.values { Self.addIDs(inTemplate: template, to: &ids) }
        reservedIDs = ids
    }

    /// The literal `id="..."` values of a template (those made by a tag, `{{...}}`, are left out:
    /// they are the note's own, already reserved from its HTML).
    static func addIDs(inTemplate template: String, to ids: inout Set<String>) {
        var rest = Substring(template)
        while let found = rest.range(of: "id=\"") {
            rest = rest[found.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { return }
            let id = rest[..<end]
            if !id.isEmpty, !id.contains("{") { ids.insert(String(id)) }
            rest = rest[end...]
        }
    }
}
