/// One `exclude` pattern, matched against a whole name or path: `*` and `?` stay within one folder,
/// `**/` is any number of folders (none included), `**` anything; everything else is literal.
/// Matched by hand rather than as a regular expression: Foundation's regular expressions start ICU,
/// which costs every build about 2 MB and 20 ms before the first note is read.
struct Glob: Sendable, Hashable {
    private enum Token: Sendable, Hashable {
        case literal(Unicode.Scalar)
        case oneInFolder  // ?
        case runInFolder  // *
        case anything  // ** not followed by /
        case folders  // **/
    }

    private let tokens: [Token]

    init(_ pattern: String) {
        var tokens: [Token] = []
        var scalars = Array(pattern.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "*" where scalars.first == "*":
                scalars.removeFirst()
                if scalars.first == "/" {
                    scalars.removeFirst()
                    tokens.append(.folders)
                } else {
                    tokens.append(.anything)
                }
            case "*": tokens.append(.runInFolder)
            case "?": tokens.append(.oneInFolder)
            default: tokens.append(.literal(scalar))
            }
        }
        self.tokens = tokens
    }

    /// Whether the whole of `subject` matches: a table of "tokens from t on match scalars from i on",
    /// filled from the ends, so no pattern can make it backtrack without bound.
    func matches(_ subject: String) -> Bool {
        let scalars = Array(subject.unicodeScalars)
        let width = scalars.count + 1
        var table = [Bool](repeating: false, count: (tokens.count + 1) * width)
        table[tokens.count * width + scalars.count] = true
        for t in stride(from: tokens.count - 1, through: 0, by: -1) {
            var folderAhead = false  // some `/` at j >= i with the rest matching from j + 1
            for i in stride(from: scalars.count, through: 0, by: -1) {
                let next = table[(t + 1) * width + i]
                let here = i < scalars.count ? scalars[i] : nil
                let stepNext = here != nil && table[(t + 1) * width + i + 1]
                let stepSame = here != nil && table[t * width + i + 1]
                if here == "/" && stepNext { folderAhead = true }
                table[t * width + i] =
                    switch tokens[t] {
                    case .literal(let scalar): here == scalar && stepNext
                    case .oneInFolder: here != nil && here != "/" && stepNext
                    case .runInFolder: next || (here != nil && here != "/" && stepSame)
                    case .anything: next || stepSame
                    case .folders: next || folderAhead
                    }
            }
        }
        return table[0]
    }
}
