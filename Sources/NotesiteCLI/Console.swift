import Foundation

/// Where the command line writes: people's messages to `err`, program output to `out`; and what it
/// knows of its surroundings (the environment, whether `err` is a terminal). Tests pass their own.
public struct Console: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    /// The environment variables the command line reads: `CI`, `GITHUB_ACTIONS`, `NO_COLOR`.
    public var environment: [String: String]
    /// Whether `err` is a terminal a person watches (progress bars and colours are for them only).
    public var errIsTerminal: Bool

    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        environment: [String: String] = [:], errIsTerminal: Bool = false
    ) {
        self.out = out
        self.err = err
        self.environment = environment
        self.errIsTerminal = errIsTerminal
    }

    public static var standard: Console {
        Console(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { FileHandle.standardError.write(Data($0.utf8)) },
            environment: ProcessInfo.processInfo.environment, errIsTerminal: isatty(STDERR_FILENO) == 1)
    }

    /// `CI=true` (GitHub, GitLab and most others set it): no progress bars, whatever the terminal.
    var isCI: Bool { environment["CI"]?.lowercased() == "true" || environment["CI"] == "1" }
    var isGitHubActions: Bool { environment["GITHUB_ACTIONS"] == "true" }
}
