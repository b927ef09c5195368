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
    case match
}

/// Turns a ``RegexNode`` into instructions: `{m,n}` copies its operand, so the program's size is
/// checked as it grows.
struct RegexCompiler {
    let ignoreCase: Bool
    private(set) var program: [RegexInstruction] = []
    private(set) var sets: [RegexSet] = []

    init(ignoreCase: Bool) { self.ignoreCase = ignoreCase }

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
            for _ in 0..<min { try emit(inner) }
            if let max {
                // Each optional copy may stop the run: `x{1,3}` is `x(x(x)?)?`.
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(program.count)
                    try append(.split(-1, -1))
                    try emit(inner)
                }
                for split in splits { program[split] = choice(split + 1, program.count, greedy) }
            } else {
                let loop = program.count
                try append(.split(-1, -1))
                try emit(inner)
                try append(.jump(loop))
                program[loop] = choice(loop + 1, program.count, greedy)
            }
        }
    }

    /// A split that prefers `body` when greedy, `exit` when lazy.
    private func choice(_ body: Int, _ exit: Int, _ greedy: Bool) -> RegexInstruction {
        greedy ? .split(body, exit) : .split(exit, body)
    }
}
