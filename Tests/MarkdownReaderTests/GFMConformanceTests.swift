import Foundation
import Testing

/// `--syntax gfm` against Debian's `cmark-gfm` with every extension, run live, safe and unsafe.
/// Exactly the examples and files in `gfm-known-differences.json` differ: a listed one that now
/// matches fails too, so the list stays honest.
@Suite(
    .enabled(
        if: (Corpus.isAvailable && CmarkGFMReference.isAvailable) || Corpus.isCI,
        "../shared/corpora or /usr/bin/cmark-gfm is absent: GFM conformance skipped"))
struct GFMConformanceTests {
    @Test("The corpora and cmark-gfm are present (required under CI=true)")
    func referencePresent() {
        #expect(CmarkGFMReference.isAvailable, "missing \(CmarkGFMReference.path) (apt install cmark-gfm)")
        #expect(GFMCorpus.spec.count > 600, "expected gfm-spec.txt's examples")
        #expect(GFMCorpus.extensions.count > 20, "expected gfm-extensions.txt's examples")
        #expect(GFMCorpus.textFiles.count > 1000)
    }

    @Test("Every listed difference names a real example or file")
    func listIsCurrent() {
        let known = Set(GFMCorpus.all.map(\.id) + GFMCorpus.textFiles.map { "text/" + $0 })
        for id in KnownGFMDifferences.reasons.keys.sorted() {
            #expect(known.contains(id), "gfm-known-differences.json lists '\(id)', which does not exist")
        }
    }

    @Test("HTML equals cmark-gfm's", arguments: GFMCorpus.all)
    func example(_ example: GFMExample) {
        Self.compare(example.markdown, id: example.id)
    }

    @Test("Corpus file HTML equals cmark-gfm's", arguments: GFMCorpus.textFiles)
    func textFile(_ path: String) throws {
        let markdown = try String(
            contentsOf: GFMCorpus.textRoot.appendingPathComponent(path), encoding: .utf8)
        Self.compare(markdown, id: "text/" + path)
    }

    static func compare(_ markdown: String, id: String) {
        var differences: [String] = []
        for unsafe in [false, true] {
            guard let expected = CmarkGFMReference.html(markdown, unsafe: unsafe) else {
                Issue.record("cmark-gfm failed on \(id)")
                return
            }
            let actual = Rendering.html(markdown, unsafe: unsafe, syntax: .gfm)
            if actual != expected {
                differences.append("unsafe: \(unsafe)\n--- cmark-gfm\n\(expected)--- notesite\n\(actual)")
            }
        }
        if let reason = KnownGFMDifferences.reasons[id] {
            #expect(!differences.isEmpty, "\(id) is listed as a known difference (\(reason)) but now matches")
        } else {
            #expect(
                differences.isEmpty, "\(id) differs from cmark-gfm:\n\(differences.joined(separator: "\n"))")
        }
    }
}
