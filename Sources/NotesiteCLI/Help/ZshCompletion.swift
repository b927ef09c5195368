/// `notesite completions zsh`: a completion function for zsh (`_arguments`), made from the command table.
enum ZshCompletion {
    static func render(_ table: [CommandSpec]) -> String {
        var lines = [
            "#compdef notesite",
            "# zsh completion for notesite, made by `notesite completions zsh` from its command table.",
            "# Install: notesite completions zsh > \"${fpath[1]}/_notesite\" (any folder on $fpath), then compinit.",
            "",
            "_notesite() {",
            "    local context state state_descr line curcontext=\"$curcontext\"",
            "    typeset -A opt_args",
            "    _arguments -C \\",
        ]
        lines += HelpCommand.globalOptions.map { "        '(- *)'" + spelling($0) + description($0) + " \\" }
        lines += [
            "        '1: :->command' \\", "        '*:: :->argument'", "    case $state in", "    command)",
        ]
        lines.append("        local -a commands=(")
        lines += table.map { "            " + quoted(escaped($0.name) + ":" + escaped($0.summary)) }
        lines += ["        )", "        _describe -t commands 'notesite command' commands", "        ;;"]
        lines += ["    argument)", "        case $words[1] in"]
        for command in table {
            lines.append("        \(command.name))")
            lines.append("            _arguments \\")
            let specs = command.options.map(optionSpec) + operandSpecs(command)
            lines += specs.enumerated().map { index, spec in
                "                " + spec + (index == specs.count - 1 ? "" : " \\")
            }
            lines.append("            ;;")
        }
        lines += ["        esac", "        ;;", "    esac", "}", "", "_notesite \"$@\""]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `'(-q --quiet)'{-q,--quiet}'[print problems only]'` or `'--output=[where the site goes]:DIR:_files -/'`
    static func optionSpec(_ option: OptionSpec) -> String {
        let exclusive = option.short.map { "'(\($0) \(option.name))'" } ?? ""
        var spec = exclusive + spelling(option)
        if option.value != nil && option.short == nil {
            // `--output=`: the value may follow as the next word or after `=`.
            spec = "'\(option.name)='"
        }
        spec += description(option)
        if let value = option.value {
            spec += quoted(":" + escaped(value) + ":" + action(option.completion))
        }
        return spec
    }

    static func operandSpecs(_ command: CommandSpec) -> [String] {
        command.operands.enumerated().map { index, operand in
            let position = operand.optional ? ":" : ""
            return quoted(
                "\(index + 1)\(position):" + escaped(operand.name) + ":" + action(operand.completion))
        }
    }

    static func spelling(_ option: OptionSpec) -> String {
        option.short.map { "{\($0),\(option.name)}" } ?? "'\(option.name)'"
    }

    static func description(_ option: OptionSpec) -> String {
        quoted("[" + escaped(CompletionText.brief(option.help)) + "]")
    }

    static func action(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: " "
        case .choices(let words): "(" + words.map(escaped).joined(separator: " ") + ")"
        case .folder: "_files -/"
        case .file: "_files"
        }
    }

    /// `_arguments` gives `[`, `]` and `:` a meaning in its specs.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "[]:\\()".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
