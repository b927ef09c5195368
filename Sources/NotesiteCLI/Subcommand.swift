/// One `notesite <name>` command: its help text, and how to parse then run it.
struct Subcommand: Sendable {
    let name: String
    /// One line for `notesite --help`.
    let summary: String
    let usage: String
    /// Parses the arguments (a usage error exits 64), then runs; returns the exit status.
    let run: @Sendable ([String], Console) async throws(Arguments.UsageError) -> Int32

    static let all: [Subcommand] = [
        Subcommand(
            name: "init", summary: "make a new vault: a welcome note, a picture, every setting",
            usage: InitCommand.usage
        ) {
            arguments, console throws(Arguments.UsageError) in
            try InitCommand(arguments).run(console: console)
        },
        Subcommand(name: "build", summary: "build the site from a vault of notes", usage: BuildCommand.usage)
        {
            arguments, console throws(Arguments.UsageError) in
            let command = try BuildCommand(arguments, mode: .build)
            return await command.run(console: console)
        },
        Subcommand(
            name: "check", summary: "report every problem build would, without writing the site",
            usage: BuildCommand.checkUsage
        ) {
            arguments, console throws(Arguments.UsageError) in
            let command = try BuildCommand(arguments, mode: .check)
            return await command.run(console: console)
        },
        Subcommand(
            name: "serve", summary: "build the site, serve it on this machine and rebuild on every change",
            usage: ServeCommand.usage
        ) {
            arguments, console throws(Arguments.UsageError) in
            let command = try ServeCommand(arguments)
            return await command.run(console: console)
        },
        Subcommand(
            name: "render", summary: "print the HTML that notesite makes of one Markdown file",
            usage: RenderCommand.usage
        ) {
            arguments, console throws(Arguments.UsageError) in
            try RenderCommand(arguments).run(console: console)
        },
        Subcommand(
            name: "theme", summary: "`theme eject`: copy the default theme into the vault to customize it",
            usage: ThemeCommand.usage
        ) {
            arguments, console throws(Arguments.UsageError) in
            try ThemeCommand(arguments).run(console: console)
        },
        Subcommand(
            name: "clean", summary: "`clean --cache`: empty the image rendition cache",
            usage: CleanCommand.usage
        ) {
            arguments, console throws(Arguments.UsageError) in
            try CleanCommand(arguments).run(console: console)
        },
    ]

    static func named(_ name: String) -> Subcommand? { all.first { $0.name == name } }

    /// `unknown command 'x'; did you mean 'y'?`
    static func unknown(_ name: String) -> Arguments.UsageError {
        .init("unknown command '\(name)'" + Suggestion.hint(for: name, in: all.map(\.name) + ["help"]))
    }
}
