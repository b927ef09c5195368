import Foundation
import Testing

@testable import Bases

/// Regular expressions: JavaScript's answers for the syntax people write, the features refused by
/// name at their place, and patterns that backtracking engines take exponential time on finishing
/// in time linear in the text.
@Suite struct RegexTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var expression: String
        var expected: String
        var testDescription: String { expression }
    }

    /// Each expected value is what a browser's JavaScript gives for the same call.
    static let cases: [Case] = [
        .init(expression: #"/abc/.matches("xabcx")"#, expected: "true"),
        .init(expression: #"/abd/.matches("xabcx")"#, expected: "false"),
        .init(expression: #"/^abc$/.matches("abc")"#, expected: "true"),
        .init(expression: #"/^bc/.matches("abc")"#, expected: "false"),
        .init(expression: #"/ABC/i.matches("xabcx")"#, expected: "true"),
        .init(expression: #"/ÉTÉ/i.matches("un été")"#, expected: "true"),
        .init(expression: #"/^b$/.matches("a\nb\nc")"#, expected: "false"),
        .init(expression: #"/^b$/m.matches("a\nb\nc")"#, expected: "true"),
        .init(expression: #"/a.c/.matches("a\nc")"#, expected: "false"),
        .init(expression: #"/a.c/s.matches("a\nc")"#, expected: "true"),
        .init(expression: #"/\bcat\b/.matches("a cat here")"#, expected: "true"),
        .init(expression: #"/\bcat\b/.matches("concatenate")"#, expected: "false"),
        .init(expression: #"/\Bcat\B/.matches("concatenate")"#, expected: "true"),
        .init(expression: #"/^\d{4}-\d{2}-\d{2}$/.matches("2025-06-15")"#, expected: "true"),
        .init(expression: #"/^\d{4}-\d{2}-\d{2}$/.matches("2025-6-15")"#, expected: "false"),
        .init(expression: #"/^[^aeiou]+$/.matches("rhythm")"#, expected: "true"),
        .init(expression: #"/^[a-c\d_-]+$/.matches("ab-3_c")"#, expected: "true"),
        .init(expression: #"/^\w+\s\W\S$/.matches("word !x")"#, expected: "true"),
        .init(expression: #"/^(cat|dog)s?$/.matches("dogs")"#, expected: "true"),
        .init(expression: #"/^(?:ab){2,3}$/.matches("ababab")"#, expected: "true"),
        .init(expression: #"/^(?:ab){2,3}$/.matches("abababab")"#, expected: "false"),
        .init(expression: #"/^a{2,}$/.matches("a")"#, expected: "false"),
        .init(expression: #"/a{,2}/.matches("a{,2}")"#, expected: "true"),
        .init(expression: #"/\/path\./.matches("a/path.md")"#, expected: "true"),
        .init(expression: #"/\x41\u0042/.matches("AB")"#, expected: "true"),
        .init(expression: "/x/.matches(missing)", expected: "false"),
        .init(expression: #""a,b,c,d".replace(/,/, "-")"#, expected: "a-b,c,d"),
        .init(expression: #""a,b,c,d".replace(/,/g, "-")"#, expected: "a-b-c-d"),
        .init(expression: #""John Smith".replace(/(\w+)\s(\w+)/, "$2, $1")"#, expected: "Smith, John"),
        .init(expression: #""abc".replace(/b/, "[$&|$`|$'|$$]")"#, expected: "a[b|a|c|$]c"),
        .init(expression: #""abc".replace(/(b)/, "$2$1$0")"#, expected: "a$2b$0c"),
        .init(expression: #""abc".replace(/x*/g, "-")"#, expected: "-a-b-c-"),
        .init(expression: #""aaa".replace(/a*?/g, "-")"#, expected: "-a-a-a-"),
        .init(expression: #""<b>bold</b>".replace(/<.+?>/g, "")"#, expected: "bold"),
        .init(expression: #""<b>bold</b>".replace(/<.+>/g, "")"#, expected: ""),
        .init(expression: #""Été".replace(/é/gi, "e")"#, expected: "ete"),
        .init(expression: #""a1b2c3d4".split(/\d/)"#, expected: "a, b, c, d, "),
        .init(expression: #""a1b2c3d4".split(/\d/).length"#, expected: "5"),
        .init(expression: #""a1b2c3".split(/(\d)/).length"#, expected: "7"),
        .init(expression: #""a1b2c3".split(/(\d)/)[1]"#, expected: "1"),
        .init(expression: #""abc".split(/x*/).length"#, expected: "3"),
        .init(expression: #""a, b ,c".split(/\s*,\s*/, 2)"#, expected: "a, b"),
        .init(expression: #""".split(/x/).length"#, expected: "1"),
        .init(expression: #""".split(/x*/).length"#, expected: "0"),
        // Each iteration captures afresh; an optional iteration that matches nothing does not count.
        .init(expression: #""ab".replace(/(?:(a)|b)+/, "[$1]")"#, expected: "[]"),
        .init(expression: #""a  A".replace(/((?:a.)*?)?\s*/, "[$1]")"#, expected: "[a ]A"),
        .init(expression: "/ab+c/gi.toString()", expected: "/ab+c/gi"),
        .init(expression: #"/x/.isType("regexp")"#, expected: "true"),
    ]

    @Test(arguments: cases) func javaScriptsAnswer(_ item: Case) {
        #expect(Fixture.show(item.expression) == item.expected)
    }

    /// Backreferences and lookaround need backtracking: a warning naming the feature at the
    /// literal's place, and no value.
    @Test(arguments: [
        (#"/(a)\1/.matches("aa")"#, #"backreferences (\1)"#),
        (#"/(?<x>a)\k<x>/.matches("aa")"#, #"backreferences (\k<name>)"#),
        (#"/a(?=b)/.matches("ab")"#, "lookahead"),
        (#"/a(?!b)/.matches("ab")"#, "lookahead"),
        (#"/(?<=a)b/.matches("ab")"#, "lookbehind"),
        (#"/(?<!a)b/.matches("ab")"#, "lookbehind"),
    ])
    func unsupportedFeaturesAreNamedWhereWritten(_ expression: String, _ feature: String) {
        // Two characters before the literal, so its column is 3.
        let (value, diagnostics) = Fixture.evaluate("  " + expression)
        #expect(value == nil)
        #expect(diagnostics.count == 1)
        let found = diagnostics.first?.description ?? ""
        #expect(
            found.hasPrefix("test.base:1:3: warning: \(feature)") && found.contains("not supported"),
            "\(found)")
    }

    @Test(arguments: [
        ("/a(b/", "not closed"), ("/a)b/", "unmatched ')'"), ("/*a/", "nothing to repeat"),
        ("/a**/", "nothing to repeat"), ("/[b-a]/", "out of order"), ("/a{3,2}/", "out of order"),
        ("/a{1001}/", "passes 1000"), ("/a/q", "unknown regular expression flag 'q'"),
        ("/a/gg", "given twice"), ("/a/y", "'y' is not supported"),
        ("/(?#x)/", "unknown group"), ("/(a*)*(b*)*(c*)*(d*)*(e*)*(f*)*(g*)*/", "more than 6 repeats"),
    ])
    func invalidPatternsAreWarnings(_ literal: String, _ message: String) {
        let (value, diagnostics) = Fixture.evaluate(literal + #".matches("a")"#)
        #expect(value == nil)
        #expect(diagnostics.first?.message.contains(message) == true, "\(diagnostics)")
    }

    /// The pattern's size is bounded before and after its counts are spelled out.
    @Test func largePatternsAreRefused() {
        let long = "/" + String(repeating: "a", count: BaseRegex.maximumPatternLength + 1) + "/"
        #expect(throws: RegexError.self) { try BaseRegex(literal: long) }
        // 20 x 1000 copies of `a`: short to write, too large to run.
        #expect(throws: RegexError.self) {
            try BaseRegex(literal: "/" + String(repeating: "a{1000}", count: 20) + "/")
        }
        let nested = "/" + String(repeating: "(", count: 70) + String(repeating: ")", count: 70) + "/"
        #expect(throws: RegexError.self) { try BaseRegex(literal: nested) }
        #expect((try? BaseRegex(literal: "/(a{100}){50}/")) != nil)
    }

    /// `(a+)+$` on a long run of `a` ending in `b` takes a backtracking engine 2^n steps; the Pike
    /// VM's steps grow with the text, so ten times the text is about ten times the steps.
    @Test func pathologicalPatternsTakeLinearTime() throws {
        let regex = try BaseRegex(literal: "/(a+)+$/")
        var steps: [Int] = []
        for length in [2_000, 20_000] {
            var budget = Int.max / BaseRegex.stepsPerUnit
            let start = budget
            let clock = ContinuousClock.now
            #expect(try regex.matches(String(repeating: "a", count: length) + "b", budget: &budget) == false)
            #expect(ContinuousClock.now - clock < .seconds(5))
            steps.append(start - budget)
        }
        #expect(steps[1] > 0 && steps[1] <= steps[0] * 12 + 12, "\(steps)")
        // The same through a base, within one cell's budget.
        let text = String(repeating: "a", count: 30_000) + "b"
        let nested = try BaseRegex(literal: "/^(a|aa|a?a)*(x+x+)+y$/")
        var budget = Bases.stepBudget
        #expect(try nested.matches(text, budget: &budget) == false)
        #expect(Fixture.show("\"\(text)\".replace(/(a+)+$/g, \"-\")") == text)
    }

    /// A search that would take more than its budget stops with a warning (a cell's budget, for
    /// a short test, is made small here).
    @Test func aSearchPastTheBudgetIsAWarning() throws {
        let regex = try BaseRegex(literal: "/(a|b|ab|ba)*c|x/g")
        let text = String(repeating: "ab", count: 20_000)
        var budget = 100
        #expect(
            throws: RegexError("the regular expression /(a|b|ab|ba)*c|x/g takes too many steps on this text")
        ) {
            try regex.replace(in: text, with: "-", budget: &budget, maximumLength: Bases.maximumLength)
        }
        #expect(budget <= 0)
        budget = 100_000
        #expect(
            try regex.replace(in: text, with: "-", budget: &budget, maximumLength: Bases.maximumLength)
                == text)
        #expect(budget > 0)
    }
}

/// Random patterns over random texts against JavaScript's answers (Debian's node, recorded in
/// `Fixtures/regex-javascript.json` by `Fixtures/regex-javascript.py`): `test`, `replace` with
/// `<$&|$1>` and `split`, so matches' places, their preference order and captured groups all count.
@Suite struct RegexJavaScriptTests {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var pattern: String
        var flags: String
        var text: String
        var test: Bool
        var replace: String
        var split: [String?]
        var testDescription: String { "/\(pattern)/\(flags) on \(text.debugDescription)" }
    }

    static let cases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/regex-javascript.json")
        guard let data = try? Data(contentsOf: url),
            let cases = try? JSONDecoder().decode([Case].self, from: data)
        else { return [] }
        return cases
    }()

    @Test func theRecordedCasesAreThere() { #expect(Self.cases.count == 600) }

    @Test(arguments: cases) func answersAsJavaScriptDoes(_ item: Case) throws {
        let regex = try BaseRegex(literal: "/\(item.pattern)/\(item.flags)")
        var budget = Bases.stepBudget
        #expect(try regex.matches(item.text, budget: &budget) == item.test)
        #expect(
            try regex.replace(in: item.text, with: "<$&|$1>", budget: &budget, maximumLength: 1000)
                == item.replace)
        #expect(try regex.split(item.text, limit: nil, budget: &budget) == item.split)
    }
}
