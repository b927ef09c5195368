import Foundation
import Mustache
import Testing

/// A rough throughput figure for a page-like template; the site renders thousands of pages.
struct RenderingPerformanceTests {
    static let page = """
        <!doctype html>
        <html lang="{{site.language}}">
          <head>
            <meta charset="utf-8">
            <title>{{title}} · {{site.title}}</title>
            {{#description}}<meta name="description" content="{{description}}">{{/description}}
          </head>
          <body>
            <nav>{{#breadcrumbs}}<a href="{{url}}">{{name}}</a> / {{/breadcrumbs}}</nav>
            <article>
              {{{body}}}
            </article>
            {{#hasTags}}<ul class="tags">{{#tags}}<li><a href="{{url}}">#{{name}}</a></li>{{/tags}}</ul>{{/hasTags}}
            {{#backlinks}}
            {{>backlink}}
            {{/backlinks}}
          </body>
        </html>

        """

    @Test func rendersThousandsOfPagesQuickly() throws {
        let library = try TemplateLibrary(sources: [
            "page": Self.page, "backlink": "<a href=\"{{url}}\">{{title}}</a>\n",
        ])
        let body = String(repeating: "<p>Some paragraph text with <em>markup</em> & more.</p>\n", count: 40)
        let data: TemplateValue = [
            "site": ["language": "en", "title": "Notes"],
            "title": "Lisbon <trip>", "description": "A trip", "body": .string(body), "hasTags": true,
            "breadcrumbs": .array(
                (0..<3).map { ["url": .string("../\($0).html"), "name": .string("level \($0)")] }),
            "tags": .array((0..<5).map { ["url": .string("tags/\($0).html"), "name": .string("tag\($0)")] }),
            "backlinks": .array(
                (0..<10).map { ["url": .string("n\($0).html"), "title": .string("Note \($0)")] }),
        ]
        let pages = 2_000
        let start = ContinuousClock.now
        var bytes = 0
        for _ in 0..<pages {
            bytes += try library.render("page", with: data).utf8.count
        }
        let elapsed = ContinuousClock.now - start
        let sample = try library.render("page", with: data)
        #expect(sample.contains("<title>Lisbon &lt;trip&gt; · Notes</title>"))
        #expect(sample.contains("    <a href=\"n9.html\">Note 9</a>\n  </body>"))
        #expect(sample.contains("<li><a href=\"tags/4.html\">#tag4</a></li></ul>"))
        print("Mustache: rendered \(pages) pages (\(bytes / pages) bytes each) in \(elapsed)")
    }

    @Test func parsesLargeTemplatesQuickly() throws {
        let source = String(repeating: Self.page, count: 500)  // about 370 KB, 13,000 tags
        let start = ContinuousClock.now
        let library = try TemplateLibrary(sources: ["big": source, "backlink": "{{title}}\n"])
        let elapsed = ContinuousClock.now - start
        let output = try library.render("big", with: ["title": "T", "backlinks": [[:]]])
        #expect(output.components(separatedBy: "<title>T · </title>").count == 501)
        print("Mustache: parsed \(source.utf8.count) bytes of template in \(elapsed)")
    }
}
