import SiteBuilder

/// notesite(1) in roff, made from the command table that `help` prints (`notesite help --man`).
enum ManPage {
    static func render(_ table: [CommandSpec]) -> String {
        var page = [
            ".\\\" notesite(1), made by `notesite help --man` from the table `notesite help` prints.",
            ".TH NOTESITE 1 \"\" \"notesite \(NotesiteVersion.current)\" \"User Commands\"",
            ".nh", ".ad l",
            ".SH NAME", "notesite \\- turn a folder of Markdown notes with images into a website",
            ".SH SYNOPSIS", ".B notesite", "\\fIcommand\\fR [\\fIoptions\\fR]", ".br",
            ".B notesite", "\\fB\\-\\-version\\fR | \\fB\\-\\-help\\fR",
            ".SH DESCRIPTION", text(HelpCommand.tagline), ".PP", text(about),
            ".SH OPTIONS",
        ]
        page += HelpCommand.globalOptions.flatMap(option)
        page.append(".SH COMMANDS")
        for command in table {
            page += section(command)
        }
        page += trailer.map { line in line.hasPrefix(".") ? line : text(line) }
        return page.joined(separator: "\n") + "\n"
    }

    static let about = """
        A vault is a folder of Markdown notes with images beside them. Every note becomes a page; \
        every image is resized to fit the reading column, turned upright, stripped of its metadata \
        and inlined into the page, with a click-to-enlarge preview. Problems print as \
        `file:line:col: error: message` and the build goes on.
        """

    /// `.SS notesite build`, its synopsis, description, options and closing paragraphs.
    static func section(_ command: CommandSpec) -> [String] {
        var lines = [".SS \(command.name)", ".B notesite \(command.name)"]
        lines += command.synopsisWords.dropFirst().map(synopsisWord)
        for paragraph in TextWrapping.paragraphs(command.description) {
            lines += [".PP", text(paragraph)]
        }
        lines += command.options.flatMap(option)
        for paragraph in TextWrapping.paragraphs(command.epilogue) {
            lines += [".PP", text(paragraph)]
        }
        return lines
    }

    /// `.TP` then `\fB\-q\fR, \fB\-\-quiet\fR` then the help.
    static func option(_ option: OptionSpec) -> [String] {
        var label = option.short.map { bold($0) + ", " } ?? ""
        label += bold(option.name)
        if let value = option.value { label += " \\fI\(escaped(value))\\fR" }
        return [".TP", label, text(option.help)]
    }

    /// `[--output DIR]` with the option in bold and its value in italics.
    static func synopsisWord(_ word: String) -> String {
        let bracketed = word.hasPrefix("[") && word.hasSuffix("]")
        let inner = bracketed ? String(word.dropFirst().dropLast()) : word
        let parts = inner.split(separator: " ").map { part in
            part.hasPrefix("-") ? bold(String(part)) : "\\fI\(escaped(String(part)))\\fR"
        }
        let body = parts.joined(separator: " ")
        return bracketed ? "[\(body)]" : body
    }

    static func bold(_ word: String) -> String { "\\fB\(escaped(word))\\fR" }

    /// A line of running text: roff's characters escaped, `code` in bold, safe at the start of a line.
    static func text(_ paragraph: String) -> String {
        let pieces = paragraph.split(separator: "`", omittingEmptySubsequences: false)
        let body = pieces.enumerated().map { index, piece in
            index % 2 == 1 ? bold(String(piece)) : escaped(String(piece))
        }.joined()
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
    }

    static let trailer = [
        ".SH EXIT STATUS",
        "0: built or checked with no error (warnings allowed). 1: an error was reported (under --strict, a warning too). 64: a usage error.",
        ".SH ENVIRONMENT",
        ".TP", ".B CI",
        "true (as most CI services set it): no progress bar, whatever the terminal.",
        ".TP", ".B GITHUB_ACTIONS",
        "true: problems are also printed on stdout as workflow commands, so they show on the pull request.",
        ".TP", ".B NO_COLOR",
        "set and not empty: no colours under --color auto.",
        ".TP", ".B NOTESITE_TIMINGS",
        "1: notesite serve prints how long each stage of every rebuild took.",
        ".SH FILES",
        ".TP", ".I VAULT/notesite.yml",
        "the vault's settings (optional); notesite init writes one with every setting commented out.",
        ".TP", ".I VAULT/_site/",
        "the built site (the output setting or --output moves it); replaced whole on every build.",
        ".TP", ".I VAULT/.notesite-cache/",
        "resized images kept between builds (the cache setting); keep it between CI runs.",
        ".TP", ".I VAULT/_theme/",
        "templates, CSS and scripts that override the built-in theme (notesite theme eject).",
        ".SH SEE ALSO",
        "The guide, written as notes: the Site/ folder of notesite's sources, and its build.",
        "Shell completions: notesite completions bash|zsh|fish.",
    ]
}
