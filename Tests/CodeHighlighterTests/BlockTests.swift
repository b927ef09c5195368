import Testing

@testable import CodeHighlighter

struct BlockTests {
    /// A block's digest is made from its code alone: blocks made apart from equal texts are one
    /// block, and a change of language or of one byte of code makes another.
    @Test func blocksAreTheirLanguageAndCodeBytes() {
        let code = String(repeating: "let x = 1\n", count: 20)
        let block = CodeHighlighter.Block(language: "swift", code: code)
        let again = CodeHighlighter.Block(
            language: "swift", code: String(code.utf8.map { Character(.init($0)) }))
        #expect(block == again && block.hashValue == again.hashValue)
        let others = [
            CodeHighlighter.Block(language: "rust", code: code),
            CodeHighlighter.Block(language: "swift", code: code + " "),
            CodeHighlighter.Block(language: "swift", code: String(code.dropLast()) + "\r"),
        ]
        for other in others { #expect(other != block) }
        #expect(Set(others + [block, again]).count == 4)
    }
}
