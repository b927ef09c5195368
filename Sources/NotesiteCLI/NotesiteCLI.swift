import SiteBuilder

/// The command line, callable in-process so tests can run it; `main.swift` only calls `main`.
public enum NotesiteCLI {
    /// Exit statuses (sysexits.h for usage).
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usageError: Int32 = 64

    static let usage = """
        USAGE: notesite <command> [options]

        Turns a folder of Markdown notes with images into a website.

        COMMANDS:
          build     build the site from a vault of notes
          serve     build the site, serve it on this machine and rebuild on every change
          render    print the HTML that notesite makes of one Markdown file
          theme     `theme eject`: copy the default theme into the vault to customize it

        OPTIONS:
          -h, --help     show this help (also: notesite <command> --help)
          --version      show the version

        """

    public static func main(arguments: [String], console: Console = .standard) async -> Int32 {
        guard let command = arguments.first else {
            console.err(usage)
            return usageError
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "--help", "-h", "help":
            console.out(usage)
            return success
        case "--version":
            console.out("notesite \(NotesiteVersion.current)\n")
            return success
        case "build":
            if rest.contains("--help") || rest.contains("-h") {
                console.out(BuildCommand.usage)
                return success
            }
            do {
                let command = try BuildCommand(rest)
                return await command.run(console: console)
            } catch {
                return usageFailure(error, help: "notesite build --help", console: console)
            }
        case "serve":
            if rest.contains("--help") || rest.contains("-h") {
                console.out(ServeCommand.usage)
                return success
            }
            do {
                let command = try ServeCommand(rest)
                return await command.run(console: console)
            } catch {
                return usageFailure(error, help: "notesite serve --help", console: console)
            }
        case "render":
            if rest.contains("--help") || rest.contains("-h") {
                console.out(RenderCommand.usage)
                return success
            }
            do {
                return try RenderCommand(rest).run(console: console)
            } catch {
                return usageFailure(error, help: "notesite render --help", console: console)
            }
        case "theme":
            if rest.contains("--help") || rest.contains("-h") {
                console.out(ThemeCommand.usage)
                return success
            }
            do {
                return try ThemeCommand(rest).run(console: console)
            } catch {
                return usageFailure(error, help: "notesite theme --help", console: console)
            }
        default:
            console.err("notesite: error: unknown command '\(command)'\n\n\(usage)")
            return usageError
        }
    }

    static func usageFailure(_ error: Arguments.UsageError, help: String, console: Console) -> Int32 {
        console.err("notesite: error: \(error)\nSee '\(help)'.\n")
        return usageError
    }
}
