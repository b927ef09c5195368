/// `notesite completions bash`: a completion script for bash, made from the command table.
enum BashCompletion {
    static func render(_ table: [CommandSpec]) -> String {
        var lines = [
            "# bash completion for notesite, made by `notesite completions bash` from its command table.",
            "# Install: notesite completions bash > ~/.local/share/bash-completion/completions/notesite",
            "",
        ]
        lines += driver
        for command in table {
            lines += function(command)
        }
        lines.append("complete -F _notesite notesite")
        return lines.joined(separator: "\n") + "\n"
    }

    /// What one command completes: `options`, `valued` (the options taking a value), `value OPTION`
    /// and `operand N`, each answered in REPLY as a word list, `@folder`, `@file` or `@none`.
    static func function(_ command: CommandSpec) -> [String] {
        let options = command.options.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }
        let valued = command.options.filter { $0.value != nil }
        var lines = ["_notesite_command_\(command.name)() {", "    case $1 in"]
        lines.append("        options) REPLY=\(quoted(options.joined(separator: " "))) ;;")
        lines.append("        valued) REPLY=\(quoted(valued.map(\.name).joined(separator: " "))) ;;")
        lines.append("        value)")
        lines.append("            case $2 in")
        for option in valued {
            lines.append("                \(option.name)) REPLY=\(quoted(reply(option.completion))) ;;")
        }
        lines.append("                *) REPLY=@none ;;")
        lines.append("            esac ;;")
        lines.append("        operand)")
        lines.append("            case $2 in")
        for (index, operand) in command.operands.enumerated() {
            lines.append("                \(index)) REPLY=\(quoted(reply(operand.completion))) ;;")
        }
        lines.append("                *) REPLY=@none ;;")
        lines.append("            esac ;;")
        lines += ["    esac", "}", ""]
        return lines
    }

    static func reply(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: "@none"
        case .choices(let words): words.joined(separator: " ")
        case .folder: "@folder"
        case .file: "@file"
        }
    }

    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Finds the command, then asks its function what the word under the cursor may be.
    static var driver: [String] {
        let commands = Subcommand.table.map(\.name)
        let global = HelpCommand.globalOptions.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }
        return [
            "_notesite_reply() {",
            "    case $1 in",
            "        @none) COMPREPLY=() ;;",
            "        @folder) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- \"$2\") ;;",
            "        @file) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$2\") ;;",
            "        *) mapfile -t COMPREPLY < <(compgen -W \"$1\" -- \"$2\") ;;",
            "    esac",
            "}",
            "",
            "_notesite() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
            "    # `--color=al` arrives as three words: --color, =, al.",
            "    if [[ $cur == \"=\" ]]; then cur=\"\"; fi",
            "    if [[ $prev == \"=\" && $COMP_CWORD -ge 2 ]]; then prev=${COMP_WORDS[COMP_CWORD-2]}; fi",
            "    local command=\"\" start=0 i word",
            "    for ((i = 1; i < COMP_CWORD; i++)); do",
            "        case ${COMP_WORDS[i]} in",
            "            --color) ((i += 1)) ;;",
            "            -*) ;;",
            "            *) command=${COMP_WORDS[i]}; start=$i; break ;;",
            "        esac",
            "    done",
            "    if [[ -z $command ]]; then",
            "        _notesite_reply \(quoted((commands + global).joined(separator: " "))) \"$cur\"",
            "        return",
            "    fi",
            "    local handler=_notesite_command_$command REPLY valued",
            "    declare -F \"$handler\" >/dev/null || return",
            "    \"$handler\" valued",
            "    valued=\" $REPLY \"",
            "    if [[ $prev == -* && $valued == *\" $prev \"* ]]; then",
            "        \"$handler\" value \"$prev\"",
            "        _notesite_reply \"$REPLY\" \"$cur\"",
            "        return",
            "    fi",
            "    if [[ $cur == -* ]]; then",
            "        \"$handler\" options",
            "        _notesite_reply \"$REPLY\" \"$cur\"",
            "        return",
            "    fi",
            "    # Which operand this is: the words after the command that are neither options nor their values.",
            "    local n=0 only=0",
            "    for ((i = start + 1; i < COMP_CWORD; i++)); do",
            "        word=${COMP_WORDS[i]}",
            "        if ((only == 0)) && [[ $word == -- ]]; then only=1",
            "        elif ((only == 0)) && [[ $word == -* ]]; then",
            "            if [[ $valued == *\" $word \"* ]]; then",
            "                if [[ ${COMP_WORDS[i+1]} == \"=\" ]]; then ((i += 1)); fi",
            "                ((i += 1))",
            "            fi",
            "        elif [[ $word != \"=\" ]]; then ((n += 1))",
            "        fi",
            "    done",
            "    \"$handler\" operand \"$n\"",
            "    _notesite_reply \"$REPLY\" \"$cur\"",
            "}",
            "",
        ]
    }
}
