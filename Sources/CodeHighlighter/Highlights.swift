/// What the highlighting stage found: Pygments' token HTML per block it knows a lexer for.
public struct Highlights: Sendable {
    /// Token HTML by block; blocks whose language Pygments does not know are absent (plain).
    public private(set) var tokens: [CodeHighlighter.Block: String] = [:]
    /// Why nothing was highlighted (Pygments absent), for `--verbose`.
    public var notice: String?
    /// `pygments 2.14.0`, when Pygments answered or was found.
    public var pygments: String?
    public var cacheHits = 0
    /// Blocks sent to Pygments.
    public var highlighted = 0

    public init() {}

    /// Room for `count` blocks' answers, made once.
    mutating func reserve(_ count: Int) { tokens.reserveCapacity(count) }

    mutating func record(_ block: CodeHighlighter.Block, _ answer: PygmentsProcess.Answer) {
        if case .html(let html) = answer { tokens[block] = html }
    }

    /// The HTML of a fenced block with this info string, highlighted when its language has a lexer,
    /// laid out as its options ask; nil when it is plain with no options (the writer's own output).
    public func html(info: String, code: String) -> String? {
        var html: [UInt8] = []
        guard append(info: info, code: code, to: &html) else { return nil }
        return String(decoding: html, as: UTF8.self)
    }

    /// ``html(info:code:)`` appended to a page's bytes; false (nothing appended) where that is nil.
    public func append(info: String, code: String, to html: inout [UInt8]) -> Bool {
        let fence = FenceInfo(info)
        let found = fence.language.flatMap { tokens[CodeHighlighter.Block(language: $0, code: code)] }
        if found == nil && fence.options == CodeOptions() { return false }
        CodeLayout.append(
            code: code, tokens: found, language: fence.language, options: fence.options, to: &html)
        return true
    }
}
