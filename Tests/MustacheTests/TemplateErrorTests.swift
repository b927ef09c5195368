import Mustache
import Testing

/// Each syntax error names the template, line and column a person should look at.
struct TemplateErrorTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var label: String
        var source: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { label }
    }

    static let examples: [Example] = [
        Example(
            label: "unclosed tag", source: "line one\n  ab {{name\n", line: 2, column: 6,
            message: "unclosed tag: '{{' has no matching '}}'"),
        Example(
            label: "unclosed triple mustache", source: "{{{name}}", line: 1, column: 1,
            message: "unclosed tag: '{{{' has no matching '}}}'"),
        Example(
            label: "unclosed section", source: "a\n{{#items}}\n  {{name}}\n", line: 2, column: 1,
            message: "unclosed section 'items': no {{/items}} before the end of the template"),
        Example(
            label: "innermost unclosed section", source: "{{#a}}\n  {{^b}}\n", line: 2, column: 3,
            message: "unclosed section 'b': no {{/b}} before the end of the template"),
        Example(
            label: "unclosed section after a delimiter change", source: "{{=<% %>=}}\n<%#a%>", line: 2,
            column: 1, message: "unclosed section 'a': no <%/a%> before the end of the template"),
        Example(
            label: "unclosed block", source: "{{$title}}Home", line: 1, column: 1,
            message: "unclosed section 'title': no {{/title}} before the end of the template"),
        Example(
            label: "mismatched closing tag", source: "{{#a}}\n  {{/b}}", line: 2, column: 3,
            message: "closing tag 'b' does not match open section 'a' (opened at 1:1)"),
        Example(
            label: "closing tag without section", source: "x {{/a}}", line: 1, column: 3,
            message: "closing tag 'a' has no open section"),
        Example(
            label: "delimiter change without final =", source: "ok\n{{=<% %>}}", line: 2, column: 1,
            message: "bad delimiter change '{{=<% %>}}': it must end with '=' before the closing delimiter, "
                + "like {{=<% %>=}}"),
        Example(
            label: "delimiter change with one delimiter", source: "{{=<%=}}", line: 1, column: 1,
            message: "bad delimiter change '{{=<%=}}': expected exactly two delimiters separated by a space, "
                + "like {{=<% %>=}}"),
        Example(
            label: "delimiter containing =", source: "{{=a=b c=}}", line: 1, column: 1,
            message: "bad delimiter change '{{=a=b c=}}': a delimiter cannot contain '=', like {{=<% %>=}}"),
        Example(
            label: "empty tag", source: "<p>{{ }}</p>", line: 1, column: 4,
            message: "empty tag: a name is missing"),
        Example(
            label: "name with a space", source: "{{#a b}}{{/a b}}", line: 1, column: 1,
            message: "invalid name 'a b': names cannot contain spaces"),
        Example(
            label: "empty part of a dotted name", source: "{{a..b}}", line: 1, column: 1,
            message: "invalid name 'a..b': empty part in a dotted name"),
        Example(
            label: "columns count characters, not bytes", source: "héllo wörld {{/x}}", line: 1, column: 13,
            message: "closing tag 'x' has no open section"),
        Example(
            label: "nesting too deep", source: String(repeating: "{{#a}}", count: 300), line: 1, column: 1201,
            message: "sections nested more than 200 deep"),
    ]

    @Test(arguments: examples)
    func syntaxError(_ example: Example) {
        let sources = ["good": "{{#ok}}fine{{/ok}}", "page": example.source]
        #expect {
            _ = try TemplateLibrary(sources: sources)
        } throws: { error in
            guard let error = error as? TemplateError else { return false }
            return error
                == TemplateError(
                    template: "page", line: example.line, column: example.column,
                    message: example.message)
        }
    }

    @Test func errorPrintsOneLine() {
        let error = TemplateError(
            template: "page", line: 3, column: 7, message: "closing tag 'a' has no open section")
        #expect(error.description == "page:3:7: error: closing tag 'a' has no open section")
    }

    @Test func firstErrorInNameOrder() throws {
        let sources = ["b": "{{#x}}", "a": "fine", "c": "{{/y}}"]
        let error = try #require(throws: TemplateError.self) { try TemplateLibrary(sources: sources) }
        #expect(error.template == "b")
    }

    @Test func missingTopLevelTemplateIsAnError() throws {
        let library = try TemplateLibrary(sources: ["page": "x"])
        let error = try #require(throws: TemplateError.self) { try library.render("pgae", with: [:]) }
        #expect(error.description == "pgae:1:1: error: no template named 'pgae' (templates: 'page')")
    }

    @Test func runawayPartialRecursionIsAnError() throws {
        let library = try TemplateLibrary(sources: ["loop": "x\n  {{>loop}}"])
        let error = try #require(throws: TemplateError.self) { try library.render("loop", with: [:]) }
        #expect(error.template == "loop")
        #expect(error.line == 2)
        #expect(error.column == 3)
        #expect(error.message.contains("partials nested more than 100 deep"))
    }

    @Test func malformedInputNeverCrashes() throws {
        let inputs = [
            "{{", "}}", "{{{", "{{=", "{{= =}}", "{{#", "{{/}}", "{{>}}", "{{<}}", "{{$}}", "{{!", "{{&}}",
            "{{=| |=}}|", "{{=| |=}}|#a|", "\u{0}{{\u{0}}}", "{{#a}}{{/a}}{{/a}}",
            String(repeating: "{{#a}}", count: 10_000), String(repeating: "{{/a}}", count: 10_000),
        ]
        for input in inputs {
            if let library = try? TemplateLibrary(sources: ["t": input]) {
                _ = try? library.render("t", with: ["a": [[1]]])
            }
        }
    }
}
