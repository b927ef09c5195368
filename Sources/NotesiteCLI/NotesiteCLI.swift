import ImagePipeline
import MarkdownReader
import SiteBuilder

/// The command line, callable in-process so tests can run it; `main.swift` only calls `main`.
public enum NotesiteCLI {
    /// Exit statuses (sysexits.h for usage).
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usageError: Int32 = 64

    static var usage: String { HelpCommand.usage }

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
            return HelpCommand.run(rest, console: console)
        case "--version", "-V":
            console.out(BuildInfo.versionText)
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

    static func usageFailure(_ error: Arguments.UsageError, help: String, console: Console) -> Int32 {
        console.err("notesite: error: \(error)\nSee '\(help)'.\n")
        return usageError
    }
}
