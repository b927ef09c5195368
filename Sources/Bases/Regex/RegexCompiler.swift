/// One step of a compiled pattern, as the Pike VM runs it.
enum RegexInstruction: Sendable, Hashable {
    /// One scalar (already in lower case under `i`).
    case scalar(Unicode.Scalar)
    case any
    /// A class, by its index in `BaseRegex.sets`.
    case set(Int)
    /// Go on at both, the first preferred.
    case split(Int, Int)
    case jump(Int)
    /// Note the position in capture slot `n` (group `n / 2`, its start or end).
    case save(Int)
    case assertion(RegexAssertion)
    /// Note where an iteration of a loop that can match nothing starts, in slot `n`.
    case mark(Int)
    /// End that iteration, unless it matched nothing (JavaScript's rule: an optional iteration
    /// must advance).
    case progress(Int)
    /// Forget the groups in these slots: each iteration of a loop captures afresh.
    case reset(Range<Int>)
    case match
}

/// Turns a ``RegexNode`` into instructions: `{m,n}` copies its operand, so the program's size is
/// checked as it grows.
struct RegexCompiler {
    let ignoreCase: Bool
    private(set) var program: [RegexInstruction] = []
    private(set) var sets: [RegexSet] = []
    /// Loops whose iterations can match nothing, each with a slot for where its iteration began.
    private(set) var markCount = 0
    /// Where the marks' slots start (after the groups').
    let markBase: Int

    /// Loops that can match nothing tell threads apart by which of them has not advanced yet: at
    /// most this many, so a position holds at most 2^n threads per instruction.
    static let maximumMarks = 6

    init(ignoreCase: Bool, groupCount: Int) {
        self.ignoreCase = ignoreCase
        markBase = (groupCount + 1) * 2
    }

    /// The whole pattern, inside group 0.
    mutating func compile(_ node: RegexNode) throws(RegexError) {
        try append(.save(0))
        try emit(node)
        try append(.save(1))
        try append(.match)
    }

    private mutating func append(_ instruction: RegexInstruction) throws(RegexError) {
        guard program.count < BaseRegex.maximumProgramSize else {
            throw RegexError(
                "the regular expression is too large (over \(BaseRegex.maximumProgramSize) steps once its counts are spelled out)"
            )
        }
        program.append(instruction)
    }

    private mutating func emit(_ node: RegexNode) throws(RegexError) {
        switch node {
        case .empty: break
        case .scalar(let scalar): try append(.scalar(ignoreCase ? RegexSet.lower(scalar) : scalar))
        case .any: try append(.any)
        case .set(let set):
            sets.append(set)
            try append(.set(sets.count - 1))
        case .assertion(let assertion): try append(.assertion(assertion))
        case .group(let inner, let capture):
            if let capture { try append(.save(capture * 2)) }
            try emit(inner)
            if let capture { try append(.save(capture * 2 + 1)) }
        case .sequence(let items):
            for item in items { try emit(item) }
        case .alternation(let branches):
            var jumps: [Int] = []
            for (number, branch) in branches.enumerated() {
                if number < branches.count - 1 {
                    let split = program.count
                    try append(.split(split + 1, -1))
                    try emit(branch)
                    jumps.append(program.count)
                    try append(.jump(-1))
                    program[split] = .split(split + 1, program.count)
                } else {
                    try emit(branch)
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repetition(let inner, let min, let max, let greedy):
            let groups = Self.captures(in: inner)
            for _ in 0..<min { try iteration(inner, groups: groups, mark: nil) }
            var mark: Int?
            if Self.matchesEmpty(inner), max.map({ $0 > min }) ?? true {
                guard markCount < Self.maximumMarks else {
                    throw RegexError(
                        "the regular expression has more than \(Self.maximumMarks) repeats that can match nothing"
                    )
                }
                mark = markBase + markCount
                markCount += 1
            }
            if let max {
                // Each optional copy may stop the run: `x{1,3}` is `x(x(x)?)?`.
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(program.count)
                    try append(.split(-1, -1))
                    try iteration(inner, groups: groups, mark: mark)
                }
                for split in splits { program[split] = choice(split + 1, program.count, greedy) }
            } else {
                let loop = program.count
                try append(.split(-1, -1))
                try iteration(inner, groups: groups, mark: mark)
                try append(.jump(loop))
                program[loop] = choice(loop + 1, program.count, greedy)
            }
        }
    }

    /// One iteration of a repeat: its groups forgotten first, and when it may match nothing, its
    /// start marked and its progress checked.
    private mutating func iteration(_ inner: RegexNode, groups: Range<Int>?, mark: Int?) throws(RegexError) {
        if let groups { try append(.reset(groups)) }
        if let mark { try append(.mark(mark)) }
        try emit(inner)
        if let mark { try append(.progress(mark)) }
    }

    /// The slots of the groups inside `node` (numbered in order, so a range), or nil for none.
    static func captures(in node: RegexNode) -> Range<Int>? {
        var low = Int.max
        var high = Int.min
        var pending = [node]
        while let next = pending.popLast() {
            switch next {
            case .group(let inner, let capture):
                if let capture { (low, high) = (Swift.min(low, capture), Swift.max(high, capture)) }
                pending.append(inner)
            case .sequence(let items), .alternation(let items): pending += items
            case .repetition(let inner, _, _, _): pending.append(inner)
            default: break
            }
        }
        return low <= high ? (low * 2)..<(high * 2 + 2) : nil
    }

    /// Whether `node` can match the empty text.
    static func matchesEmpty(_ node: RegexNode) -> Bool {
        switch node {
        case .empty, .assertion: true
        case .scalar, .any, .set: false
        case .group(let inner, _): matchesEmpty(inner)
        case .sequence(let items): items.allSatisfy(matchesEmpty)
        case .alternation(let items): items.contains(where: matchesEmpty)
        case .repetition(let inner, let min, _, _): min == 0 || matchesEmpty(inner)
        }
    }

    /// A split that prefers `body` when greedy, `exit` when lazy.
    private func choice(_ body: Int, _ exit: Int, _ greedy: Bool) -> RegexInstruction {
        greedy ? .split(body, exit) : .split(exit, body)
    }
}
