import NoteModel
import Testing

@testable import Bases

/// The lexer and parser: the tree's shape, places in the file, errors, and bounded depth.
@Suite struct ExpressionParserTests {
    static let start = NoteModel.SourceLocation(file: "x.base", line: 4, column: 10)

    func parse(_ text: String) throws(ExpressionParser.Failure) -> ExpressionNode {
        try ExpressionParser.parse(text, places: TextPlaces(line: Self.start, length: text.utf8.count))
    }

    func failure(_ text: String) -> ExpressionParser.Failure? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func precedenceAndPlaces() throws {
        let node = try parse("a || b && c == 1 + 2 * 3")
        guard case .binary(.or, .identifier("a", _), .binary(.and, _, let comparison, _), let orPlace) = node,
            case .binary(
                .equal, .identifier("c", _), .binary(.add, _, .binary(.multiply, _, _, let timesPlace), _), _) =
                comparison
        else {
            Issue.record("unexpected tree \(node)")
            return
        }
        #expect(orPlace.column == 12)
        #expect(timesPlace.column == 31)
    }

    @Test func membersMethodsIndexesAndCalls() throws {
        let node = try parse(
            #"file.hasTag("x") && note["due date"].format("YYYY") && formula.total.toFixed(2)"#)
        guard case .binary(.and, .binary(.and, let hasTag, let format, _), let toFixed, _) = node else {
            Issue.record("unexpected tree \(node)")
            return
        }
        #expect(hasTag == .method(.identifier("file", Self.start), "hasTag", [.literal(.string("x"))], at(5)))
        guard
            case .method(.index(.identifier("note", _), .literal(.string("due date")), _), "format", _, _) =
                format,
            case .method(
                .member(.identifier("formula", _), "total", _), "toFixed", [.literal(.number(2))], _) =
                toFixed
        else {
            Issue.record("unexpected tree \(format) \(toFixed)")
            return
        }
    }

    func at(_ offset: Int) -> NoteModel.SourceLocation {
        NoteModel.SourceLocation(file: "x.base", line: Self.start.line, column: Self.start.column + offset)
    }

    @Test func literals() throws {
        #expect(
            try parse("[1, 'a', true, null, {\"k\": 2}]")
                == .list([
                    .literal(.number(1)), .literal(.string("a")), .literal(.bool(true)), .literal(.null),
                    .object([.init(key: "k", value: .literal(.number(2)))]),
                ]))
        #expect(try parse(#""say \"hi\"\n""#) == .literal(.string("say \"hi\"\n")))
        #expect(try parse("(2.5)") == .literal(.number(2.5)))
        #expect(try parse("1.toString()") == .method(.literal(.number(1)), "toString", [], at(2)))
        #expect(try parse("/ab+c/g") == .regex("/ab+c/g", at(0)))
        #expect(try parse("4 / 2") == .binary(.divide, .literal(.number(4)), .literal(.number(2)), at(2)))
        #expect(try parse("[1, 2,]") == .list([.literal(.number(1)), .literal(.number(2))]))
    }

    @Test(arguments: [
        ("price >", "expected a value, found end of the expression", 7),
        ("(price", "expected ')' to close '(', found end of the expression", 6),
        ("price price", "unexpected 'price' after the expression", 6),
        (#""open"#, "a string is not closed", 0),
        ("a ? b", "unexpected character '?'", 2),
        ("file.", "expected a name after '.', found end of the expression", 5),
        ("f(1 2)", "expected ',' between items, found number 2", 4),
        ("{1: 2}", "expected a key, found number 1", 1),
    ])
    func errorsNameTheirPlace(_ text: String, _ message: String, _ offset: Int) throws {
        let error = try #require(failure(text))
        #expect(error.message == message)
        #expect(error.location == at(offset))
    }

    @Test func depthIsBounded() {
        #expect(
            failure(String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000))
                != nil)
        #expect(failure(String(repeating: "!", count: 100_000) + "x") != nil)
        #expect(failure(String(repeating: "-", count: 100_000) + "1") != nil)
        #expect(failure("1" + String(repeating: " + 1", count: 100_000)) != nil)
        #expect(failure("x" + String(repeating: ".a", count: 100_000)) != nil)
        #expect(failure(String(repeating: "[", count: 100_000)) != nil)
        // Within the bound, nesting parses.
        #expect(failure(String(repeating: "(", count: 30) + "1" + String(repeating: ")", count: 30)) == nil)
        #expect(failure("1" + String(repeating: " + 1", count: 40)) == nil)
    }
}
