import Foundation
import HTMLText

/// `sitemap.xml`: every page by its absolute URL, which needs `base_url`; without it there is none.
/// A note's page has its updated date as `lastmod` (``NoteDates``).
enum Sitemap {
    static func xml(pages: [String], baseURL: String, updated: [String: Date] = [:]) -> Data {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages.sorted() where page != "404.html" {
            xml += "<url><loc>\(absoluteURL(page, base: baseURL).htmlEscaped)</loc>"
            if let date = updated[page] { xml += "<lastmod>\(DateText.machine(date))</lastmod>" }
            xml += "</url>\n"
        }
        return Data((xml + "</urlset>\n").utf8)
    }

    /// `trips/día.html` under `https://example.org/notes/`, percent-encoded.
    static func absoluteURL(_ page: String, base: String) -> String {
        base + (page.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? page)
    }
}
