import Mustache
import Testing

/// Behaviour the spec leaves open, decided here for the site's templates.
struct RenderingTests {
    private func render(_ template: String, _ data: TemplateValue, partials: [String: String] = [:]) throws
        -> String
    {
        var sources = partials
        sources["t"] = template
        return try TemplateLibrary(sources: sources).render("t", with: data)
    }

    @Test func emptyStringHidesSectionButZeroShowsIt() throws {
        let template = "{{#s}}s{{/s}}{{^s}}no-s{{/s}} {{#n}}n{{/n}}{{^n}}no-n{{/n}}"
        #expect(try render(template, ["s": "", "n": 0]) == "no-s n")
        #expect(try render(template, ["s": "x", "n": 0.0]) == "s n")
    }

    @Test func numbersAndBooleansPrintPlainly() throws {
        let data: TemplateValue = ["i": -3, "d": 2.0, "f": 1.25, "b": true, "list": [1], "obj": ["a": 1]]
        #expect(try render("{{i}} {{d}} {{f}} {{b}} [{{list}}] [{{obj}}]", data) == "-3 2 1.25 true [] []")
    }

    @Test func escapesApostrophesForSingleQuotedAttributes() throws {
        #expect(try render("<a title='{{t}}'>", ["t": "it's <b>"]) == "<a title='it&#39;s &lt;b&gt;'>")
        #expect(try render("{{{t}}}{{&t}}", ["t": "'"]) == "''")
    }

    @Test func keepsNonASCIIText() throws {
        #expect(try render("héllo {{name}} ✓\n", ["name": "wörld 🌍"]) == "héllo wörld 🌍 ✓\n")
    }

    /// The renderer numbers indentations once per enclosing indentation and call: the same call
    /// under two indentations indents by each, and a loop repeats it alike.
    @Test func nestedPartialIndentationAddsUpPerCall() throws {
        let partials = ["row": "r{{.}}\n  {{>cell}}\n", "cell": "c\n"]
        let template = "{{#items}}\n  {{>row}}\n{{/items}}\n    {{>row}}\n"
        let expected = "  r1\n    c\n  r2\n    c\n    r\n      c\n"
        #expect(try render(template, ["items": [1, 2]], partials: partials) == expected)
    }

    @Test func missingPartialRendersNothing() throws {
        #expect(try render("[{{>nowhere}}]", [:]) == "[]")
    }

    @Test func recursivePartialFollowsDataWithinLimit() throws {
        var tree: TemplateValue = ["name": "leaf", "kids": []]
        for level in 0..<60 {
            tree = ["name": .string("n\(level)"), "kids": [tree]]
        }
        let output = try render(
            "{{>node}}", tree, partials: ["node": "{{name}}({{#kids}}{{>node}}{{/kids}})"])
        #expect(output.hasPrefix("n59(n58("))
        #expect(output.hasSuffix("leaf()" + String(repeating: ")", count: 60)))
    }

    @Test func deepSectionNestingRendersWithoutRecursion() throws {
        let depth = 200
        let template =
            String(repeating: "{{#a}}", count: depth - 1) + "{{x}}"
            + String(repeating: "{{/a}}", count: depth - 1)
        #expect(try render(template, ["a": true, "x": "deep"]) == "deep")
    }

    @Test func themeCanExtendDefaultPage() throws {
        let partials = [
            "default-page": """
            <html>
              <head>{{$head}}<title>{{title}}</title>{{/head}}</head>
              <body>
                {{$body}}
                <p>default</p>
                {{/body}}
              </body>
            </html>

            """
        ]
        let theme = """
            {{<default-page}}
            {{$body}}
            <main>
              {{{content}}}
            </main>
            {{/body}}
            {{/default-page}}

            """
        let expected = """
            <html>
              <head><title>Notes &amp; more</title></head>
              <body>
                <main>
                  <p>Hi</p>
                </main>
              </body>
            </html>

            """
        #expect(
            try render(theme, ["title": "Notes & more", "content": "<p>Hi</p>"], partials: partials)
                == expected)
    }
}
