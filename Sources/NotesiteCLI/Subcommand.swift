/// One `notesite <name>` command: its help text, and how to parse then run it.
struct Subcommand: Sendable {
    let name: String
    let usage: String
    /// Parses the arguments (a usage error exits 64), then runs; returns the exit status.
    let run: @Sendable ([String], Console) async throws(Arguments.UsageError) -> Int32

    static let all: [Subcommand] = [
        Subcommand(name: "build", usage: BuildCommand.usage) {
            arguments, console throws(Arguments.UsageError) in
            let command = try BuildCommand(arguments)
            return await command.run(console: console)
        },
        Subcommand(name: "serve", usage: ServeCommand.usage) {
            arguments, console throws(Arguments.UsageError) in
            let command = try ServeCommand(arguments)
            return await command.run(console: console)
        },
        Subcommand(name: "render", usage: RenderCommand.usage) {
            arguments, console throws(Arguments.UsageError) in
            try RenderCommand(arguments).run(console: console)
        },
        Subcommand(name: "theme", usage: ThemeCommand.usage) {
            arguments, console throws(Arguments.UsageError) in
            try ThemeCommand(arguments).run(console: console)
        },
        Subcommand(name: "clean", usage: CleanCommand.usage) {
            arguments, console throws(Arguments.UsageError) in
            try CleanCommand(arguments).run(console: console)
        },
    ]
}
