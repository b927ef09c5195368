/// One option of a command, as `help`, the man page, the completions and the argument reader see it.
struct OptionSpec: Sendable, Equatable {
    /// The long GNU spelling: `--output`.
    let name: String
    /// The one-letter spelling, when there is one: `-q`.
    let short: String?
    /// The value's placeholder (`DIR`) when the option takes one; nil for a flag.
    let value: String?
    /// What it does, one paragraph; the renderers wrap it.
    let help: String
    /// What the shells offer for its value.
    let completion: ValueCompletion
    /// Shown without brackets in the synopsis (`clean --cache`).
    let required: Bool

    init(
        _ name: String, short: String? = nil, value: String? = nil, completion: ValueCompletion = .none,
        required: Bool = false, help: String
    ) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
        self.completion = completion
        self.required = required
    }

    /// `-q, --quiet` or `--output DIR`, as the options table of `help` names it.
    var label: String {
        let long = value.map { "\(name) \($0)" } ?? name
        return short.map { "\($0), \(long)" } ?? long
    }

    /// `[--output DIR]` in a synopsis.
    var synopsis: String {
        let text = value.map { "\(name) \($0)" } ?? name
        return required ? text : "[\(text)]"
    }

    static let help = OptionSpec("--help", short: "-h", help: "show this help")
}

/// What a shell may complete in an option's value or an operand.
enum ValueCompletion: Sendable, Equatable {
    /// Anything: the shell offers nothing.
    case none
    /// One of these words.
    case choices([String])
    /// A folder (a vault, an output folder).
    case folder
    /// A file.
    case file
}
