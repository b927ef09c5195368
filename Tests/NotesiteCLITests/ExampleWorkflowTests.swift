import Foundation
import Testing
import YAMLReader

@testable import NotesiteCLI

/// The CI workflows in `examples/`: valid YAML, every `notesite`, `make` and repository script they
/// run exists as written, and the Publishing guide shows each one as it is.
@Suite struct ExampleWorkflowTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let files = [
        "examples/github/pages.yml", "examples/github/release.yml", "examples/gitlab/gitlab-ci.yml",
    ]

    static func text(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// The shell of every `run`, `script`, `before_script` and `after_script` value, as YAML reads it.
    static func shellScripts(in node: YAMLNode) -> [String] {
        var scripts: [String] = []
        var pending = [node]
        while let next = pending.popLast() {
            switch next.kind {
            case .scalar: break
            case .sequence(let items): pending += items
            case .mapping(let entries):
                for entry in entries {
                    if case .scalar(let key, _) = entry.key.kind,
                        ["run", "script", "before_script", "after_script"].contains(key)
                    {
                        scripts += scalars(entry.value)
                    } else {
                        pending.append(entry.value)
                    }
                }
            }
        }
        return scripts
    }

    static func scalars(_ node: YAMLNode) -> [String] {
        switch node.kind {
        case .scalar(let text, _): [text]
        case .sequence(let items): items.flatMap(scalars)
        case .mapping: []
        }
    }

    /// Simple commands of a script: words split on blanks (quotes kept together, then removed), cut at
    /// `&&`, `||`, `;`, `|` and the shell's keywords, so `if curl ...; then apt-get ...` is two.
    static func commands(in script: String) -> [[String]] {
        var commands: [[String]] = []
        for line in script.split(separator: "\n") {
            var current: [String] = []
            for word in words(String(line)) {
                if ["&&", "||", ";", "|", "if", "then", "else", "elif", "fi", "!", "do", "done"].contains(
                    word)
                {
                    if !current.isEmpty { commands.append(current) }
                    current = []
                } else {
                    current.append(word)
                }
            }
            if !current.isEmpty { commands.append(current) }
        }
        return commands
    }

    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == " " || character == "\t" {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else if character == ";" {
                if !word.isEmpty { words.append(word) }
                words.append(";")
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// The targets the Makefile defines (`dist:`, `install: release`).
    static func makeTargets() throws -> Set<String> {
        let makefile = try text("Makefile")
        return Set(
            makefile.split(separator: "\n").compactMap { line in
                line.wholeMatch(of: /([a-z][a-z-]*):.*/).map { String($0.1) }
            })
    }

    @Test(arguments: files)
    func parsesAndRunsOnlyWhatExists(path: String) throws {
        let root = try #require(try YAMLReader.parse(try Self.text(path), file: path))
        let commands = Self.shellScripts(in: root).flatMap(Self.commands)
        let targets = try Self.makeTargets()
        var notesiteRuns = 0
        for command in commands {
            switch command[0] {
            case "notesite":
                notesiteRuns += 1
                let rest = Array(command.dropFirst())
                if rest == ["--version"] { continue }
                guard let subcommand = Subcommand.named(rest.first ?? "") else {
                    Issue.record("\(path): no notesite command '\(rest.first ?? "")' in: \(command)")
                    continue
                }
                // The command's own argument reader: an unknown option or a missing value throws.
                #expect(throws: Never.self, "\(path): \(command)") {
                    try Arguments(Array(rest.dropFirst()), spec: subcommand.spec)
                }
            case "make":
                var words = command.dropFirst()[...]
                while let word = words.popFirst() {
                    if word == "-C" {
                        _ = words.popFirst()
                    } else if !word.hasPrefix("-") && !word.contains("=") {
                        #expect(targets.contains(word), "\(path): no make target '\(word)'")
                    }
                }
            default:
                // A script of notesite's repository must be there, executable.
                if command[0].hasPrefix("scripts/") || command[0].hasPrefix(".ci/") {
                    let file = Self.repository.appendingPathComponent(command[0]).path
                    #expect(FileManager.default.isExecutableFile(atPath: file), "\(path): \(command[0])")
                }
            }
        }
        if path.hasSuffix("release.yml") {
            #expect(commands.contains { $0 == ["scripts/test-packages"] })
        } else {
            #expect(notesiteRuns >= 2, "\(path) builds nothing with notesite")
            // The package first, the source as the fallback.
            #expect(
                commands.contains {
                    $0.starts(with: ["apt-get", "install", "-y", "-qq", "/tmp/notesite.deb"])
                })
            #expect(
                commands.contains { $0 == ["make", "-C", ".notesite-src", "install", "PREFIX=/usr/local"] })
        }
    }

    @Test(arguments: files)
    func theGuideShowsItAsItIs(path: String) throws {
        let guide = try Self.text("Site/guide/Publishing.md")
        #expect(guide.contains("```yaml\n" + (try Self.text(path)) + "```\n"), "\(path)")
    }

    @Test func theSplitterFindsEveryCommand() {
        let script = "if curl -fsSL -o x \"$URL\"; then\n  apt-get install -y ./x && notesite --version\nfi"
        #expect(
            Self.commands(in: script) == [
                ["curl", "-fsSL", "-o", "x", "$URL"], ["apt-get", "install", "-y", "./x"],
                ["notesite", "--version"],
            ])
    }
}
