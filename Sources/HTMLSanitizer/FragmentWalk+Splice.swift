/// Puts the trusted pieces back where their placeholders turned up, in the pieces' order: one
/// the parser moved earlier (text fostered out of a table) goes right after the piece before it,
/// one it dropped (inside a doctype or an end tag) too, so none is lost or repeated.
extension FragmentWalk {
    mutating func finish() -> HTMLSanitizer.UTF8Result {
        let trusted = input.trusted
        let source = input.trustedSource
        var offsets = Array(repeating: 0, count: trusted.count)
        var previous = found.first { $0 >= 0 } ?? out.count
        for index in offsets.indices {
            previous = max(found[index], previous)
            offsets[index] = previous
        }
        var result: [UInt8] = []
        result.reserveCapacity(out.count + trusted.reduce(0) { $0 + $1.count } + preStarts.count)
        var cursor = 0
        var next = 0
        func insert(upTo end: Int, including: Bool) {
            while next < offsets.count, offsets[next] < end || (including && offsets[next] == end) {
                result.append(contentsOf: out[cursor..<offsets[next]])
                cursor = offsets[next]
                result.append(contentsOf: source[trusted[next]])
                next += 1
            }
            result.append(contentsOf: out[cursor..<end])
            cursor = end
        }
        for start in preStarts {
            insert(upTo: start, including: false)
            // The parser drops one newline right after `<pre>`: if the content starts with one,
            // it needs another in front.
            var first: UInt8? = start < out.count ? out[start] : nil
            var index = next
            while index < offsets.count, offsets[index] == start {
                if !trusted[index].isEmpty {
                    first = source[trusted[index].lowerBound]
                    break
                }
                index += 1
            }
            if first == UInt8(ascii: "\n") { result.append(UInt8(ascii: "\n")) }
        }
        insert(upTo: out.count, including: true)
        return HTMLSanitizer.UTF8Result(html: result, removed: removed)
    }
}
