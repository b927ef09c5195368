/// One `notesite <name>` command: its row of the command table, and how to parse then run it.
struct Subcommand: Sendable {
    let spec: CommandSpec
    /// Parses the arguments (a usage error exits 64), then runs; returns the exit status.
    let run: @Sendable ([String], Console) async throws(Arguments.UsageError) -> Int32

    var name: String { spec.name }
    var summary: String { spec.summary }
    var usage: String { spec.usage }

    static let all: [Subcommand] = [
        Subcommand(spec: InitCommand.spec) { arguments, console throws(Arguments.UsageError) in
            try InitCommand(arguments).run(console: console)
        },
        Subcommand(spec: BuildCommand.spec) { arguments, console throws(Arguments.UsageError) in
            let command = try BuildCommand(arguments, mode: .build)
            return await command.run(console: console)
        },
        Subcommand(spec: BuildCommand.checkSpec) { arguments, console throws(Arguments.UsageError) in
            let command = try BuildCommand(arguments, mode: .check)
            return await command.run(console: console)
        },
        Subcommand(spec: ExportCommand.spec) { arguments, console throws(Arguments.UsageError) in
            let command = try ExportCommand(arguments)
            return await command.run(console: console)
        },
        Subcommand(spec: ServeCommand.spec) { arguments, console throws(Arguments.UsageError) in
            let command = try ServeCommand(arguments)
            return await command.run(console: console)
        },
        Subcommand(spec: RenderCommand.spec) { arguments, console throws(Arguments.UsageError) in
            try RenderCommand(arguments).run(console: console)
        },
        Subcommand(spec: ThemeCommand.spec) { arguments, console throws(Arguments.UsageError) in
            try ThemeCommand(arguments).run(console: console)
        },
        Subcommand(spec: CleanCommand.spec) { arguments, console throws(Arguments.UsageError) in
            try CleanCommand(arguments).run(console: console)
        },
        Subcommand(spec: CompletionsCommand.spec) { arguments, console throws(Arguments.UsageError) in
            try CompletionsCommand(arguments).run(console: console)
        },
    ]

    /// Every command's row, `help` included: what the man page and the completions are made of.
    static var table: [CommandSpec] { all.map(\.spec) + [HelpCommand.spec] }

    static func named(_ name: String) -> Subcommand? { all.first { $0.name == name } }

    /// `unknown command 'x'; did you mean 'y'?`
    static func unknown(_ name: String) -> Arguments.UsageError {
        .init("unknown command '\(name)'" + Suggestion.hint(for: name, in: all.map(\.name) + ["help"]))
    }
}
