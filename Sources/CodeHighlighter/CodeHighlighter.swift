public import Foundation

/// Highlights code blocks with Pygments: looks every block up in the cache, then sends the rest in
/// batches to `jobs` long-lived helper processes working in parallel (never one process per block).
public enum CodeHighlighter {
    /// One block to highlight: the fence's language as written and the code.
    public struct Block: Sendable, Hashable {
        public let language: String
        public let code: String
        /// The code's digest, made once: a block is found in a set, in the cache and in the
        /// highlights, and each used to digest all its code again.
        let digest: UInt64

        public init(language: String, code: String) {
            self.language = language
            self.code = code
            digest = HighlightCache.digest(code)
        }
    }

    /// Code sent to one helper in one exchange, at most (a block larger than this goes alone).
    static let batchBytes = 64 * 1024

    /// The vault's cache of answers, read from its folder (nil: no cache). A build reads it while
    /// it gathers the notes' code.
    public struct Cache: Sendable {
        var pack: HighlightCache?
        public init(folder: URL?) { pack = folder.map { HighlightCache(folder: $0) } }
    }

    /// Highlights `blocks`. `cacheFolder` is the vault's cache folder (nil: no cache); `python`
    /// overrides the interpreter (tests use a missing one). Without Pygments every block stays
    /// plain and the result says why in `notice`.
    public static func highlight(
        _ blocks: Set<Block>, cacheFolder: URL?, jobs: Int, python: URL? = nil
    ) async -> Highlights {
        await highlight(blocks, cache: Cache(folder: cacheFolder), jobs: jobs, python: python)
    }

    /// ``highlight(_:cacheFolder:jobs:python:)`` with the cache read already.
    public static func highlight(
        _ blocks: Set<Block>, cache opened: Cache, jobs: Int, python: URL? = nil
    ) async -> Highlights {
        var result = Highlights()
        guard !blocks.isEmpty else { return result }
        guard let python = python ?? PygmentsInstall.python() else {
            result.notice = "code is not highlighted: python3 was not found (install python3-pygments)"
            return result
        }
        let ordered = Array(blocks)
        result.reserve(ordered.count)
        var cache = opened.pack
        var missing = ordered
        // The version is part of every key: read from the package, or asked of one helper.
        let probed =
            cache == nil
            ? nil : PygmentsInstall.version(for: python) ?? PygmentsProcess(python: python)?.version
        if let probed, cache != nil {
            missing = []
            for block in ordered {
                let key = HighlightCache.key(pygments: probed, block: block)
                if let answer = cache?.lookup(key, digest: block.digest) {
                    result.record(block, answer)
                    result.cacheHits += 1
                } else {
                    missing.append(block)
                }
            }
        }
        if !missing.isEmpty {
            missing = byLanguage(missing)
            guard let (version, answers) = await run(missing, python: python, jobs: jobs) else {
                result.notice =
                    "code is not highlighted: Pygments is not installed for \(python.path)"
                    + " (install python3-pygments)"
                return result
            }
            result.pygments = version
            for (block, answer) in zip(missing, answers) {
                guard let answer else { continue }
                result.record(block, answer)
                result.highlighted += 1
                cache?.store(answer, for: HighlightCache.key(pygments: version, block: block))
            }
        }
        result.pygments = result.pygments ?? probed
        cache?.save()
        return result
    }

    /// `blocks` in the order of their language, then code: each helper then loads few lexers,
    /// and the batches are the same in every build.
    private static func byLanguage(_ blocks: [Block]) -> [Block] {
        blocks.sorted { ($0.language, $0.code) < ($1.language, $1.code) }
    }

    /// `items` cut into `parts` runs of consecutive items of about equal weight, none empty.
    static func split<Item>(_ items: [Item], into parts: Int, weight: (Item) -> Int) -> [[Item]] {
        let total = max(1, items.reduce(0) { $0 + weight($1) })
        var shares: [[Item]] = [[]]
        var sum = 0
        for item in items {
            let boundary = total * shares.count / parts
            if sum >= boundary, !(shares.last?.isEmpty ?? true), shares.count < parts { shares.append([]) }
            shares[shares.count - 1].append(item)
            sum += weight(item)
        }
        return shares.filter { !$0.isEmpty }
    }

    /// Runs the helpers; answers in the order of `blocks` (nil where a helper failed), and the
    /// Pygments version. nil when no helper could start (Pygments absent).
    private static func run(_ blocks: [Block], python: URL, jobs: Int) async
        -> (String, [PygmentsProcess.Answer?])?
    {
        var batches: [Range<Int>] = []
        var start = 0
        var bytes = 0
        for (index, block) in blocks.enumerated() {
            if index > start, bytes + block.code.utf8.count > batchBytes {
                batches.append(start..<index)
                start = index
                bytes = 0
            }
            bytes += block.code.utf8.count
        }
        batches.append(start..<blocks.count)
        // Blocks are sorted by language: each helper takes a run of consecutive batches of about
        // equal size, so it loads (and compiles the rules of) only its own languages' lexers.
        let workers = min(max(1, jobs), batches.count)
        let shares = Self.split(batches, into: workers) { blocks[$0].reduce(0) { $0 + $1.code.utf8.count } }
        let outcome = await withTaskGroup(of: (String?, [(Int, PygmentsProcess.Answer)]).self) { group in
            for share in shares {
                group.addTask {
                    guard let helper = PygmentsProcess(python: python) else { return (nil, []) }
                    var answers: [(Int, PygmentsProcess.Answer)] = []
                    for batch in share {
                        let request = blocks[batch].map { (LanguageNames.pygments($0.language), $0.code) }
                        guard let found = helper.highlight(request) else { break }
                        answers += zip(batch, found).map { ($0, $1) }
                    }
                    return (helper.version, answers)
                }
            }
            var version: String?
            var answers = [PygmentsProcess.Answer?](repeating: nil, count: blocks.count)
            for await (helperVersion, found) in group {
                version = version ?? helperVersion
                for (index, answer) in found { answers[index] = answer }
            }
            return version.map { ($0, answers) }
        }
        return outcome
    }
}
