extension Array {
    /// Sorted by a key computed once per element (a title lower-cased, say), not once per
    /// comparison; equal keys keep their order.
    func sorted<Key: Comparable>(byKey key: (Element) -> Key) -> [Element] {
        let keys = map(key)
        return indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }.map { self[$0] }
    }
}

/// `(title, path)`, without case: how listings order notes.
struct TitleOrder: Comparable {
    let title: String
    let path: String

    init(_ note: ResolvedNote) {
        self.init(title: note.title, path: note.path)
    }

    init(title: String, path: String) {
        self.title = title.lowercased()
        self.path = path
    }

    static func < (a: TitleOrder, b: TitleOrder) -> Bool { (a.title, a.path) < (b.title, b.path) }
}
