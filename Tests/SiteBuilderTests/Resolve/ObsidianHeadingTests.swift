import Testing

@testable import SiteBuilder

/// Obsidian's heading matching, one test per rule written in `Site/guide/Links and embeds.md`.
@Suite struct ObsidianHeadingTests {
    @Test(arguments: Array(##"!"#$%&()*+,.:;<=>?@^`{|}~/[]\"##).map(String.init))
    func everyStrippedCharacterBecomesASpace(character: String) {
        #expect(ObsidianHeading.strip("a" + character + "b") == "a b")
        #expect(ObsidianHeading.strip(character + "x" + character) == "x")
    }

    /// The byte path for ASCII headings keys them as the scalar path does, on random ASCII text.
    @Test func asciiKeysMatchTheGeneralOnes() {
        let alphabet = Array((0..<128).map { Character(Unicode.Scalar(UInt8($0))) })
        var state: UInt64 = 0xC0FFEE
        for length in [0, 1, 2, 5, 20, 60] {
            for _ in 0..<400 {
                var text = ""
                for _ in 0..<length {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    // Mostly letters and spaces, so words and runs of blanks form.
                    let pick = Int(state >> 57)
                    let letter: Character = pick % 2 == 0 ? "a" : "B"
                    text.append(pick < 40 ? alphabet[Int(state >> 33) % 128] : pick < 60 ? " " : letter)
                }
                #expect(
                    ObsidianHeading.asciiKey(text) == ObsidianHeading.strip(text).lowercased(),
                    "\(text.debugDescription)")
            }
        }
        #expect(ObsidianHeading.asciiKey("Café") == nil)
    }

    @Test func hyphenUnderscoreAndApostropheStay() {
        #expect(ObsidianHeading.strip("don't re-use my_name") == "don't re-use my_name")
    }

    @Test func runsOfWhiteSpaceShrinkAndTheEndsAreTrimmed() {
        #expect(ObsidianHeading.strip("  a \t  b\n\r c  ") == "a b c")
        // JavaScript's `\s`: no-break and ideographic spaces too.
        #expect(ObsidianHeading.strip("a\u{00A0}\u{3000}b\u{FEFF}") == "a b")
        #expect(ObsidianHeading.strip("a - b") == "a - b", "a hyphen between spaces is a word")
    }

    @Test func trailingPunctuationIsIgnored() {
        #expect(
            ObsidianHeading.key("How large can each remote vault be?")
                == ObsidianHeading.key("How large can each remote vault be"))
        #expect(ObsidianHeading.key("Wi-Fi 2.4 vs 5.0") == ObsidianHeading.key("Wi-Fi 2 4 vs 5 0"))
        #expect(ObsidianHeading.key("TCP/IP Model") == "tcp ip model")
    }

    @Test func inlineCodeEmphasisAndLinksLoseTheirMarks() {
        #expect(ObsidianHeading.strip("`wikilink`") == "wikilink")
        #expect(ObsidianHeading.strip("**Bold** and *italic* ~~gone~~") == "Bold and italic gone")
        #expect(ObsidianHeading.strip("_under_ stays") == "_under_ stays", "`_` is not stripped")
        #expect(ObsidianHeading.strip("See [[Other note|there]]") == "See Other note there")
        #expect(ObsidianHeading.strip("Read [the docs](https://x.org/a)") == "Read the docs https x org a")
    }

    @Test func caseIsIgnoredInAnyScript() {
        #expect(ObsidianHeading.key("Log In") == ObsidianHeading.key("log in"))
        #expect(ObsidianHeading.key("ÉTÉ À PARIS") == "été à paris")
        #expect(ObsidianHeading.key("ΣΟΦΊΑ") == ObsidianHeading.key("σοφία"))
    }

    @Test func lettersOfEveryScriptAndEmojiStayAndOnlyASCIIPunctuationGoes() {
        #expect(ObsidianHeading.strip("日本語の見出し") == "日本語の見出し")
        #expect(ObsidianHeading.strip("🪴 Get Started!") == "🪴 Get Started")
        #expect(ObsidianHeading.strip("Pourquoi ? «Oui»") == "Pourquoi «Oui»")
        #expect(ObsidianHeading.strip("なぜ？") == "なぜ？", "full-width punctuation is kept")
    }

