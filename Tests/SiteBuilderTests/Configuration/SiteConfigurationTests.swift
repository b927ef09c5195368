import NoteModel
import Testing

@testable import SiteBuilder

@Suite struct SiteConfigurationTests {
    @Test func defaultsWithoutSettings() {
        let (configuration, diagnostics) = SiteConfiguration.parse("", file: "notesite.yml")
        #expect(configuration == SiteConfiguration())
        #expect(configuration.imageWidth == 1440 && configuration.columnWidth == 720)
        #expect(diagnostics.isEmpty)
    }

    @Test func readsEverySetting() {
        let text = "title: Field notes\nimage_width: 1200\ncolumn_width: 640\n"
        let (configuration, diagnostics) = SiteConfiguration.parse(text, file: "notesite.yml")
        #expect(diagnostics.isEmpty)
        #expect(configuration.title == "Field notes")
        #expect(configuration.imageWidth == 1200)
        #expect(configuration.columnWidth == 640)
    }

    @Test func unknownKeyIsAWarningNamingIt() {
        let (configuration, diagnostics) = SiteConfiguration.parse(
            "title: A\nimage_widht: 10\n", file: "notesite.yml")
        #expect(configuration.title == "A")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.message.contains("'image_widht'") == true)
        #expect(diagnostics.first?.location == SourceLocation(file: "notesite.yml", line: 2, column: 1))
    }

    @Test(arguments: [
        ("image_width: wide\n", 1, 14), ("title: A\ncolumn_width: [1]\n", 2, 15),
        ("image_width: \"800\"\n", 1, 14),
        ("title: [a, b]\n", 1, 8), ("image_width: 2.5\n", 1, 14), ("image_width: 99999\n", 1, 14),
    ])
    func wrongTypeIsAnErrorWithPlace(text: String, line: Int, column: Int) {
        let (configuration, diagnostics) = SiteConfiguration.parse(text, file: "notesite.yml")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .error)
        #expect(
            diagnostics.first?.location == SourceLocation(file: "notesite.yml", line: line, column: column))
        #expect(configuration.imageWidth == 1440, "a bad value keeps the default")
    }

    @Test func notAMappingIsAnError() {
        let (_, diagnostics) = SiteConfiguration.parse("- a\n- b\n", file: "notesite.yml")
        #expect(diagnostics.map(\.severity) == [.error])
        #expect(diagnostics.first?.description.hasPrefix("notesite.yml:1:1: error:") == true)
    }

    @Test func syntaxErrorIsAnError() {
        let (_, diagnostics) = SiteConfiguration.parse("title: \"unclosed\n", file: "notesite.yml")
        #expect(diagnostics.map(\.severity) == [.error])
    }
}
