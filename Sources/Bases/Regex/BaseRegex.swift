/// A regular expression as a base writes it, `/pattern/flags`: the part of JavaScript's syntax that
/// people write (literals, `.`, classes, `\d \w \s \b` and their negations, anchors, groups, `|`,
/// `* + ? {m,n}`, lazy or not; flags `g i m s u`), compiled to a program that ``RegexMatcher`` runs
/// as a Pike VM: one pass over the text with at most one thread per instruction, so a search takes
/// time linear in the text whatever the pattern (`(a+)+$` included). Backreferences and lookaround
/// need backtracking: they are refused by name.
public struct BaseRegex: Sendable, Hashable, CustomStringConvertible {
    /// The literal as written: `/(\d+) pages/g`.
    public let source: String
    public let global: Bool
    let ignoreCase: Bool
    let multiline: Bool
    let dotAll: Bool
    let program: [RegexInstruction]
    let sets: [RegexSet]
    /// Capturing groups, the whole match not counted.
    public let groupCount: Int
    /// Repeats that can match nothing (their iterations' starts kept after the groups' slots).
    let markCount: Int

    /// Longest pattern read, in bytes.
    public static let maximumPatternLength = 1000
    /// Most instructions a pattern compiles to (`{m,n}` copies its operand).
    public static let maximumProgramSize = 10000
    /// Largest count in `{m,n}`.
    public static let maximumRepeat = 1000
    /// How deep groups may nest.
    public static let maximumNesting = 64

    public var description: String { source }

    public static func == (left: Self, right: Self) -> Bool { left.source == right.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }

    /// Compiles a literal (`/a+b/gi`); the error says what is wrong or which feature is not supported.
    public init(literal: String) throws(RegexError) {
        guard literal.hasPrefix("/"), let slash = literal.lastIndex(of: "/"), slash != literal.startIndex
        else {
            throw RegexError("a regular expression is written /pattern/flags")
        }
        let pattern = String(literal[literal.index(after: literal.startIndex)..<slash])
        let flags = literal[literal.index(after: slash)...]
        var seen: Set<Character> = []
        for flag in flags {
            guard "gimsu".contains(flag) else {
                throw RegexError(
                    flag == "y" || flag == "d" || flag == "v"
                        ? "the regular expression flag '\(flag)' is not supported by notesite"
                        : "unknown regular expression flag '\(flag)'")
            }
            guard seen.insert(flag).inserted else { throw RegexError("the flag '\(flag)' is given twice") }
        }
        guard pattern.utf8.count <= Self.maximumPatternLength else {
            throw RegexError("the regular expression is longer than \(Self.maximumPatternLength) bytes")
        }
        source = literal
        global = seen.contains("g")
        ignoreCase = seen.contains("i")
        multiline = seen.contains("m")
        dotAll = seen.contains("s")
        var parser = RegexParser(pattern)
        let tree = try parser.parse()
        var compiler = RegexCompiler(ignoreCase: ignoreCase, groupCount: parser.groupCount)
        try compiler.compile(tree)
        program = compiler.program
        sets = compiler.sets
        groupCount = parser.groupCount
        markCount = compiler.markCount
    }
}

/// Why a regular expression cannot be used: a message for the base's warning.
public struct RegexError: Error, Sendable, Hashable {
    public var message: String
    init(_ message: String) { self.message = message }
}
