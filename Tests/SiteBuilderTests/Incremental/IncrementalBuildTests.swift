import Foundation
import Testing

@testable import SiteBuilder

/// The property every rebuild in `notesite serve` rests on: after any sequence of edits, a build
/// that reuses what earlier builds made (``BuildMemory``) makes byte for byte what a fresh build makes.
@Suite struct IncrementalBuildTests {
    static let seeds = 0..<24
    static let editsPerSeed = 10

    @Test("random edits: the incremental build equals a fresh build", arguments: seeds)
    func randomEditsMatchFreshBuilds(seed: Int) async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        var model = EditedVault(seed: UInt64(seed))
        try model.writeAll(to: vault)
        var options = BuildOptions(vault: vault.root, jobs: 2)
        options.memory = BuildMemory()
        _ = await SiteBuild.make(options)
        for step in 0..<Self.editsPerSeed {
            let edit = try model.applyRandomEdit(to: vault)
            let (incremental, _) = await SiteBuild.make(options)
            let (fresh, _) = await SiteBuild.make(BuildOptions(vault: vault.root, jobs: 2))
            let made = try #require(incremental?.files)
            let expected = try #require(fresh?.files)
            let differing = Set(made.keys).union(expected.keys).filter { made[$0] != expected[$0] }.sorted()
            #expect(differing.isEmpty, "seed \(seed), step \(step), after \(edit): \(differing)")
            if !differing.isEmpty { return }
        }
        #expect(options.memory?.reusedPages ?? 0 > 0, "seed \(seed): some pages were reused")
    }

    @Test func anEditOfTheSameLengthFarIntoTheNoteIsSeen() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        let filler = String(repeating: "words to push the edit past the start. ", count: 20)
        try vault.write("# A\n\n\(filler)\n\nThe colour is red.\n", to: "a.md")
        var options = BuildOptions(vault: vault.root, jobs: 1)
        options.memory = BuildMemory()
        _ = await SiteBuild.make(options)
        try vault.write("# A\n\n\(filler)\n\nThe colour is tan.\n", to: "a.md")
        let (site, _) = await SiteBuild.make(options)
        let page = String(decoding: site?.files["a.html"] ?? Data(), as: UTF8.self)
        #expect(page.contains("The colour is tan."))
    }

    @Test func contentKeysReadEveryByte() {
        let first = Data(repeating: 1, count: 1000)
        var second = first
        second[500] = 2
        #expect(ContentKey(WholeBytes(first)) != ContentKey(WholeBytes(second)))
        #expect(ContentKey(WholeBytes(first)) == ContentKey(WholeBytes(Data(repeating: 1, count: 1000))))
    }

    @Test func aTextEditRemakesOnlyThePagesThatShowIt() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# Host\n\n![[Part]]\n", to: "host.md")
        try vault.write("# Part\n\nold words\n", to: "part.md")
        try vault.write("# Linker\n\nsee [[Part]]\n", to: "linker.md")
        for index in 0..<6 { try vault.write("# Other \(index)\n\nalone\n", to: "other\(index).md") }
        var options = BuildOptions(vault: vault.root, jobs: 2)
        options.memory = BuildMemory()
        _ = await SiteBuild.make(options)
        // Part's text: its page, and Host's (which embeds it); Linker's words did not change.
        try vault.write("# Part\n\nnew words\n", to: "part.md")
        let (_, afterText) = await SiteBuild.make(options)
        #expect(afterText.madePages == ["host.html", "part.html"])
        // Linker's paragraph is Part's backlink: Linker and Part are made again.
        try vault.write("# Linker\n\nnow see [[Part]]\n", to: "linker.md")
        let (_, afterLink) = await SiteBuild.make(options)
        #expect(afterLink.madePages == ["linker.html", "part.html"])
        // Nothing changed: nothing is made.
        let (_, idle) = await SiteBuild.make(options)
        #expect(idle.madePages.isEmpty)
    }
}

/// A small vault that changes at random, the way an author changes one: words, titles, tags,
/// dates, links and embeds, explorer order, headings, properties, renames, deletions, new notes, images, the theme and
/// the settings.
struct EditedVault {
    struct Note {
        var path: String
        var title: String
        var words: String
        var tags: [String] = []
        var date: String?
        var links: [String] = []
        var embeds: [String] = []
        var images: [String] = []
        var aliases: [String] = []
        /// Front matter `order`: the explorer's place among its folder's entries.
        var order: Int?
        /// A heading before `## Part`: moves Part's block, which `[[note#Part]]` links resolve to.
        var extraHeading = false
        /// A front matter property line: shown on the page, and a backlink when it links.
        var property: String?

