import Foundation
import Testing

@testable import NotesiteCLI

/// notesite(1) against `notesite help`: the same commands, synopses and options with the same words,
/// read back from what groff prints, as a person would read the page.
@Suite struct ManPageTests {
    /// One row of an options table as `help` prints it: `--output DIR` and its help, unwrapped.
    struct Row: Equatable {
        var label: String
        var help: String
    }

    /// The rows under `OPTIONS:` in a help text, continuation lines joined.
    static func rows(inHelp text: String) -> [Row] {
        var rows: [Row] = []
        var inOptions = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "OPTIONS:" {
                inOptions = true
            } else if inOptions && line.isEmpty {
                break
            } else if inOptions && line.hasPrefix("  -") {
                let parts = line.dropFirst(2).split(separator: "  ", maxSplits: 1)
                rows.append(Row(label: String(parts[0]), help: normalized(String(parts.last ?? ""))))
            } else if inOptions, let last = rows.indices.last {
                rows[last].help = normalized(rows[last].help + " " + line)
            }
        }
        return rows
    }

    /// One space between words; backticks (bold in the man page) dropped.
    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: "`", with: "").split(whereSeparator: \.isWhitespace).joined(
            separator: " ")
    }

    /// The man page as groff lays it out for a terminal, in plain ASCII.
    static func renderedManPage() async throws -> String? {
        guard let groff = ExternalTool.required("/usr/bin/groff") else { return nil }
        let page = try temporaryFile(named: "notesite.1", contents: await printed("help", "--man"))
        defer { try? FileManager.default.removeItem(at: page.deletingLastPathComponent()) }
        let result = try groff.run(["-man", "-Tascii", "-P-cbou", "-rLL=200n", "-ww", page.path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "groff warned: \(result.stderr)")
        return result.stdout
    }

    @Test func everyCommandsSynopsisAndOptionsReadTheSameAsItsHelp() async throws {
        guard let page = try await Self.renderedManPage().map(Self.normalized) else { return }
        var position = page.startIndex
        for command in Subcommand.table {
            let help = await printed("help", command.name)
            let usage = help.components(separatedBy: "\n\n")[0].replacingOccurrences(of: "USAGE: ", with: "")
            let rows = Self.rows(inHelp: help)
            #expect(rows.count == command.options.count, "\(command.name): \(rows)")
            // In the page's order: the synopsis, then each option's label and its help.
            for text in [Self.normalized(usage)] + rows.flatMap({ [$0.label, $0.help] }) {
                guard let found = page.range(of: text, range: position..<page.endIndex) else {
                    Issue.record("\(command.name): the man page lacks, or has out of order: \(text)")
                    continue
                }
                position = found.upperBound
            }
        }
    }

    @Test func theGlobalOptionsAndTheListOfCommandsAreThoseOfHelp() async throws {
        guard let page = try await Self.renderedManPage() else { return }
        let help = await printed("--help")
        for row in Self.rows(inHelp: help) {
            #expect(Self.normalized(page).contains(row.label + " " + row.help), "\(row.label)")
        }
        // Each command of `notesite --help` heads a subsection (three spaces in, alone on its line).
        let listed = help.split(separator: "\n", omittingEmptySubsequences: false).drop { $0 != "COMMANDS:" }
            .dropFirst()
            .prefix { !$0.isEmpty }.map { String($0.split(separator: " ")[0]) }
        let headings = page.split(separator: "\n").filter { $0.hasPrefix("   ") && !$0.hasPrefix("    ") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(listed == headings)
        #expect(listed.contains("build") && listed.contains("completions"))
    }

    @Test func theRoffIsEscaped() async {
        let roff = await printed("help", "--man")
        #expect(roff.hasPrefix(".\\\""))
        #expect(roff.contains("\n.TH NOTESITE 1 "))
        // Every option's dash is roff's minus, so `man` shows a hyphen-minus that can be pasted.
        #expect(roff.contains("\\fB\\-\\-output\\fR \\fIDIR\\fR"))
        #expect(!roff.contains(" --output"))
        // No text line begins with a control character unless it is a request.
        for line in roff.split(separator: "\n") where line.hasPrefix("'") {
            Issue.record("a line starts with a quote: \(line)")
        }
    }

    @Test func helpManTakesNoCommand() async {
        let (code, captured) = await run("help", "--man", "build")
        #expect(code == 64)
        #expect(captured.stderr.contains("--man prints the whole manual page"))
    }
}
