import Mustache
import Testing

/// A record (members named by the library's numbers) renders exactly as the `.object` of the
/// same members.
struct TemplateRecordTests {
    /// `value` with every object made a record of `library`; members no template reads are left out.
    static func recorded(_ value: TemplateValue, _ library: TemplateLibrary) -> TemplateValue {
        switch value {
        case .array(let items):
            return .array(items.map { recorded($0, library) })
        case .object(let members):
            return library.record(
                members.sorted { $0.key < $1.key }.map { (library.slot($0.key), recorded($0.value, library)) }
            )
        default:
            return value
        }
    }

    /// Random templates against random data: records and objects agree at the top, in sections
    /// that shadow names (a record's missing member falls through to the next context), through
    /// dotted names, `{{.}}`, partials and blocks, with the root a value or slots.
    @Test func randomTemplatesAgreeWithObjects() throws {
        var random = SplitMix(seed: 13)
        for _ in 0..<300 {
            let (template, library, object) = try TemplateContextTests.randomCase(&random)
            let expected = try library.render("main", with: .object(object))
            let record = Self.recorded(.object(object), library)
            #expect(try library.render("main", with: record) == expected, "template: \(template)")
            let converted = library.recorded(.object(object))
            #expect(try library.render("main", with: converted) == expected, "template: \(template)")
            let slots = TemplateContextTests.context(library, object.mapValues { Self.recorded($0, library) })
            let bytes = try library.renderBytes("main", with: slots)
            #expect(String(decoding: bytes, as: UTF8.self) == expected, "template: \(template)")
        }
    }

    @Test func everyPartOfADottedNameHasASlot() throws {
        let library = try TemplateLibrary(sources: ["t": "{{a.b.c}}|{{#x}}{{y}}{{/x}}"])
        let c = try #require(library.slot("c"))
        let b = try #require(library.slot("b"))
        let a = try #require(library.slot("a"))
        let value = library.record([(a, library.record([(b, library.record([(c, "deep")]))]))])
        #expect(try library.render("t", with: value) == "deep|")
        #expect(library.slot("z") == nil, "no template reads z")
    }

    /// A record's members are numbered by its library: another library reads none of them, and a
    /// member whose slot is another library's is left out.
    @Test func recordsBelongToTheirLibrary() throws {
        let first = try TemplateLibrary(sources: ["t": "{{#r}}{{x}}{{y}}{{/r}}"])
        let second = try TemplateLibrary(sources: ["t": "{{#r}}{{y}}{{x}}{{/r}}"])
        let x = try #require(first.slot("x"))
        let foreignY = try #require(second.slot("y"))
        let record = first.record([(x, "1"), (foreignY, "2")])
        #expect(try first.render("t", with: ["r": record]) == "1")
        #expect(try second.render("t", with: ["r": record]) == "")
        #expect(try second.render("t", with: ["r": record, "x": "top"]) == "top")
    }

    /// Keys of rendered values outlive a library in `serve`: records of the same templates' libraries
    /// hash alike, though only their own library reads them.
    @Test func recordsOfTheSameTemplatesHashAlike() throws {
        let sources = ["t": "{{#r}}{{x}}{{/r}}"]
        let first = try TemplateLibrary(sources: sources)
        let second = try TemplateLibrary(sources: sources)
        let one = first.recorded(["x": "1", "unread": "2"])
        let other = second.recorded(["x": "1"])
        #expect(one.hashValue == other.hashValue)
        #expect(one != other)
        #expect(one.hashValue != first.recorded(["x": "2"]).hashValue)
    }

    @Test func aRecordIsTruthyAndPrintsNothing() throws {
        let library = try TemplateLibrary(sources: ["t": "{{#r}}yes{{/r}}{{^r}}no{{/r}}[{{r}}]"])
        #expect(try library.render("t", with: ["r": library.record([])]) == "yes[]")
    }
}
