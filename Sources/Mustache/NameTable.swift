/// Every name a library's templates read (each part of each variable or section name) and every
/// block name, numbered once when the templates are parsed: rendering then compares and
/// indexes numbers where it hashed strings for each lookup.
struct NameTable: Sendable {
    private(set) var ids: [String: Int] = [:]
    private(set) var names: [String] = []

    /// The name's number, given the next one the first time the name is seen.
    mutating func id(of name: String) -> Int {
        if let known = ids[name] { return known }
        names.append(name)
        ids[name] = names.count - 1
        return names.count - 1
    }
}
