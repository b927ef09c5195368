import NoteModel
import Testing
import YAMLReader

@Suite struct YAMLReaderTests {
    @Test func mappingKeepsOrderAndPlaces() throws {
        let text = "title: My notes\nimage_width: 1200\ntags:\n  - a\n  - \"b\"\n"
        let root = try #require(try YAMLReader.parse(text, file: "notesite.yml"))
        guard case .mapping(let entries) = root.kind else {
            Issue.record("expected a mapping, got \(root.kind)")
            return
        }
        #expect(
            entries.map(\.key.kind) == [
                .scalar("title", plain: true), .scalar("image_width", plain: true),
                .scalar("tags", plain: true),
            ])
        #expect(entries[1].value.location == SourceLocation(file: "notesite.yml", line: 2, column: 14))
        #expect(entries[1].value.scalarValue == .int(1200))
        guard case .sequence(let tags) = entries[2].value.kind else {
            Issue.record("expected a list")
            return
        }
        #expect(tags.map(\.scalarValue) == [.string("a"), .string("b")])
        #expect(tags[1].location.line == 5)
    }

    @Test(arguments: [
        ("42", YAMLNode.ScalarValue.int(42)), ("-3", .int(-3)), ("2.5", .double(2.5)), ("true", .bool(true)),
        ("False", .bool(false)), ("~", .null), ("null", .null), ("'42'", .string("42")),
        ("\"true\"", .string("true")), ("hello", .string("hello")), ("1.2.3", .string("1.2.3")),
    ])
    func scalarsResolveByStyle(text: String, expected: YAMLNode.ScalarValue) throws {
        let root = try #require(try YAMLReader.parse("key: \(text)\n", file: "x.yml"))
        guard case .mapping(let entries) = root.kind else {
            Issue.record("expected a mapping")
            return
        }
        #expect(entries[0].value.scalarValue == expected)
    }

    @Test func syntaxErrorsNameTheirPlace() {
        #expect {
            _ = try YAMLReader.parse("title: ok\n  bad: [1, 2\n", file: "notesite.yml")
        } throws: { error in
            guard let error = error as? YAMLError else { return false }
            return error.location.file == "notesite.yml" && error.location.line == 2
                && error.description.hasPrefix("notesite.yml:2:")
        }
    }

    @Test func lineOffsetShiftsPlaces() throws {
        let root = try #require(try YAMLReader.parse("a: 1\nb: 2\n", file: "note.md", lineOffset: 1))
        guard case .mapping(let entries) = root.kind else {
            Issue.record("expected a mapping")
            return
        }
        #expect(entries[1].key.location == SourceLocation(file: "note.md", line: 3, column: 1))
    }

    @Test func aliasesAreRefused() {
        #expect(throws: YAMLError.self) {
            _ = try YAMLReader.parse("a: &x 1\nb: *x\n", file: "x.yml")
        }
    }

    @Test func emptyDocumentIsNil() throws {
        #expect(try YAMLReader.parse("", file: "x.yml") == nil)
        #expect(try YAMLReader.parse("# only a comment\n", file: "x.yml") == nil)
    }

    @Test func deepNestingDoesNotRecurse() throws {
        let depth = YAMLReader.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var node = try #require(try YAMLReader.parse(text, file: "x.yml"))
        var levels = 0
        while case .sequence(let items) = node.kind {
            levels += 1
            guard let first = items.first else { break }
            node = first
        }
        #expect(levels == depth)
    }
}
