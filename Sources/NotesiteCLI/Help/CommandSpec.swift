/// One `notesite` command as a table row: what `help` prints, what the man page and the shell
/// completions are made of, and which options the argument reader accepts. The one source for all four.
struct CommandSpec: Sendable {
    let name: String
    /// One line for the list of commands.
    let summary: String
    let operands: [OperandSpec]
    /// Shown in the options table, in this order; `--help` is added last.
    let options: [OptionSpec]
    /// What the command does, paragraphs separated by a blank line.
    let description: String
    /// Paragraphs after the options (the exit status, notes); may be empty.
    let epilogue: String

    init(
        _ name: String, summary: String, operands: [OperandSpec] = [], options: [OptionSpec] = [],
        description: String, epilogue: String = ""
    ) {
        self.name = name
        self.summary = summary
        self.operands = operands
        self.options = options + [.help]
        self.description = description
        self.epilogue = epilogue
    }

    /// The option of this name, long or short.
    func option(_ name: String) -> OptionSpec? {
        options.first { $0.name == name || $0.short == name }
    }

    /// The flags and the options taking a value, as the argument reader wants them.
    var flagNames: Set<String> { Set(options.filter { $0.value == nil }.map(\.name)) }
    var valueOptionNames: Set<String> { Set(options.filter { $0.value != nil }.map(\.name)) }

    /// The words of the synopsis after `notesite`: `build`, `[VAULT]`, `[--output DIR]`, ...
    var synopsisWords: [String] {
        [name] + operands.map(\.synopsis) + options.filter { $0 != .help }.map(\.synopsis)
    }
}
