import TestSupport
import Testing

@testable import SiteBuilder

@Suite struct SlugTests {
    @Test(arguments: [
        ("trips/Lisbon.md", "trips/lisbon.html"), ("Getting started.md", "getting-started.html"),
        ("My Notes/Día 1 -- café!.md", "my-notes/día-1-café.html"), ("a/b/C.MD", "a/b/c.html"),
        ("???.md", "untitled.html"), ("v1.2 notes.md", "v1.2-notes.html"),
    ])
    func pagePaths(note: String, page: String) {
        #expect(Slug.pagePath(forNote: note) == page)
    }

    @Test(arguments: [
        ("notes/Authoring Content.md", "notes/Authoring-Content"), ("a & b?.md", "a--and--b-q"),
        ("100% #done.MD", "100-percent-done"), ("tab\there\r\n.md", "tab-here-"), ("Día.md", "Día"),
    ])
    func quartzSlugs(path: String, slug: String) {
        #expect(QuartzSlugs.slug(path) == slug)
    }

    /// The byte paths for ASCII names give what the Character paths give, on random ASCII names
    /// (control characters, CR LF and every punctuation mark included).
    @Test func asciiSlugsMatchTheGeneralOnes() {
        let alphabet = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["\r\n", "a", "B", " ", "3"]
        var state: UInt64 = 0xFEED
        for length in [0, 1, 2, 3, 8, 30] {
            for _ in 0..<500 {
                var name = ""
                for _ in 0..<length {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    name += alphabet[Int(state >> 33) % alphabet.count]
                }
                #expect(Slug.asciiComponent(name) == Slug.generalComponent(name), "\(name.debugDescription)")
                #expect(
                    QuartzSlugs.asciiSlug(name) == QuartzSlugs.generalSlug(name), "\(name.debugDescription)")
            }
        }
        #expect(Slug.asciiComponent("Día") == nil)
        #expect(Slug.asciiPagePath(forNote: "Día.md") == nil)
    }

    /// The page path as first written, on Strings: what the byte path must match.
    static func stringPagePath(_ notePath: String) -> String {
        var components = notePath.split(separator: "/").map(String.init)
        guard let file = components.popLast() else { return "untitled.html" }
        let stem =
            file.hasSuffix(".md") || file.lowercased().hasSuffix(".md") ? String(file.dropLast(3)) : file
        return (components.map(Slug.generalComponent) + [Slug.generalComponent(stem) + ".html"]).joined(
            separator: "/")
    }

    @Test func asciiPagePathsAreTheStringOnes() {
        // Slashes (doubled, leading, trailing), dots, `.md` in any case and place, control bytes, and
        // non-ASCII text (combining marks after `/` or `d`), which takes the String path.
        let alphabet = [
            "/", "/", "//", ".md", ".MD", ".mD", "md", ".", "a", "Z", "9", " ", "-", "_", "\u{0E}", "\r\n",
            "#", "é", "\u{301}", "D\u{301}",
        ]
        var state: UInt64 = 0x5EED
        for _ in 0..<3_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var path = ""
            for _ in 0..<Int(state >> 60) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                path += alphabet[Int(state >> 33) % alphabet.count]
            }
            let ascii = path.utf8.allSatisfy { $0 < 0x80 }
            #expect(Slug.pagePath(forNote: path) == Self.stringPagePath(path), "\(path.debugDescription)")
            #expect((Slug.asciiPagePath(forNote: path) == nil) == !ascii)
            let stem = path.lowercased().hasSuffix(".md") ? String(path.dropLast(3)) : path
            #expect(QuartzSlugs.slug(path) == QuartzSlugs.generalSlug(stem), "\(path.debugDescription)")
            #expect(QuartzSlugs.lastPart(of: path) == String(path.split(separator: "/").last ?? ""))
            let parts = path.split(separator: "/").count
            #expect(Slug.rootPrefix(forPage: path) == String(repeating: "../", count: max(parts - 1, 0)))
        }
        #expect(QuartzSlugs.asciiSlug("Día") == nil)
    }

    @Test func rootPrefix() {
        #expect(Slug.rootPrefix(forPage: "index.html") == "")
        #expect(Slug.rootPrefix(forPage: "trips/lisbon.html") == "../")
        #expect(Slug.rootPrefix(forPage: "a/b/c.html") == "../../")
    }
}

