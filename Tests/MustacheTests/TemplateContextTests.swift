import Mustache
import Testing

/// A ``TemplateContext`` (values in slots) renders exactly as the `.object` of the same values.
struct TemplateContextTests {
    /// The context of `library` holding `object`'s members; names no template reads have no slot.
    static func context(_ library: TemplateLibrary, _ object: [String: TemplateValue]) -> TemplateContext {
        var context = library.context()
        for (name, value) in object {
            if let slot = library.slot(name) { context[slot] = value }
        }
        return context
    }

    /// Every spec example whose data is an object, through slots: the same output as expected.
    @Test(
        .enabled(if: SpecCorpus.mustRun, "the Mustache spec corpus is absent (../shared/corpora/mustache)"),
        arguments: SpecCorpus.cases([
            "comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance",
        ]))
    func specThroughSlots(_ example: SpecCase) throws {
        guard example.problem == nil, case .object(let members) = example.data else { return }
        var sources = example.partials
        sources[MustacheSpecTests.templateName] = example.template
        let library = try TemplateLibrary(sources: sources)
        let bytes = try library.renderBytes(
            MustacheSpecTests.templateName, with: Self.context(library, members))
        #expect(String(decoding: bytes, as: UTF8.self) == example.expected, "\(example.name)")
    }

    /// Random templates over a fixed set of names against random data: slots and the object agree,
    /// at the top, inside sections that shadow names, through dotted names, partials and blocks.
    @Test func randomTemplatesAgreeWithObjects() throws {
        var random = SplitMix(seed: 7)
        for _ in 0..<300 {
            var (template, library, object) = try Self.randomCase(&random)
            object["unread"] = "never shown"
            let expected = try library.render("main", with: .object(object))
            let bytes = try library.renderBytes("main", with: Self.context(library, object))
            #expect(String(decoding: bytes, as: UTF8.self) == expected, "template: \(template)")
        }
    }

    /// A random template inside a frame with a block and a partial, its library, and random data
    /// for some of its names.
    static func randomCase(_ random: inout SplitMix) throws -> (
        String, TemplateLibrary, [String: TemplateValue]
    ) {
        let names = ["a", "b", "c", "site", "list", "flag"]
        let template = randomTemplate(names: names, depth: 0, random: &random)
        let library = try TemplateLibrary(sources: [
            "main": "{{<frame}}{{$inner}}" + template + "{{/inner}}{{/frame}}",
            "frame": "[{{$inner}}none{{/inner}}|{{>part}}]", "part": "{{a}}{{#site}}{{b}}{{/site}}",
        ])
        var object: [String: TemplateValue] = [:]
        for name in names where random.next() % 4 != 0 {
            object[name] = randomValue(names: names, depth: 0, random: &random)
        }
        return (template, library, object)
    }

    /// Top-level strings set as UTF-8 render as the same strings set as values: interpolated
    /// (escaped or not), shadowed by sections' objects, as sections, through dotted names and `{{.}}`.
    @Test func utf8SlotsAgreeWithStrings() throws {
        var random = SplitMix(seed: 11)
        let names = ["a", "b", "c", "site", "list", "flag"]
        for _ in 0..<400 {
            let template = Self.randomTemplate(names: names, depth: 0, random: &random)
            let library = try TemplateLibrary(sources: [
                "main": "{{<frame}}{{$inner}}" + template + "{{/inner}}{{/frame}}",
                "frame": "[{{$inner}}none{{/inner}}|{{>part}}]", "part": "{{a}}{{#site}}{{{b}}}{{/site}}",
            ])
            var object: [String: TemplateValue] = [:]
            var context = library.context()
            for name in names where random.next() % 4 != 0 {
                let value =
                    random.next() % 2 == 0
                    ? Self.randomValue(names: names, depth: 0, random: &random)
                    : .string(["", "s&", "<t>", "it's é"][random.next() % 4])
                object[name] = value
                guard let slot = library.slot(name) else { continue }
                if case .string(let text) = value, random.next() % 4 != 0 {
                    context.setUTF8(slot, Array(text.utf8))
                } else {
                    context[slot] = value
                }
            }
            let expected = try library.render("main", with: .object(object))
            let bytes = try library.renderBytes("main", with: context)
            #expect(String(decoding: bytes, as: UTF8.self) == expected, "template: \(template)")
        }
    }