    @Test func linksToHeadingsAreWrittenWithoutWhatBreaksThem() {
        #expect(ObsidianHeading.forLink("Q: a|b^c#d\\e") == "Q a b c d e")
        #expect(ObsidianHeading.forLink("50%% off [[x]] 100%") == "50 off x 100%")
        #expect(ObsidianHeading.forLink("What? (really)") == "What? (really)", "only what breaks a link")
    }
}

/// What a fragment finds in a note: heading paths, block ids, Quartz's slugs.
@Suite struct NoteOutlineTests {
    func outline(_ text: String) -> (NoteOutline, [String?]) {
        let note = NoteLoading.parse("n.md", bytes: Array(text.utf8), displayName: "n.md")
        let outline = NoteOutline(document: note.document, utf8: note.utf8)
        return (outline, note.document.blocks.map(\.anchor))
    }

    func id(_ fragment: String, in text: String) -> String? {
        outline(text).0.find(fragment)?.id
    }

    let nested = "# A\n## B\n### C\nin A\n# D\n## C\n### E\n"

    @Test func headingPathsFollowTheNesting() {
        #expect(id("A#B#C", in: nested) == "c")
        #expect(id("D#C", in: nested) == "c-1", "the C under D, not the first C")
        #expect(id("A#C", in: nested) == "c", "levels in between may be skipped")
        #expect(id("C", in: nested) == "c", "one part: the first anywhere")
        #expect(id("A##B", in: nested) == "b", "empty parts are dropped")
    }

    @Test func aPathLeavingItsSectionFindsNothing() {
        #expect(id("B#A", in: nested) == nil)
        #expect(id("A#E", in: nested) == nil, "E is under D, after A's section ended")
        #expect(id("D#B", in: nested) == nil)
    }

    @Test func headingsAreMatchedByTheirSourceText() {
        let text = "# `wikilink`\n## Use _emphasis_\n> ## Quoted?\n\nSetext title?\n===\n"
        let (outline, _) = outline(text)
        #expect(outline.obsidian("`wikilink`")?.id == "wikilink")
        #expect(outline.obsidian("wikilink")?.id == "wikilink")
        #expect(outline.obsidian("Use _emphasis_")?.id == "use-emphasis")
        #expect(outline.obsidian("Use emphasis") == nil, "Obsidian keeps `_`, so this is not its match")
        #expect(outline.obsidian("quoted")?.id == "quoted", "a heading in a quote")
        #expect(outline.obsidian("SETEXT TITLE")?.id == "setext-title")
    }

    @Test func sourceTextCountsFrontMatterLines() {
        let (outline, _) = outline("---\ntitle: x\n---\n# How? Why!\n")
        #expect(outline.obsidian("how why")?.id == "how-why")
    }

    @Test func blockIDsIgnoreCase() {
        let (outline, anchors) = outline("Para one. ^MyPara\n\n- item ^li\n")
        let found = outline.find("^mypara")
        #expect(found?.id == "^MyPara")
        #expect(found.map { anchors[$0.block] } == "^MyPara")
        #expect(outline.find("^LI")?.id == "^li")
        #expect(outline.find("^nothing") == nil)
    }

    @Test func quartzSlugsAreTriedAfterObsidian() {
        let (outline, _) = outline("## Page Frames\n## Remove list of elements (`filter`)\n## x\n## x\n")
        #expect(outline.obsidian("page-frames") == nil)
        #expect(outline.find("page-frames")?.id == "page-frames")
        #expect(outline.find("remove-list-of-elements-filter ")?.id == "remove-list-of-elements-filter")
        #expect(outline.find("x-1")?.id == "x-1", "a repeated heading's id")
        #expect(outline.find("Page Frames")?.id == "page-frames", "Obsidian's way first")
    }
}
