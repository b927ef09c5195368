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
          clean     `clean --cache`: empty the image rendition cache

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
        default:
            guard let subcommand = Subcommand.all.first(where: { $0.name == command }) else {
                console.err("notesite: error: unknown command '\(command)'\n\n\(usage)")
                return usageError
            }
            if rest.contains("--help") || rest.contains("-h") {
                console.out(subcommand.usage)
                return success
            }
            do {
                return try await subcommand.run(rest, console)
            } catch {
                return usageFailure(error, help: "notesite \(command) --help", console: console)
            }
        }
    }

    static func usageFailure(_ error: Arguments.UsageError, help: String, console: Console) -> Int32 {
        console.err("notesite: error: \(error)\nSee '\(help)'.\n")
        return usageError
    }
}
