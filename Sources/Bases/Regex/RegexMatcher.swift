/// Runs a ``BaseRegex`` over a text as a Pike VM: every thread of the program advances together one
/// scalar at a time, at most one thread per instruction, the threads kept in priority order so the
/// match found is the one JavaScript's backtracking finds (leftmost, then first by preference).
/// One search costs at most (text length + 1) x (program size) steps; `work` counts them so that
/// many searches over one text (a global replace) stay within the caller's budget.
struct RegexMatcher {
    let regex: BaseRegex
    let text: [Unicode.Scalar]
    /// Steps left; a search that runs out throws.
    private(set) var budget: Int
    /// Steps taken so far.
    private(set) var work = 0

    /// Which (instruction, state) pairs hold a thread at the current position, by generation, so
    /// clearing is free; made once for all the searches of one matcher.
    private var seen: [Int]
    private var generation = 0

    init(_ regex: BaseRegex, text: [Unicode.Scalar], budget: Int) {
        self.regex = regex
        self.text = text
        self.budget = budget
        seen = [Int](repeating: -1, count: regex.program.count << regex.markCount)
    }

    /// Thrown when the budget runs out.
    struct OutOfSteps: Error {}

    private struct Thread {
        var pc: Int
        var slots: [Int]
    }

    /// The first match starting at or after `start`: capture slots (`[2n]` start, `[2n+1]` end of
    /// group `n`, -1 when a group took no part), group 0 the whole match.
    mutating func firstMatch(from start: Int) throws(OutOfSteps) -> [Int]? {
        let program = regex.program
        let slotCount = (regex.groupCount + 1) * 2 + regex.markCount
        var current: [Thread] = []
        var next: [Thread] = []
        generation += 1
        var matched: [Int]?
        var position = start
        let blank = [Int](repeating: -1, count: slotCount)
        while true {
            if matched == nil {
                try add(
                    Thread(pc: 0, slots: blank), at: position, to: &current)
            }
            if current.isEmpty {
                // No thread here (an assertion failed): try the next start, unless a match is found.
                if matched != nil || position >= text.count { break }
                position += 1
                generation += 1
                continue
            }
            generation += 1
            let scalar = position < text.count ? text[position] : nil
            for thread in current {
                try spend()
                var advances = false
                switch program[thread.pc] {
                case .scalar(let wanted):
                    if let scalar {
                        advances = (regex.ignoreCase ? RegexSet.lower(scalar) : scalar) == wanted
                    }
                case .any:
                    if let scalar { advances = regex.dotAll || !RegexSet.isLineTerminator(scalar) }
                case .set(let index):
                    if let scalar {
                        advances = regex.sets[index].contains(scalar, ignoreCase: regex.ignoreCase)
                    }
                case .match:
                    matched = thread.slots
                default: break
                }
                // A match cuts the threads it is preferred to.
                if matched != nil, case .match = program[thread.pc] { break }
                if advances {
                    try add(
                        Thread(pc: thread.pc + 1, slots: thread.slots), at: position + 1, to: &next)
                }
            }
            swap(&current, &next)
            next.removeAll(keepingCapacity: true)
            if position >= text.count { break }
            position += 1
        }
        return matched
    }

    private mutating func spend() throws(OutOfSteps) {
        work += 1
        budget -= 1
        if budget < 0 { throw OutOfSteps() }
    }

    /// Adds a thread at `pc` and every thread its jumps, splits, saves and assertions lead to, in
    /// priority order, each instruction once per position.
    private mutating func add(
        _ thread: Thread, at position: Int, to list: inout [Thread]
    ) throws(OutOfSteps) {
        var stack = [thread]
        while var item = stack.popLast() {
            try spend()
            // Threads at one instruction differ in what they will do only by which repeats that
            // can match nothing have not advanced since their iteration began (`progress`).
            let state = item.pc * (1 << regex.markCount) + pending(item.slots, at: position)
            guard seen[state] != generation else { continue }
            seen[state] = generation
            switch regex.program[item.pc] {
            case .jump(let target):
                item.pc = target
                stack.append(item)
            case .split(let first, let second):
                stack.append(Thread(pc: second, slots: item.slots))
                item.pc = first
                stack.append(item)
            case .save(let slot), .mark(let slot):
                if slot < item.slots.count { item.slots[slot] = position }
                item.pc += 1
                stack.append(item)
            case .progress(let slot):
                if slot < item.slots.count, item.slots[slot] != position {
                    item.pc += 1
                    stack.append(item)
                }
            case .reset(let slots):
                for slot in slots where slot < item.slots.count { item.slots[slot] = -1 }
                item.pc += 1
                stack.append(item)
            case .assertion(let assertion):
                if holds(assertion, at: position) {
                    item.pc += 1
                    stack.append(item)
                }
            default:
                list.append(item)
            }
        }
    }

    /// Which marked iterations began at `position` (one bit each).
    private func pending(_ slots: [Int], at position: Int) -> Int {
        var bits = 0
        let base = (regex.groupCount + 1) * 2
        for index in 0..<regex.markCount where slots[base + index] == position { bits |= 1 << index }
        return bits
    }

    private func holds(_ assertion: RegexAssertion, at position: Int) -> Bool {
        let before = position > 0 && position <= text.count ? text[position - 1] : nil
        let after = position < text.count ? text[position] : nil
        switch assertion {
        case .lineStart:
            return before == nil || (regex.multiline && before.map(RegexSet.isLineTerminator) == true)
        case .lineEnd:
            return after == nil || (regex.multiline && after.map(RegexSet.isLineTerminator) == true)
        case .wordBoundary, .notWordBoundary:
            let boundary =
                (before.map(RegexSet.isWord) ?? false) != (after.map(RegexSet.isWord) ?? false)
            return boundary == (assertion == .wordBoundary)
        }
    }
}
