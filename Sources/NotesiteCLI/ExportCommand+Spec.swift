/// `notesite export` as a row of the command table.
extension ExportCommand {
    static let spec = CommandSpec(
        "export", summary: "one self-contained HTML file of a note, a folder or the vault",
        operands: [OperandSpec(name: "PATH", completion: .file, optional: true)],
        options: [
            OptionSpec(
                "--output", value: "FILE", completion: .file,
                help: "the file to write (required); '-' writes the HTML to stdout"),
            OptionSpec(
                "--vault", value: "DIR", completion: .folder,
                help:
                    "the vault PATH is in (default: the nearest folder up from PATH with a notesite.yml or .obsidian, else the current folder)"
            ),
            OptionSpec(
                "--links", value: "HOW", completion: .choices(["text", "site"]),
                help:
                    "links to notes not in the file: text, or site (default: links to base_url when it is set, else text)"
            ),
            OptionSpec(
                "--pdf",
                help: "print the export to a PDF file instead, with headless Chromium (Debian's 'chromium')"),
            OptionSpec("--strict", help: "treat warnings as errors, and write nothing on any problem"),
            BuildCommand.baseURL,
            OptionSpec(
                "--json", value: "FILE", completion: .file,
                help: "write a machine-readable report to FILE ('-': stdout)"),
            BuildCommand.imageFormat, BuildCommand.jobs, BuildCommand.quiet, BuildCommand.verbose,
            BuildCommand.timings, BuildCommand.color,
        ],
        description: """
            Writes PATH (a note, a folder or the vault; default: the current folder) as one HTML file \
            that needs nothing else: images, styles and scripts inside, no request of any kind when \
            opened. A folder or vault keeps every note in the file, shown one at a time, with the \
            explorer, backlinks and search working inside it. The notes are made by the build's own stages.
            """,
        epilogue: """
            EXIT STATUS: 0 exported (warnings allowed), 1 an error was reported (under --strict, a \
            warning too), 64 usage error.
            """)
}
