/// `notesite completions bash|zsh|fish`: prints a completion script made from the command table.
struct CompletionsCommand {
    enum Shell: String, CaseIterable { case bash, zsh, fish }

    static let spec = CommandSpec(
        "completions", summary: "print the completion script for bash, zsh or fish",
        operands: [
            OperandSpec(name: "SHELL", completion: .choices(Shell.allCases.map(\.rawValue)), optional: false)
        ],
        description: """
            Prints a script that teaches SHELL to complete notesite's commands, options, their \
            values (such as --syntax, --color and --image-format) and vault folders. Install it with, for bash: \
            `notesite completions bash > ~/.local/share/bash-completion/completions/notesite`; for \
            zsh: `notesite completions zsh > ~/.zfunc/_notesite` with ~/.zfunc on $fpath; for fish: \
            `notesite completions fish > ~/.config/fish/completions/notesite.fish`. The Debian \
            package installs all three.
            """)

    var shell: Shell

    init(_ arguments: [String]) throws(Arguments.UsageError) {
        let parsed = try Arguments(arguments, spec: Self.spec)
        let names = Shell.allCases.map(\.rawValue)
        guard parsed.positionals.count == 1, let name = parsed.positionals.first else {
            throw .init("say which shell: \(names.joined(separator: ", "))")
        }
        guard let shell = Shell(rawValue: name) else {
            throw .init(
                "unsupported shell '\(name)' (supported: bash, zsh, fish)"
                    + Suggestion.hint(for: name, in: names))
        }
        self.shell = shell
    }

    func run(console: Console) -> Int32 {
        let table = Subcommand.table
        switch shell {
        case .bash: console.out(BashCompletion.render(table))
        case .zsh: console.out(ZshCompletion.render(table))
        case .fish: console.out(FishCompletion.render(table))
        }
        return NotesiteCLI.success
    }
}