@Suite struct ImageReferenceTests {
    @Test(arguments: [
        ("beach.jpg", ImageReference.local("beach.jpg")),
        ("my%20photo.png", .local("my photo.png")),
        ("my photo.png", .local("my photo.png")),
        ("./x.png?v=2#frag", .local("./x.png")),
        ("https://example.com/x.png", .remote),
        ("data:image/png;base64,AAAA", .remote),
        ("//cdn.example.com/x.png", .remote),
        ("C++ notes.png", .local("C++ notes.png")),
    ])
    func parses(destination: String, expected: ImageReference) {
        #expect(ImageReference(destination: destination) == expected)
    }

    /// The byte path for ASCII destinations gives what the Character path gives, on random ones
    /// made of the bytes it looks at (schemes, `//`, `?`, `#`, `%` escapes good and bad).
    @Test func asciiPathMatchesTheGeneralOne() {
        let pieces = [
            "a", "Z", "1", ":", "/", "//", "?", "#", "%20", "%zz", "%", "+", "-", ".", " ", "http:", "x",
        ]
        var state: UInt64 = 0x1234_5678
        for _ in 0..<5000 {
            var destination = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for step in 0..<Int(state >> 60) {
                destination += pieces[Int((state >> UInt64(step * 4)) & 0xF) % pieces.count]
            }
            #expect(
                ImageReference.ascii(destination) == ImageReference.general(destination), "\(destination)")
        }
        #expect(ImageReference.ascii("café.png") == nil)
    }
}

/// What link resolution reads on bytes against the Character forms it stands for, on random
/// destinations and targets (a `#` or `/` with a combining mark after it is no `#` or `/`).
@Suite struct LinkBytesTests {
    static let pieces = [
        "#", "a", "b.md", ".", "/", "?", ":", "%20", "é", "\u{301}", "#\u{301}", "\r\n", " ",
    ]

    static func random(_ generator: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...6, using: &generator)).map { _ in
            pieces.randomElement(using: &generator) ?? ""
        }.joined()
    }

    @Test func fragmentIsFromTheFirstHashCharacter() {
        var generator = SeededGenerator(seed: 21)
        for _ in 0..<5_000 {
            let destination = Self.random(&generator)
            let expected = destination.firstIndex(of: "#").map { String(destination[$0...]) } ?? ""
            #expect(
                Array(LinkResolution.fragment(of: destination).utf8) == Array(expected.utf8),
                "\(destination.debugDescription)")
        }
    }

    /// An in-page destination is one whose path is empty: skipping it early drops no link.
    @Test func inPageDestinationsHaveNoPath() {
        var generator = SeededGenerator(seed: 22)
        var inPage = 0
        for _ in 0..<5_000 {
            let destination = Self.random(&generator)
            guard LinkResolution.isInPage(destination) else { continue }
            inPage += 1
            #expect(ImageReference(destination: destination) == .local(""), "\(destination.debugDescription)")
        }
        #expect(inPage > 100)
        #expect(!LinkResolution.isInPage("#\u{301}x") && !LinkResolution.isInPage("a#b"))
    }

    @Test func extensionIsADotInTheLastPartOfTheSplit() {
        var generator = SeededGenerator(seed: 23)
        for _ in 0..<5_000 {
            let target = Self.random(&generator)
            let slash = UInt8(ascii: "/")
            let expected = target.utf8.split(separator: slash).last?.contains(UInt8(ascii: ".")) == true
            #expect(LinkResolution.hasExtension(target) == expected, "\(target.debugDescription)")
        }
    }
}

/// Quartz lookups and heading fragments on bytes or by index against the Character forms they
/// stand for, on random text (a `/`, `.` or space with a combining mark after it is none of those).
@Suite struct QuartzBytesTests {
    static func random(_ pieces: [String], _ generator: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...7, using: &generator)).map { _ in
            pieces.randomElement(using: &generator) ?? ""
        }.joined()
    }

    @Test func joinedPartsLeaveOutEmptyAndDotParts() {
        #expect(QuartzSlugs.joinedParts(of: "./a//b/./c/") == "a/b/c")
        #expect(QuartzSlugs.joinedParts(of: "../a") == "../a" && QuartzSlugs.joinedParts(of: "/.") == "")
    }

    /// Trimmed as dropping spaces and tabs from both ends of the Characters, reversed and back.
    @Test func trimmingSpacesDropsThemAtBothEnds() {
        let pieces = [" ", "\t", "  ", "a", "b c", "é", " \u{301}", "\u{301}", "\r\n"]
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        var generator = SeededGenerator(seed: 32)
        for _ in 0..<5_000 {
            let text = Self.random(pieces, &generator)
            let expected = String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
            #expect(
                Array(NoteOutline.trimmingSpaces(text).utf8) == Array(expected.utf8),
                "\(text.debugDescription)")
        }
    }
}

