import DefaultTheme
import Foundation
import NoteModel
import Testing

@testable import SiteBuilder

/// The interface's words: every language's table complete, the language picked from the setting,
/// `strings:` and the theme over it, and what a built page shows.
@Suite struct InterfaceStringsTests {
    static let languages = InterfaceStrings.knownLanguages

    /// The `{name}`s a text fills in.
    static func placeholders(_ text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    @Test func theIssueLanguagesAreAllThere() {
        let wanted = "en de fr es it pt nl pl ru uk zh ja ko ar he fa tr".split(separator: " ").map(
            String.init)
        #expect(Set(wanted).isSubset(of: Set(Self.languages)))
    }

    @Test(arguments: languages)
    func everyTableHasEveryEnglishKeyAndNoOther(language: String) throws {
        let english = InterfaceStrings.english.values
        let text = try #require(DefaultTheme.strings[language])
        let (values, problems) = InterfaceStrings.entries(text, file: language + ".yml")
        #expect(problems.isEmpty, "\(problems)")
        #expect(Set(values.keys).subtracting(english.keys).isEmpty, "unknown keys in \(language).yml")
        #expect(Set(english.keys).subtracting(values.keys).isEmpty, "keys missing from \(language).yml")
        for (key, value) in values {
            #expect(!value.isEmpty, "\(language).yml: \(key) is empty")
            // A translation fills in what English fills in: `{count}` lost would show no number.
            let wanted = Self.placeholders(english[key] ?? "")
            let found = Self.placeholders(value)
            if key == "search_best" {
                #expect(
                    found.contains("shown") && !found.isDisjoint(with: ["count", "notes"]), "\(language)")
            } else {
                #expect(found == wanted, "\(language).yml: \(key) fills in \(found), English \(wanted)")
            }
        }
        #expect(["ltr", "rtl"].contains(values["direction"]))
        #expect(values["direction"] == "rtl" ? ["ar", "he", "fa"].contains(language) : true)
    }

    @Test func englishHasTheKeysTheThemeAndScriptsAsk() throws {
        let english = InterfaceStrings.english.values
        // Every `strings.<key>` a template reads, and every `words("<key>"` a script calls.
        var asked: Set<String> = []
        let texts =
            DefaultTheme.templates.values.map { $0 }
            + DefaultTheme.assets.filter { $0.key.hasSuffix(".js") }.map {
                String(decoding: $0.value, as: UTF8.self)
            }
        for text in texts {
            for marker in ["{{strings.", "words(\""] {
                var rest = text[...]
                while let range = rest.range(of: marker) {
                    let key = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    if !key.isEmpty { asked.insert(String(key)) }
                    rest = rest[range.upperBound...]
                }
            }
        }
        #expect(asked.count > 40)
        #expect(
            asked.subtracting(english.keys).isEmpty,
            "asked but not in en.yml: \(asked.subtracting(english.keys))")
    }

    @Test(arguments: [
        ("pt-BR", "pt"), ("de-AT", "de"), ("zh-Hans", "zh"), ("EN", "en"), ("xx", "en"), ("", "en"),
    ])
    func aRegionalTagUsesItsLanguage(tag: String, table: String) {
        #expect(InterfaceStrings(language: tag).language == table)
    }

    @Test func datesInTheLanguage() throws {
        let march = try #require(
            Calendar(identifier: .gregorian).date(
                from: DateComponents(
                    timeZone: TimeZone(identifier: "UTC"), year: 2024, month: 3, day: 1, hour: 12)))
        #expect(InterfaceStrings.formatDate(march, language: "en") == "March 1, 2024")
        #expect(InterfaceStrings.formatDate(march, language: "de") == "1. März 2024")
        #expect(InterfaceStrings.formatDate(march, language: "ru") == "1 марта 2024 г.")
        #expect(InterfaceStrings.formatDate(march, language: "ja") == "2024年3月1日")
        #expect(InterfaceStrings.formatDate(march, language: "he") == "1 במרץ 2024")
        #expect(InterfaceStrings.formatDate(march, language: "pl-PL") == "1 marca 2024")
        #expect(InterfaceStrings(language: "fr").monthNames.count == 12)
        #expect(InterfaceStrings(language: "fr").monthNames[7] == "août")
    }

    @Test func stringsSettingReplacesOneKey() {
        let text = "language: de\nstrings:\n  linked_from: Erwähnt in\n  linked_form: typo\n"
        let (configuration, problems) = SiteConfiguration.parse(text, file: "notesite.yml")
        #expect(problems.isEmpty)
        let (strings, warnings) = InterfaceStrings.site(configuration, theme: .default)
        #expect(strings.language == "de")
        #expect(strings["linked_from"] == "Erwähnt in")
        #expect(strings["on_this_page"] == "Auf dieser Seite", "the other keys stay the language's")
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("'linked_form'") == true)
        #expect(warnings.first?.location == SourceLocation(file: "notesite.yml", line: 4, column: 3))
    }

    @Test func stringsMustBeAMappingOfText() {
        let (_, problems) = SiteConfiguration.parse("strings: [a, b]\n", file: "notesite.yml")
        #expect(problems.count == 1 && problems.first?.severity == .error)
    }

    @Test func unknownLanguageFallsBackToEnglishNamingTheKnownOnes() {
        let (configuration, _) = SiteConfiguration.parse("language: xx-YY\n", file: "notesite.yml")
        let (strings, warnings) = InterfaceStrings.site(configuration, theme: .default)
        #expect(strings.language == "en")
        #expect(strings["linked_from"] == "Linked from")
        #expect(warnings.count == 1)
        let message = warnings.first?.message ?? ""
        #expect(warnings.first?.severity == .warning)
        #expect(message.contains("'xx-YY'"))
        #expect(message.contains("ar, de, en, es, fa, fr, he, it, ja, ko, nl, pl, pt, ru, tr, uk, zh"))
        #expect(warnings.first?.location == SourceLocation(file: "notesite.yml", line: 1, column: 11))
    }

    @Test func aThemeFileReplacesKeysOfItsLanguage() throws {
        var theme = Theme.default
        theme.ownStrings["de"] = "linked_from: Verweise hierher\n"
        theme.folderName = "_theme"
        var configuration = SiteConfiguration()
        configuration.language = "de"
        let (strings, warnings) = InterfaceStrings.site(configuration, theme: theme)
        #expect(warnings.isEmpty)
        #expect(strings["linked_from"] == "Verweise hierher")
        #expect(strings["explorer"] == "Übersicht")
    }

    @Test func englishIsTheDefault() {
        let (strings, warnings) = InterfaceStrings.site(SiteConfiguration(), theme: .default)
        #expect(warnings.isEmpty)
        #expect(strings == InterfaceStrings.english)
        #expect(!strings.isRightToLeft)
    }
}