    @Test func aValueReplacesUTF8AndBack() throws {
        let library = try TemplateLibrary(sources: ["t": "{{x}}|{{{x}}}"])
        var context = library.context()
        guard let slot = library.slot("x") else { return #expect(Bool(false), "x is read") }
        context.setUTF8(slot, Array("<b>".utf8))
        #expect(context[slot] == "<b>")
        #expect(
            String(decoding: try library.renderBytes("t", with: context), as: UTF8.self) == "&lt;b&gt;|<b>")
        context[slot] = 2
        #expect(String(decoding: try library.renderBytes("t", with: context), as: UTF8.self) == "2|2")
        context.setUTF8(slot, Array("é".utf8))
        #expect(String(decoding: try library.renderBytes("t", with: context), as: UTF8.self) == "é|é")
    }

    @Test func slotsBelongToTheirLibrary() throws {
        let first = try TemplateLibrary(sources: ["t": "{{x}}-{{y}}"])
        let second = try TemplateLibrary(sources: ["t": "{{y}}"])
        #expect(first.slot("z") == nil, "no template reads z")
        var context = first.context()
        // Another library's slot for `y` has index 0 there, `x`'s index here: it must not set `x`.
        if let foreign = second.slot("y") { context[foreign] = "wrong" }
        if let slot = first.slot("y") { context[slot] = "1" }
        #expect(String(decoding: try first.renderBytes("t", with: context), as: UTF8.self) == "-1")
        #expect(throws: TemplateError.self) { try second.renderBytes("t", with: context) }
    }

    @Test func implicitIteratorAtTheTopSeesTheSlots() throws {
        let library = try TemplateLibrary(sources: ["t": "{{#.}}<{{x}}>{{/.}}{{^.}}empty{{/.}}[{{.}}]"])
        var context = library.context()
        if let slot = library.slot("x") { context[slot] = 3 }
        #expect(String(decoding: try library.renderBytes("t", with: context), as: UTF8.self) == "<3>[]")
    }

    static func randomTemplate(names: [String], depth: Int, random: inout SplitMix) -> String {
        var text = ""
        for _ in 0..<(1 + random.next() % 4) {
            let name = names[random.next() % names.count]
            let dotted = random.next() % 3 == 0 ? name + "." + names[random.next() % names.count] : name
            switch random.next() % (depth < 3 ? 6 : 3) {
            case 0: text += "{{\(dotted)}}"
            case 1: text += "{{{\(dotted)}}} "
            case 2: text += random.next() % 2 == 0 ? "{{.}}" : "x\n"
            case 3, 4:
                let sigil = random.next() % 3 == 0 ? "^" : "#"
                let inner = randomTemplate(names: names, depth: depth + 1, random: &random)
                text += "{{\(sigil)\(dotted)}}\(inner){{/\(dotted)}}"
            default: text += "{{>part}}"
            }
        }
        return text
    }

    static func randomValue(names: [String], depth: Int, random: inout SplitMix) -> TemplateValue {
        switch random.next() % (depth < 2 ? 7 : 5) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2: return .int(random.next() % 10)
        case 3: return .string(["", "s&", "<t>"][random.next() % 3])
        case 4: return .double(1.5)
        case 5:
            return .array(
                (0..<(random.next() % 3)).map { _ in
                    randomValue(names: names, depth: depth + 1, random: &random)
                })
        default:
            var members: [String: TemplateValue] = [:]
            for name in names where random.next() % 3 == 0 {
                members[name] = randomValue(names: names, depth: depth + 1, random: &random)
            }
            return .object(members)
        }
    }
}

/// A small deterministic generator: the same templates on every run.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: (mixed ^ (mixed >> 31)) >> 1)
    }
}