@Suite struct ResolverTests {
    /// A path's folder on bytes is the part before `lastIndex(of: "/")`, on random paths with
    /// combining marks and a prepended mark (U+0600), which join the `/` beside them into one
    /// character; and every folder above the paths is found.
    @Test func folderIsThePartBeforeTheLastSlashCharacter() {
        let pieces = ["/", "//", "a", "é", "e\u{301}", "\u{301}", "\u{600}", ".", "名", "x.md", "A-b_c"]
        var generator = SeededGenerator(seed: 9)
        for _ in 0..<5_000 {
            let path = (0..<Int.random(in: 0...7, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            let expected = path.lastIndex(of: "/").map { Array(path[..<$0].utf8) }
            #expect(
                FolderPaths.folder(of: path).map { Array($0.utf8) } == expected, "\(path.debugDescription)")
        }
        #expect(FolderPaths.holding(["a/b/c.md", "a/d.md", "e.md", "f/g/"]) == ["a", "a/b", "f", "f/g"])
    }

    let resolver = Resolver(paths: [
        "trips/beach.jpg", "images/x.png", "trips/Lisbon.md", "deep/a/b/logo.svg", "other/logo.svg",
        "a/shared.png", "z/shared.png", "Photos/Cat.JPG", "x.png", "trips/x.png", "zzzz/Note.md",
        "a/b/Note.md",
    ])

    @Test(arguments: [
        ("beach.jpg", "trips/Lisbon.md", Resolver.Resolution.found("trips/beach.jpg", others: [])),
        ("../images/x.png", "trips/Lisbon.md", .found("images/x.png", others: [])),
        ("images/x.png", "trips/Lisbon.md", .found("images/x.png", others: [])),  // from the vault root
        ("/images/x.png", "trips/Lisbon.md", .found("images/x.png", others: [])),
        ("x.png", "trips/Lisbon.md", .found("x.png", others: [])),  // the vault path before the note's folder
        ("./x.png", "trips/Lisbon.md", .found("trips/x.png", others: [])),  // `./`: beside the note only
        ("logo.svg", "n.md", .found("other/logo.svg", others: [])),  // by name: shortest path wins
        ("Note.md", "n.md", .found("a/b/Note.md", others: [])),  // shortest as a string, not fewest folders
        ("Note.md", "zzzz/n.md", .found("zzzz/Note.md", others: [])),  // beside the note first
        ("shared.png", "n.md", .found("a/shared.png", others: ["z/shared.png"])),  // a tie is reported
        ("a/b/logo.svg", "n.md", .found("deep/a/b/logo.svg", others: [])),  // by trailing folders
        ("photos/cat.jpg", "n.md", .found("Photos/Cat.JPG", others: [])),  // ignoring case last
        ("../../x.png", "trips/Lisbon.md", .outsideVault),
        ("gone.png", "trips/Lisbon.md", .notFound(lookedFor: ["gone.png", "trips/gone.png"])),
    ])
    func resolves(written: String, note: String, expected: Resolver.Resolution) {
        #expect(resolver.resolve(written, fromNote: note) == expected)
    }

    /// The one normaliser, on what decides whether a link leaves the vault.
    @Test(
        arguments: [
            ("b.md", "a", "a/b.md"),
            ("b.md", "", "b.md"),
            ("../b.md", "a", "b.md"),
            ("../../b.md", "a", nil),  // climbs above the root
            ("..", "", nil),
            ("a/../../b.md", "", nil),  // climbs back out after going in
            ("x/../b.md", "a", "a/b.md"),
            ("./b.md", "a", "a/b.md"),
            ("././b.md", "", "b.md"),
            ("b/", "a", "a/b"),  // a trailing slash is an empty part, left out
            ("b//c/", "a/", "a/b/c"),
            ("/b.md", "", "b.md"),  // absolute: a leading slash is an empty part
            ("/", "a", "a"),
            ("", "a", "a"),
            ("%2e%2e/b.md", "a", "a/%2e%2e/b.md"),  // still encoded: a name, not a climb
            ("..\\b.md", "a", "a/..\\b.md"),  // a backslash is no separator
            ("...", "a", "a/..."),  // three dots are a name
            (".x/..y", "a", "a/.x/..y"),
            ("../é.md", "é/ü", "é/é.md"),
            ("..", "a/..", "a"),  // the folder's own parts are kept as written
            ("/\u{301}b", "a", "a/\u{301}b"),  // every `/` byte separates, a combining mark after it too
        ] as [(String, String, String?)])
    func normalizes(path: String, folder: String, expected: String?) {
        #expect(Resolver.normalize(path, under: folder) == expected)
    }

    @Test func lastPartSplitsAtEverySlash() {
        #expect(Resolver.lastPart("a/b.md") == "b.md" && Resolver.lastPart("a/b/") == "b")
        #expect(
            Resolver.lastPart("b.md") == "b.md" && Resolver.lastPart("//") == ""
                && Resolver.lastPart("") == "")
        #expect(Resolver.lastPart("é/\u{301}x") == "\u{301}x")
    }

