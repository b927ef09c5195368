import ImagePipeline
import MarkdownReader
import SiteBuilder

/// The command line, callable in-process so tests can run it; `main.swift` only calls `main`.
public enum NotesiteCLI {
    /// Exit statuses (sysexits.h for usage).
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usageError: Int32 = 64

    static var usage: String {
        let width = Subcommand.all.map(\.name.count).max() ?? 0
        let commands = Subcommand.all.map { command in
            "  " + command.name + String(repeating: " ", count: width - command.name.count + 3)
                + command.summary
        }
        return """
            USAGE: notesite <command> [options]

            Turns a folder of Markdown notes with images into a website.

            COMMANDS:
            \(commands.joined(separator: "\n"))

            OPTIONS:
              -h, --help     show this help (also: notesite help <command>, notesite <command> --help)
              --version      show the version, with the libcmark and libvips it uses

            """
    }

    /// `notesite 0.1.0 (libcmark 0.30.2, libvips 8.14.1)`
    static var versionLine: String {
        "notesite \(NotesiteVersion.current) (libcmark \(MarkdownReader.cmarkVersion), libvips \(ImageProcessor.vipsVersion))"
    }

    public static func main(arguments: [String], console: Console = .standard) async -> Int32 {
        let (leading, arguments) = leadingOutputOptions(arguments)
        guard let command = arguments.first else {
            console.err(usage)
            return usageError
        }
        let rest = leading + Array(arguments.dropFirst())
        switch command {
        case "--help", "-h":
            console.out(usage)
            return success
        case "help":
            return help(rest, console: console)
        case "--version", "-V":
            console.out(versionLine + "\n")
            return success
        default:
            guard let subcommand = Subcommand.named(command) else {
                let error =
                    command.hasPrefix("-")
                    ? Arguments.UsageError(
                        "unknown option '\(command)'"
                            + Suggestion.hint(for: command, in: ["--help", "--version"]))
                    : Subcommand.unknown(command)
                return usageFailure(error, help: "notesite --help", console: console)
            }
            // `--help` anywhere before `--` wins over everything else on the line.
            let options = rest.prefix { $0 != "--" }
            if options.contains("--help") || options.contains("-h") {
                console.out(subcommand.usage)
                return success
            }
            do {
                return try await subcommand.run(rest, console)
            } catch {
                return usageFailure(error, help: "notesite help \(command)", console: console)
            }
        }
    }

    /// `notesite -q build` as `notesite build -q`: the output options may come before the command.
    static func leadingOutputOptions(_ arguments: [String]) -> (options: [String], rest: [String]) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if ["-q", "--quiet", "-v", "--verbose"].contains(argument) || argument.hasPrefix("--color=") {
                index += 1
            } else if argument == "--color" && index + 1 < arguments.count {
                index += 2
            } else {
                break
            }
        }
        return (Array(arguments[..<index]), Array(arguments[index...]))
    }

    /// `notesite help [COMMAND]`
    static func help(_ arguments: [String], console: Console) -> Int32 {
        guard let name = arguments.first else {
            console.out(usage)
            return success
        }
        guard arguments.count == 1 else {
            return usageFailure(
                .init("help takes one command name"), help: "notesite --help", console: console)
        }
        guard let subcommand = Subcommand.named(name) else {
            return usageFailure(Subcommand.unknown(name), help: "notesite --help", console: console)
        }
        console.out(subcommand.usage)
        return success
    }

    static func usageFailure(_ error: Arguments.UsageError, help: String, console: Console) -> Int32 {
        console.err("notesite: error: \(error)\nSee '\(help)'.\n")
        return usageError
    }
}
