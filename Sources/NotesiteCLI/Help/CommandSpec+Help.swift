import Foundation

/// `notesite help COMMAND`: the spec as text for a terminal.
extension CommandSpec {
    /// Lines are filled to this width.
    static let helpWidth = 96

    var usage: String {
        let lead = "USAGE: notesite \(name) "
        let words = Array(synopsisWords.dropFirst())
        var lines = TextWrapping.fill(words, width: Self.helpWidth - lead.count, indent: 0)
        lines = lines.enumerated().map { index, line in
            (index == 0 ? lead : String(repeating: " ", count: lead.count)) + line
        }
        if lines.isEmpty { lines = [String(lead.dropLast())] }
        lines.append("")
        lines += TextWrapping.wrap(description, width: Self.helpWidth)
        lines.append("")
        lines.append("OPTIONS:")
        lines += Self.optionRows(options)
        if !epilogue.isEmpty {
            lines.append("")
            lines += TextWrapping.wrap(epilogue, width: Self.helpWidth)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `  --output DIR      where the site goes ...`, help wrapped under its own column.
    static func optionRows(_ options: [OptionSpec]) -> [String] {
        let column = 2 + (options.map(\.label.count).max() ?? 0) + 2
        var lines: [String] = []
        for option in options {
            let label = "  " + option.label
            let text = TextWrapping.fill(
                option.help.split(separator: " ").map(String.init), width: helpWidth - column, indent: 0)
            for (index, line) in text.enumerated() {
                let start = index == 0 ? label.padding(toLength: column, withPad: " ", startingAt: 0) : ""
                lines.append(start.padding(toLength: column, withPad: " ", startingAt: 0) + line)
            }
        }
        return lines
    }
}