        var text: String {
            var front: [String] = []
            if !tags.isEmpty { front.append("tags: [\(tags.joined(separator: ", "))]") }
            if let date { front.append("date: \(date)") }
            if !aliases.isEmpty { front.append("aliases: [\(aliases.joined(separator: ", "))]") }
            if let order { front.append("order: \(order)") }
            if let property { front.append(property) }
            var text = front.isEmpty ? "" : "---\n" + front.joined(separator: "\n") + "\n---\n"
            text += "# \(title)\n\n\(words)\n\n"
            if extraHeading { text += "## Before\n\nfirst\n\n" }
            text += "## Part\n\nmore about \(title)\n"
            text += "\n```swift\nlet words = \"\(words)\"\n```\n"
            for link in links { text += "\nSee [[\(link)]] and [[\(link)#Part]].\n" }
            // The author's HTML: a link that counts as a backlink, and a player the settings may keep.
            if let link = links.first {
                text += "\n<div class=\"box\"><a href=\"\(link).md\">\(link)</a> <u>\(words)</u>\n"
                text += "<iframe src=\"https://example.org/\(link)\"></iframe></div>\n"
            }
            for embed in embeds { text += "\n![[\(embed)]]\n" }
            for image in images { text += "\n![\(image)](\(image))\n" }
            return text
        }

        var name: String { String(path.split(separator: "/").last?.dropLast(3) ?? "") }
    }

    private var random: SplitMix64
    private(set) var notes: [Note] = []
    private var counter = 0
    private let words = ["river", "stone", "lamp", "orbit", "paper", "cedar", "signal", "harbor"]
    private let colours: [(UInt8, UInt8, UInt8)] = [(200, 40, 40), (30, 160, 60), (20, 40, 220)]

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        for index in 0..<6 {
            notes.append(
                Note(
                    path: (index % 3 == 2 ? "sub/" : "") + "n\(index).md", title: "Note \(index)",
                    words: "start"))
        }
        notes[0].links = ["n1"]
        notes[1].embeds = ["n3"]
        notes[3].images = ["pic0.png"]
    }

    func writeAll(to vault: TestVault) throws {
        for note in notes { try vault.write(note.text, to: note.path) }
        for index in 0..<2 {
            try vault.write(
                TinyPNG.solid(width: 8 + index, height: 6, rgb: colours[index]), to: "pic\(index).png")
        }
    }

    /// Applies one edit and says which.
    mutating func applyRandomEdit(to vault: TestVault) throws -> String {
        let kind = random.next(15)
        if notes.isEmpty || kind == 0 { return try addNote(to: vault) }
        let index = random.next(notes.count)
        var note = notes[index]
        let other = notes[random.next(notes.count)].name
        let edit: String
        switch kind {
        case 1:
            note.words = pick() + " " + pick()
            edit = "words"
        case 2:
            note.title = "Title " + pick()
            edit = "title"
        case 3:
            note.tags = random.next(2) == 0 ? [] : [pick(), "topic/" + pick()]
            edit = "tags"
        case 4:
            note.date = note.date == nil ? "2026-0\(1 + random.next(9))-1\(random.next(10))" : nil
            edit = "date"
        case 5:
            note.links = [other]
            edit = "link"
        case 6:
            note.embeds = note.embeds.isEmpty ? [other] : []
            edit = "embed"
        case 7:
            note.images = ["pic\(random.next(3)).png"]
            edit = "image reference"
        case 8:
            note.aliases = [pick()]
            edit = "alias"
        case 9:
            try FileManager.default.removeItem(at: vault.root.appendingPathComponent(note.path))
            counter += 1
            note.path = (random.next(2) == 0 ? "moved/" : "") + "r\(counter).md"
            edit = "rename"
        case 10:
            try FileManager.default.removeItem(at: vault.root.appendingPathComponent(note.path))
            notes.remove(at: index)
            return "delete"
        case 11:
            note.order = note.order == nil ? random.next(5) : nil
            edit = "order"
        case 12:
            note.extraHeading.toggle()
            edit = "heading"
        case 13:
            let values = ["status: " + pick(), "related: \"[[\(other)]]\"", "done: true"]
            note.property = random.next(4) == 0 ? nil : values[random.next(values.count)]
            edit = "property"
        default: return try changeFile(vault)
        }
        notes[index] = note
        try vault.write(note.text, to: note.path)
        return edit + " of " + note.path
    }

    private mutating func addNote(to vault: TestVault) throws -> String {
        counter += 1
        let note = Note(
            path: "new\(counter).md", title: "New \(counter)", words: pick(),
            links: notes.prefix(1).map(\.name))
        notes.append(note)
        try vault.write(note.text, to: note.path)
        return "add " + note.path
    }

    /// An image, the theme or the settings.
    private mutating func changeFile(_ vault: TestVault) throws -> String {
        switch random.next(4) {
        case 0:
            let image = random.next(3)
            try vault.write(
                TinyPNG.solid(width: 6 + random.next(5), height: 6, rgb: colours[random.next(3)]),
                to: "pic\(image).png")
            return "image pic\(image).png"
        case 1:
            try vault.write("<footer>\(pick())</footer>\n", to: "_theme/footer.mustache")
            return "theme"
        case 2:
            let settings = [
                "title: " + pick(), "base_url: https://example.org/\(pick())/", "urls: pretty",
                "inline: never", "properties: hide", "embed_hosts: [example.org]",
            ]
            try vault.write(settings[random.next(settings.count)] + "\n", to: "notesite.yml")
            return "settings"
        default:
            try? FileManager.default.removeItem(at: vault.root.appendingPathComponent("notesite.yml"))
            return "settings removed"
        }
    }

    private mutating func pick() -> String { words[random.next(words.count)] }
}

/// A small seeded generator, so a failing sequence of edits can be replayed from its seed.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(max(1, bound)))
    }
}
