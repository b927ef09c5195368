import ImagePipeline

/// `notesite build` and `notesite check` as rows of the command table.
extension BuildCommand {
    static let spec = CommandSpec(
        "build", summary: "build the site from a vault of notes", operands: [.folder("VAULT")],
        options: [
            OptionSpec(
                "--output", value: "DIR", completion: .folder,
                help:
                    "where the site goes (default: VAULT/_site); replaced whole, only when it is empty or was made by notesite"
            ),
            OptionSpec(
                "--strict", help: "treat warnings as errors, and keep the old site on any problem (for CI)"),
            baseURL,
            OptionSpec(
                "--json", value: "FILE", completion: .file,
                help:
                    "write a machine-readable report to FILE; '-' prints it on stdout, which then carries nothing else"
            ),
            imageFormat, jobs,
            OptionSpec("--force", help: "replace the output folder even if notesite did not make it"),
            quiet, verbose, timings, color,
        ],
        description: "Turns the notes in VAULT (default: the current folder) into a website.",
        epilogue: """
            Under GITHUB_ACTIONS=true, problems are also printed on stdout as workflow commands, so \
            they show on the pull request.

            EXIT STATUS: 0 built (warnings allowed), 1 an error was reported (under --strict, a \
            warning too), 64 usage error.
            """)

    static let checkSpec = CommandSpec(
        "check", summary: "report every problem build would, without writing the site",
        operands: [.folder("VAULT")],
        options: [
            OptionSpec(
                "--output", value: "DIR", completion: .folder,
                help: "the output folder to check (default: VAULT/_site or the output setting)"),
            OptionSpec("--strict", help: "warnings count as errors"),
            baseURL,
            OptionSpec(
                "--json", value: "FILE", completion: .file,
                help: "write a machine-readable report to FILE ('-': stdout)"),
            imageFormat, jobs, quiet, verbose, timings, color,
        ],
        description: """
            Checks the notes in VAULT (default: the current folder) as `notesite build` would: the \
            settings, front matter, links, images and templates, and whether the output folder can \
            be replaced. The site is made in memory and nothing is written (only the image cache).
            """,
        epilogue: """
            EXIT STATUS: 0 no errors (warnings allowed), 1 an error was found (under --strict, a \
            warning too), 64 usage error.
            """)

    static let baseURL = OptionSpec(
        "--base-url", value: "URL",
        help: "the address the site is published at, instead of base_url in notesite.yml")
    static let imageFormat = OptionSpec(
        "--image-format", value: "FORMAT", completion: .choices(ImageFormatPolicy.allCases.map(\.rawValue)),
        help:
            "how images are encoded (auto, png, jpeg, webp, avif or original), instead of image_format in notesite.yml"
    )

    /// `--image-format`'s value, checked.
    static func parsedImageFormat(_ parsed: Arguments) throws(Arguments.UsageError) -> ImageFormatPolicy? {
        guard let text = parsed.options["--image-format"] else { return nil }
        guard let format = ImageFormatPolicy(rawValue: text) else {
            let names = ImageFormatPolicy.allCases.map(\.rawValue)
            throw .init(
                "--image-format takes \(names.joined(separator: ", ")), got '\(text)'"
                    + Suggestion.hint(for: text, in: names))
        }
        return format
    }

    static let jobs = OptionSpec(
        "--jobs", value: "N", help: "notes and images worked on at once (default: the number of cores)")
    static let quiet = OptionSpec("--quiet", short: "-q", help: "print problems only, no summary")
    static let verbose = OptionSpec(
        "--verbose", short: "-v", help: "also print the image cache and how long each stage took")
    static let timings = OptionSpec("--timings", help: "print how long each stage took")
    static let color = OptionSpec(
        "--color", value: "WHEN", completion: .choices(ColorChoice.names),
        help: "auto (default: on a terminal, unless NO_COLOR is set), always, never")
}
