import MarkdownReader
import NoteHTML
import NoteModel
import Testing

/// Obsidian's task states: in Obsidian's syntax any one character between the brackets is a task's
/// state, written as Obsidian's reading view writes it; GFM keeps cmark-gfm's three.
struct TaskStateTests {
    static func gfm(_ markdown: String) -> String {
        HTMLWriter().render(MarkdownReader.read(markdown, options: ReaderOptions(syntax: .gfm)))
    }

    @Test(arguments: ["?", "/", "-", ">", "!", "*", "i", "\u{2713}", "\u{1F525}"])
    func anyOneCharacterIsAStateAndChecked(state: String) {
        let document = Obsidian.read("- [\(state)] the task\n")
        #expect(document.blocks.map(\.kind).contains(.taskItem(checked: true, state: state)))
        #expect(document.blocks.compactMap(\.content).map(\.string) == ["the task"])
        let html = HTMLWriter().render(document)
        let escaped = state == ">" ? "&gt;" : state
        #expect(
            html.contains(
                "<li class=\"task-list-item is-checked\" data-task=\"\(escaped)\">"
                    + "<input class=\"task-list-item-checkbox\" type=\"checkbox\" checked=\"\" disabled=\"\" "
                    + "data-task=\"\(escaped)\" /> the task</li>"),
            "\(html)")
    }

    @Test func openAndDoneTasksCarryTheirStateToo() {
        let html = Obsidian.html("- [ ] open\n- [x] done\n- [X] Done\n1. [?] numbered\n")
        #expect(
            html.contains(
                "<li class=\"task-list-item\" data-task=\"\"><input class=\"task-list-item-checkbox\" "
                    + "type=\"checkbox\" disabled=\"\" data-task=\"\" /> open</li>"), "\(html)")
        #expect(html.contains("<li class=\"task-list-item is-checked\" data-task=\"x\">"))
        #expect(html.contains("<li class=\"task-list-item is-checked\" data-task=\"X\">"))
        #expect(html.contains("<ol>\n<li class=\"task-list-item is-checked\" data-task=\"?\">"))
    }

    @Test func anOpenTaskMentioningXStaysOpen() {
        // cmark-gfm checks an item with `[x]` anywhere on its line; Obsidian reads the brackets.
        let notes = Obsidian.read("- [ ] see [x]\n")
        #expect(notes.blocks.map(\.kind).contains(.taskItem(checked: false, state: " ")))
        #expect(
            Self.gfm("- [ ] see [x]\n").contains(
                "<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> "))
    }

    @Test func escapedStatesAreEscaped() {
        let html = Obsidian.html("- [\"] quote\n- [<] back\n- [&] and\n")
        #expect(html.contains("data-task=\"&quot;\"><input"), "\(html)")
        #expect(html.contains("data-task=\"&lt;\"><input"))
        #expect(html.contains("data-task=\"&amp;\"><input"))
    }

    @Test(arguments: [
        "- [] none\n", "- [ab] two\n", "- [?]no space\n", "- [[link]] here\n", "- [\t] tab\n",
        "> - [?] quoted\n", "- [?]\n",
    ])
    func notATask(markdown: String) {
        let document = Obsidian.read(markdown)
        #expect(
            !document.blocks.contains { if case .taskItem = $0.kind { true } else { false } },
            "\(markdown.debugDescription)")
    }

    @Test func gfmKeepsCmarkGFMsStatesAndMarkup() {
        #expect(Self.gfm("- [?] question\n") == "<ul>\n<li>[?] question</li>\n</ul>\n")
        #expect(
            Self.gfm("- [ ] open\n- [x] done\n")
                == "<ul>\n<li><input type=\"checkbox\" disabled=\"\" /> open</li>\n"
                + "<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> done</li>\n</ul>\n")
        let gfm = MarkdownReader.read("- [x] done\n", options: ReaderOptions(syntax: .gfm))
        #expect(gfm.blocks.map(\.kind).contains(.taskItem(checked: true, state: nil)))
    }

    @Test func aStateInAFootnoteAndANestedList() {
        let html = Obsidian.html("- item\n  - [/] half\n\nText.[^n]\n\n[^n]: Note.\n\n    - [!] urgent\n")
        #expect(html.contains("<li class=\"task-list-item is-checked\" data-task=\"/\">"), "\(html)")
        #expect(html.contains("<li class=\"task-list-item is-checked\" data-task=\"!\">"), "\(html)")
    }
}

/// A block id right after an embed, with no space (`![[x.png]]^id`), as Obsidian accepts it.
struct EmbedBlockIDTests {
    @Test(arguments: ["![[x.png]]^pic", "![[Other note]]^pic", "![alt](x.png)^pic", "![[x.png]] ^pic"])
    func anIDRightAfterAnEmbedNamesTheParagraph(markdown: String) throws {
        let document = Obsidian.read("Before.\n\n\(markdown)\n")
        let block = try #require(document.blocks.last)
        #expect(block.anchor == "^pic", "\(markdown)")
        #expect(block.content.map { !$0.string.contains("^") } == true, "the id leaves the text")
    }

    @Test func anIDAfterAnEmbedInAListNamesTheItem() throws {
        let document = Obsidian.read("- ![[x.png]]^pic\n")
        let item = try #require(document.blocks.first { $0.kind == .item })
        #expect(item.anchor == "^pic")
    }

    @Test(arguments: ["word^pic", "[[link]]^pic", "`code`^pic", "*em*^pic"])
    func anIDGluedToAnythingElseIsText(markdown: String) {
        let document = Obsidian.read(markdown + "\n")
        #expect(document.blocks.allSatisfy { $0.anchor == nil }, "\(markdown)")
        #expect(document.blocks.first?.content?.string.hasSuffix("^pic") == true)
    }
}
