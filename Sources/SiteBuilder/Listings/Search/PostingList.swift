/// Which notes a term is in, and how often in each field, written as a short ASCII string that
/// search-engine.js decodes only for the terms a query reaches (so loading the index parses no
/// postings at all).
///
/// Per note, in note order: the gap from the previous note's number (the first: its number + 1),
/// then `textCount << 3 | fields` where bit 0 is the title, bit 1 the headings, bit 2 the tags,
/// then the count of each field whose bit is set, in that order. Each number is a little-endian
/// base-32 varint: one character of `alphabet` per five bits, 32 added while more follow.
enum PostingList {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_".utf8)

    /// Every term of the documents with its encoded postings, sorted by UTF-16 code units.
    /// Terms are numbered as first met, so each posting costs one dictionary lookup: `serve`
    /// runs this on every save.
    static func encode(_ documents: [SearchDocument]) -> [(term: String, encoded: String)] {
        var numbers: [String: Int] = [:]
        var terms: [String] = []
        var lists: [[UInt8]] = []
        var previous: [Int] = []
        for (note, document) in documents.enumerated() {
            for entry in document.entries {
                let number = numbers[entry.term] ?? terms.count
                if number == terms.count {
                    numbers[entry.term] = number
                    terms.append(entry.term)
                    lists.append([])
                    previous.append(-1)
                }
                let counts = entry.counts
                append(note - previous[number], to: &lists[number])
                previous[number] = note
                var mask = 0
                for field in 0..<3 where counts[field] > 0 { mask |= 1 << field }
                append(Int(counts[3]) << 3 | mask, to: &lists[number])
                for field in 0..<3 where counts[field] > 0 { append(Int(counts[field]), to: &lists[number]) }
            }
        }
        return terms.indices.sorted { terms[$0].utf16.lexicographicallyPrecedes(terms[$1].utf16) }
            .map { (term: terms[$0], encoded: String(decoding: lists[$0], as: UTF8.self)) }
    }

    static func append(_ value: Int, to bytes: inout [UInt8]) {
        var rest = max(0, value)
        repeat {
            let low = rest & 31
            rest >>= 5
            bytes.append(alphabet[rest > 0 ? low | 32 : low])
        } while rest > 0
    }

    /// The numbers of an encoded list (for tests; the browser has its own decoder).
    static func decode(_ encoded: String) -> [Int] {
        var numbers: [Int] = []
        var value = 0
        var shift = 0
        for byte in encoded.utf8 {
            guard let digit = alphabet.firstIndex(of: byte) else { return numbers }
            value |= (digit & 31) << shift
            shift += 5
            if digit < 32 {
                numbers.append(value)
                value = 0
                shift = 0
            }
        }
        return numbers
    }
}
