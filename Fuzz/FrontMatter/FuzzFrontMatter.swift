import Foundation
import FuzzSupport
import MarkdownReader
import NoteModel
import SiteBuilder
import YAMLReader

/// YAML as `notesite.yml` and as a note's front matter: no crash, no hang, and every problem a
/// diagnostic that names the file.
enum FrontMatterTarget {
    static func run(_ bytes: [UInt8]) {
        let yaml = String(decoding: bytes, as: UTF8.self)
        _ = try? YAMLReader.parse(yaml, file: "fuzz.yml", lineOffset: 1)
        let (_, problems) = SiteConfiguration.parse(yaml, file: "notesite.yml")
        for problem in problems {
            FuzzReplay.check(
                problem.location?.file == "notesite.yml", "a diagnostic without the file: \(problem)")
        }
        let note = "---\n" + yaml + "\n---\n# Body\n"
        let document = MarkdownReader.read(note, file: "note.md", options: ReaderOptions(syntax: .obsidian))
        for problem in document.diagnostics {
            FuzzReplay.check(problem.location?.file == "note.md", "a diagnostic without the file: \(problem)")
        }
        let decoded = try? JSONDecoder().decode(NoteDocument.self, from: JSONEncoder().encode(document))
        FuzzReplay.check(decoded == document, "the note with front matter changed through JSON")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FrontMatterTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if !FUZZING
    @main enum Replay {
        static func main() { FuzzReplay.main(FrontMatterTarget.run) }
    }
#endif
