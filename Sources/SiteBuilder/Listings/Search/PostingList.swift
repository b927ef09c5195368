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
    static func encode(_ documents: [SearchDocument]) -> [(term: String, encoded: String)] {
        let marked: [SearchDocument.Field] = [.title, .headings, .tags]
        var lists: [String: (last: Int, bytes: [UInt8])] = [:]
        for (number, document) in documents.enumerated() {
            var terms = Set<String>()
            for counts in document.counts { terms.formUnion(counts.keys) }
            for term in terms {
                var posting: [UInt8] = []
                append(number - (lists[term]?.last ?? -1), to: &posting)
                let text = document.counts[SearchDocument.Field.text.rawValue][term] ?? 0
                let present = marked.filter { document.counts[$0.rawValue][term] != nil }
                append(text << 3 | present.reduce(0) { $0 | 1 << $1.rawValue }, to: &posting)
                for field in present { append(document.counts[field.rawValue][term] ?? 0, to: &posting) }
                // Appended in place: a copy of a long list per note would make this quadratic.
                lists[term, default: (last: -1, bytes: [])].bytes += posting
                lists[term, default: (last: -1, bytes: [])].last = number
            }
        }
        return lists.map { (term: $0.key, encoded: String(decoding: $0.value.bytes, as: UTF8.self)) }
            .sorted { $0.term.utf16.lexicographicallyPrecedes($1.term.utf16) }
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
