import Mustache

/// What a page's `<head>` tells search engines and link previews when `base_url` is set: its
/// canonical URL, Open Graph (`og:*`) and the Twitter card. Without `base_url` there is no
/// absolute URL to give, so none of it is written.
struct HeadMetadata: Sendable {
    /// The note's picture for cards, published as a file (``SocialImages``); nil for listings and
    /// notes without a raster image.
    struct Image: Sendable {
        /// A path in the site, or an absolute URL (an `image` property's `https:` picture).
        var sitePath: String
        var isAbsolute = false
        /// Unknown for a remote picture.
        var width: Int?
        var height: Int?
        var alt: String
    }

    var baseURL: String
    var urls: URLStyle
    var siteTitle: String
    /// For pages without a description of their own (listings, a note without a paragraph).
    var siteDescription: String?

    /// The page's absolute URL as links name it: `trips/lisbon.html`, or `trips/lisbon/` for
    /// pretty URLs (never `index.html`, which is the same page under another name).
    func canonicalURL(of pagePath: String) -> String {
        var path = pagePath
        if path == "index.html" {
            path = ""
        } else if urls == .pretty, path.hasSuffix("/index.html") {
            path.removeLast("index.html".count)
        }
        return Sitemap.absoluteURL(path, base: baseURL)
    }

    /// The template values under `social`: `canonical`, `type`, `title`, `description`, `siteName`,
    /// `image` (`url`, `width`, `height`, `alt`) and `card`.
    func values(
        pagePath: String, title: String, description: String?, article: Bool, image: Image?
    ) -> TemplateValue {
        var values: [String: TemplateValue] = [
            "canonical": .string(canonicalURL(of: pagePath)),
            "type": .string(article ? "article" : "website"),
            "title": .string(title.isEmpty ? siteTitle : title), "siteName": .string(siteTitle),
            // A large picture when there is one; else the small card with the text.
            "card": .string(image == nil ? "summary" : "summary_large_image"),
        ]
        let described = description.flatMap { $0.isEmpty ? nil : $0 } ?? siteDescription
        if let described, !described.isEmpty { values["description"] = .string(described) }
        if let image {
            values["image"] = [
                "url": .string(
                    image.isAbsolute ? image.sitePath : Sitemap.absoluteURL(image.sitePath, base: baseURL)),
                "width": image.width.map(TemplateValue.int) ?? .null,
                "height": image.height.map(TemplateValue.int) ?? .null, "alt": .string(image.alt),
            ]
        }
        return .object(values)
    }
}
