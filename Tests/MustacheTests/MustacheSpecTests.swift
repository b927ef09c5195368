import Mustache
import Testing

/// The Mustache spec v1.4, one test case per example. Skipped: `~lambdas` (needs code in the data) and
/// `~dynamic-names` (not supported).
@Suite(.enabled(if: SpecCorpus.mustRun, "the Mustache spec corpus is absent (../shared/corpora/mustache)"))
struct MustacheSpecTests {
    static let templateName = "(spec template)"

    @Test(
        arguments: SpecCorpus.cases([
            "comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance",
        ]))
    func spec(_ example: SpecCase) throws {
        if let problem = example.problem {
            Issue.record(Comment(rawValue: problem))
            return
        }
        var sources = example.partials
        sources[Self.templateName] = example.template
        let library = try TemplateLibrary(sources: sources)
        let output = try library.render(Self.templateName, with: example.data)
        #expect(output == example.expected, "template: \(String(reflecting: example.template))")
    }
}
