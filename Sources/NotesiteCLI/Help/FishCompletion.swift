/// `notesite completions fish`: `complete` lines for fish, made from the command table.
enum FishCompletion {
    static func render(_ table: [CommandSpec]) -> String {
        var lines = [
            "# fish completion for notesite, made by `notesite completions fish` from its command table.",
            "# Install: notesite completions fish > ~/.config/fish/completions/notesite.fish",
            "",
        ]
        lines += helpers
        lines.append("complete -c notesite -f")
        for command in table {
            lines.append(
                "complete -c notesite -n __notesite_needs_command -a \(quoted(command.name)) -d \(quoted(command.summary))"
            )
        }
        for option in HelpCommand.globalOptions {
            lines.append("complete -c notesite -n __notesite_needs_command" + flags(option))
        }
        for command in table {
            lines.append("")
            let condition = "'__notesite_command \(command.name)'"
            for option in command.options {
                lines.append("complete -c notesite -n \(condition)" + flags(option))
            }
            let valued = command.options.filter { $0.value != nil }.map(\.name).joined(separator: " ")
            for (index, operand) in command.operands.enumerated() {
                let at = "'__notesite_command \(command.name); and __notesite_operand \(index) \(valued)'"
                lines.append("complete -c notesite -n \(at)" + arguments(operand.completion))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// ` -s q -l quiet -d '...'`, with what its value completes to.
    static func flags(_ option: OptionSpec) -> String {
        var text = option.short.map { " -s \($0.dropFirst())" } ?? ""
        text += " -l \(option.name.dropFirst(2))"
        if option.value != nil { text += " -r" + arguments(option.completion) }
        return text + " -d " + quoted(CompletionText.brief(option.help))
    }

    static func arguments(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: " -x"
        case .choices(let words): " -x -a " + quoted(words.joined(separator: " "))
        case .folder: " -x -a '(__fish_complete_directories (commandline -ct))'"
        case .file: " -F"
        }
    }

    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
            + "'"
    }

    /// Which command the line has, and which operand of it is being typed.
    static let helpers = [
        "# The words typed so far after `notesite`, without the options before the command.",
        "function __notesite_words",
        "    set -l words (commandline -opc)",
        "    set -e words[1]",
        "    while set -q words[1]; and string match -q -- '-*' $words[1]",
        "        test $words[1] = --color; and set -e words[1]",
        "        set -e words[1]",
        "    end",
        "    string join \\n -- $words",
        "end",
        "",
        "function __notesite_needs_command",
        "    test (count (__notesite_words)) -eq 0",
        "end",
        "",
        "function __notesite_command",
        "    set -l words (__notesite_words)",
        "    test \"$words[1]\" = $argv[1]",
        "end",
        "",
        "# True when the word being typed is operand number $argv[1]; the rest of argv take a value.",
        "function __notesite_operand",
        "    set -l index $argv[1]",
        "    set -l valued $argv[2..-1]",
        "    set -l words (__notesite_words)",
        "    set -e words[1]",
        "    set -l n 0",
        "    set -l skip 0",
        "    for word in $words",
        "        if test $skip -eq 1",
        "            set skip 0",
        "        else if contains -- $word $valued",
        "            set skip 1",
        "        else if not string match -q -- '-*' $word",
        "            set n (math $n + 1)",
        "        end",
        "    end",
        "    test $n -eq $index",
        "end",
        "",
    ]
}