    /// A Markdown link is percent-decoded before it is resolved: `%2e%2e` climbs as `..` does.
    @Test func decodedDotsLeaveTheVault() {
        guard case .local(let written) = ImageReference(destination: "%2e%2e/%2E%2E/x.png") else {
            Issue.record("a relative path read as remote")
            return
        }
        #expect(written == "../../x.png")
        #expect(resolver.resolve(written, fromNote: "trips/Lisbon.md") == .outsideVault)
        #expect(resolver.resolve("../x.png", fromNote: "trips/Lisbon.md") == .found("x.png", others: []))
        #expect(resolver.resolve("..\\x.png", fromNote: "trips/Lisbon.md") != .outsideVault)
        #expect(resolver.resolve("/../x.png", fromNote: "trips/Lisbon.md") == .outsideVault)
        #expect(resolver.resolve("./../x.png", fromNote: "trips/Lisbon.md") == .found("x.png", others: []))
    }
}

@Suite struct UTF8CheckTests {
    @Test func findsFirstBadByte() throws {
        let bytes = Array("ok\nstill ok\n".utf8) + [0x61, 0xFF, 0x62]
        let bad = try #require(NoteLoading.firstInvalidUTF8(in: bytes))
        #expect(bad.line == 3 && bad.column == 2 && bad.byte == 0xFF)
    }

    @Test func acceptsValidText() {
        #expect(NoteLoading.firstInvalidUTF8(in: Array("héllo\n€ 🙂\n".utf8)) == nil)
    }
}

@Suite struct RelativeURLTests {
    @Test(arguments: [
        ("a.html", "b.html", "b.html"),
        ("trips/lisbon.html", "trips/porto.html", "porto.html"),
        ("trips/2024/lisbon.html", "index.html", "../../index.html"),
        ("index.html", "trips/2024/lisbon.html", "trips/2024/lisbon.html"),
        ("trips/a.html", "travel/b.html", "../travel/b.html"),
        ("trips/lisbon.html", "trips/lisbon/index.html", "lisbon/index.html"),
        ("café/a.html", "café/b.html", "b.html"),
        ("x/y/z.html", "x/q/z.html", "../q/z.html"),
    ])
    func linksFromOnePageToAnother(page: String, target: String, expected: String) {
        #expect(NoteLinks.relativeURL(from: page, to: target) == expected)
    }

    @Test func climbsAsManyFoldersAsThePageIsDeep() {
        let page = (0..<200).map { "l\($0)" }.joined(separator: "/") + "/level.html"
        let link = NoteLinks.relativeURL(from: page, to: "l0/index.html")
        #expect(link == String(repeating: "../", count: 199) + "index.html")
    }

    /// Against splitting into arrays of segments (the plain form of the same rule), on random paths
    /// with empty segments, shared prefixes of different lengths and non-ASCII names.
    @Test func agreesWithSplittingIntoSegments() {
        var generator = SystemRandomNumberGenerator()
        let parts = ["a", "b", "é", "", "ab", "index.html", "x.html"]
        func path() -> String {
            (0..<Int.random(in: 1...5, using: &generator)).map { _ in
                parts.randomElement(using: &generator) ?? ""
            }
            .joined(separator: "/")
        }
        for _ in 0..<2_000 {
            let (page, target) = (path(), path())
            #expect(NoteLinks.relativeURL(from: page, to: target) == Self.splitting(from: page, to: target))
        }
    }

    static func splitting(from page: String, to target: String) -> String {
        let here = page.split(separator: "/").dropLast()
        let there = target.split(separator: "/")
        var shared = 0
        while shared < here.count, shared < there.count - 1, here[shared] == there[shared] { shared += 1 }
        let up = Array(repeating: "..", count: here.count - shared)
        return (up + there[shared...].map(String.init)).joined(separator: "/")
    }
}
