/// A positional argument of a command: `[VAULT]`, or a fixed word such as `theme eject`.
struct OperandSpec: Sendable, Equatable {
    /// `VAULT`, or the word itself for a fixed word.
    let name: String
    let completion: ValueCompletion
    let optional: Bool

    /// An optional folder such as `[VAULT]`.
    static func folder(_ name: String) -> OperandSpec {
        OperandSpec(name: name, completion: .folder, optional: true)
    }

    /// A word that must be given as it is (`eject`).
    static func word(_ word: String) -> OperandSpec {
        OperandSpec(name: word, completion: .choices([word]), optional: false)
    }

    var synopsis: String { optional ? "[\(name)]" : name }
}
