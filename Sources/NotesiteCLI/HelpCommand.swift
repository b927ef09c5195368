/// `notesite help [COMMAND] [--man]`, and `notesite --help`: text made from the command table.
enum HelpCommand {
    static let spec = CommandSpec(
        "help", summary: "show a command's options (--man: the whole manual page)",
        operands: [
            OperandSpec(
                name: "COMMAND", completion: .choices(Subcommand.all.map(\.name) + ["help"]), optional: true)
        ],
        options: [
            OptionSpec(
                "--man",
                help:
                    "print the whole manual page as roff, instead of one command's help (read it with: notesite help --man | man -l -)"
            )
        ],
        description: """
            Shows the options of COMMAND, or without one the list of commands. The manual page and \
            the shell completions (`notesite completions`) are made from the same table, so they \
            always agree with this help.
            """)

    /// The options `notesite` itself takes, before any command.
    static let globalOptions = [
        OptionSpec(
            "--help", short: "-h",
            help: "show this help (also: notesite help <command>, notesite <command> --help)"),
        OptionSpec(
            "--version", short: "-V",
            help: "show the version, how this binary was built and the versions of the libraries it uses"),
    ]

    static let tagline = "Turns a folder of Markdown notes with images into a website."

    /// `notesite --help`
    static var usage: String {
        let table = Subcommand.table
        let width = table.map(\.name.count).max() ?? 0
        let commands = table.map { command in
            "  " + command.name + String(repeating: " ", count: width - command.name.count + 3)
                + command.summary
        }
        return """
            USAGE: notesite <command> [options]

            \(tagline)

            COMMANDS:
            \(commands.joined(separator: "\n"))

            OPTIONS:
            \(CommandSpec.optionRows(globalOptions).joined(separator: "\n"))

            """
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let parsed: Arguments
        do {
            parsed = try Arguments(arguments, spec: spec)
        } catch {
            return NotesiteCLI.usageFailure(error, help: "notesite help help", console: console)
        }
        if parsed.has("--help") {
            console.out(spec.usage)
            return NotesiteCLI.success
        }
        if parsed.has("--man") {
            guard parsed.positionals.isEmpty else {
                return NotesiteCLI.usageFailure(
                    .init("--man prints the whole manual page; it takes no command"),
                    help: "notesite help help",
                    console: console)
            }
            console.out(ManPage.render(Subcommand.table))
            return NotesiteCLI.success
        }
        guard let name = parsed.positionals.first else {
            console.out(usage)
            return NotesiteCLI.success
        }
        guard parsed.positionals.count == 1 else {
            return NotesiteCLI.usageFailure(
                .init("help takes one command name"), help: "notesite --help", console: console)
        }
        if name == spec.name {
            console.out(spec.usage)
            return NotesiteCLI.success
        }
        guard let subcommand = Subcommand.named(name) else {
            return NotesiteCLI.usageFailure(
                Subcommand.unknown(name), help: "notesite --help", console: console)
        }
        console.out(subcommand.usage)
        return NotesiteCLI.success
    }
}
