import NoteModel

extension InterfaceStrings {
    /// The site's words: `language`'s table among the theme's (the built-in ones with the theme
    /// folder's `strings/<language>.yml` over them key by key), English filling any key it lacks,
    /// then each `strings:` setting. An unknown language is English, with a warning naming the known ones.
    static func site(_ configuration: SiteConfiguration, theme: Theme) -> (InterfaceStrings, [Diagnostic]) {
        var problems: [Diagnostic] = []
        func table(_ language: String) -> [String: String] {
            var values = entries(theme.strings[language] ?? "", file: language + ".yml").values
            if let own = theme.ownStrings[language] {
                let file = theme.folderName + "/strings/" + language + ".yml"
                let (overrides, found) = entries(own, file: file)
                problems += found
                values.merge(overrides) { _, own in own }
            }
            return values
        }
        let languages = theme.strings.merging(theme.ownStrings) { first, _ in first }
        var values = table("en")
        let chosen: String
        if let found = Self.table(for: configuration.language, in: languages) {
            chosen = found
            if found != "en" { values.merge(table(found)) { _, own in own } }
        } else {
            chosen = "en"
            let known = languages.keys.sorted().joined(separator: ", ")
            problems.append(
                .warning(
                    "no interface strings for language '\(configuration.language)' (known: \(known)); the theme's words are in English",
                    at: configuration.languageLocation))
        }
        for setting in configuration.strings {
            guard values[setting.key] != nil else {
                problems.append(
                    .warning(
                        "unknown interface string '\(setting.key)'; the keys are those of strings/en.yml in the theme (notesite theme eject writes it)",
                        at: setting.location))
                continue
            }
            values[setting.key] = setting.text
        }
        return (InterfaceStrings(language: chosen, values: values), problems)
    }
}
