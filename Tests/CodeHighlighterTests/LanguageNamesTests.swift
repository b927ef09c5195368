import Foundation
import Testing

@testable import CodeHighlighter

struct LanguageNamesTests {
    /// Names already in Pygments' form pass as they are; capitals and letters beyond ASCII are
    /// folded, and Chroma's names map whatever their case.
    @Test(
        arguments: [
            ("python", "python"), ("c++", "c++"), ("objective-c", "objective-c"), ("Python", "python"),
            ("SH", "sh"), ("Écrit", "écrit"), ("go-html-template", "html+django"),
            ("Go-Text-Template", "django"), ("GO-TEMPLATE", "django"), ("go_template", "go_template"),
        ])
    func namesPygmentsIsAskedFor(written: String, asked: String) {
        #expect(LanguageNames.pygments(written) == asked)
    }

    /// Debian's version line, read without starting Python.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/pygments")))
    func readsDebiansPygmentsVersion() throws {
        let version = try #require(PygmentsInstall.version(for: URL(fileURLWithPath: "/usr/bin/python3")))
        #expect(version.wholeMatch(of: /pygments \d+\.\d+(\.\d+)?/) != nil, "\(version)")
        #expect(PygmentsInstall.version(for: URL(fileURLWithPath: "/opt/python3")) == nil)
    }
}
