import Foundation
import Testing

@testable import SearchIndex
@testable import SiteBuilder

/// The search index as a build writes it, and as `serve` makes it again from the parts it kept.
@Suite struct SearchSiteTests {
    /// A script `prefix` + JSON + `;\n`, parsed.
    static func json(in script: String, after prefix: String) throws -> Any {
        #expect(script.hasPrefix(prefix) && script.hasSuffix(";\n"))
        let json = script.dropFirst(prefix.count).dropLast(2)
        return try JSONSerialization.jsonObject(with: Data(json.utf8))
    }

    struct Index {
        let docs: [[Any]]
        let terms: [String]
        let postings: [String]
        let shards: [Int]

        init(_ script: String) throws {
            let object = try #require(try json(in: script, after: "window.notesiteSearch=") as? [String: Any])
            #expect(object["version"] as? Int == 2)
            docs = try #require(object["docs"] as? [[Any]])
            terms = try #require(object["terms"] as? [String])
            postings = try #require(object["postings"] as? [String])
            shards = try #require(object["shards"] as? [Int])
        }

        /// The term's postings as (note number, counts per field).
        func postings(of term: String) throws -> [(doc: Int, counts: [Int])] {
            let position = try #require(terms.firstIndex(of: term), "\(term) is not in the vocabulary")
            let numbers = PostingList.decode(postings[position])
            var list: [(doc: Int, counts: [Int])] = []
            var doc = -1
            var index = 0
            while index + 1 < numbers.count {
                doc += numbers[index]
                let code = numbers[index + 1]
                index += 2
                var counts = [0, 0, 0, code >> 3]
                for field in 0..<3 where code & (1 << field) != 0 {
                    counts[field] = numbers[index]
                    index += 1
                }
                list.append((doc, counts))
            }
            return list
        }
    }

    @Test func indexesTitlesHeadingsTagsAndText() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(
            "---\ntags: [travel, food]\n---\n# Lisbon\n\n## Food\n\nPastéis de *nata* near the river. Food, food.\n",
            to: "trips/Lisbon.md")
        try vault.write("# Quotes \"and\" </script> tricks\n\nBackslash \\\\ and tab\there.\n", to: "odd.md")
        _ = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        let script = try vault.read("_site/assets/search-index.js")
        #expect(!script.contains("</script>"), "the script cannot end itself")
        let index = try Index(script)
        #expect(index.docs.count == 2)
        // Notes in page order: odd.html, trips/lisbon.html.
        #expect(index.docs[1][0] as? String == "Lisbon" && index.docs[1][1] as? String == "trips/lisbon.html")
        #expect(index.docs[0][0] as? String == "Quotes \"and\" </script> tricks")
        // Term counts per field: title 1, headings "Lisbon" and "Food" 2, tags 2, text 8.
        #expect(index.docs[1][2...].compactMap { $0 as? Int } == [1, 2, 2, 8])
        #expect(index.terms == index.terms.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
        #expect(Set(index.terms).count == index.terms.count)
        #expect(index.terms.contains("pasteis") && index.terms.contains("script"))
        let food = try index.postings(of: "food")
        #expect(food.count == 1 && food[0].doc == 1 && food[0].counts == [0, 1, 1, 2])
        let lisbon = try index.postings(of: "lisbon")
        #expect(lisbon.count == 1 && lisbon[0].counts == [1, 1, 0, 0])
        let and = try index.postings(of: "and")
        // The title is also the note's first heading.
        #expect(and.count == 1 && and[0].doc == 0 && and[0].counts == [1, 1, 0, 1])
        // Snippet text lives in shards, not in the index.
        #expect(!script.contains("Backslash"))
        #expect(index.shards == [0])
        let shard = try Self.json(
            in: try vault.read("_site/assets/search-text/0.js"),
            after: "(window.notesiteSearchText=window.notesiteSearchText||{})[0]=")
        let texts = try #require(shard as? [String])
        #expect(texts.count == 2)
        #expect(texts[0].contains("Backslash \\ and tab here."))
        #expect(texts[1].contains("Pastéis de nata near the river."))
    }

    @Test func longNotesAreBounded() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(String(repeating: "word ", count: 50_000) + "\n", to: "long.md")
        _ = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        let shard = try Self.json(
            in: try vault.read("_site/assets/search-text/0.js"),
            after: "(window.notesiteSearchText=window.notesiteSearchText||{})[0]=")
        let text = try #require((shard as? [String])?.first)
        #expect(text.count <= SearchIndex.textLimit && text.count > SearchIndex.textLimit - 10)
        let index = try Index(try vault.read("_site/assets/search-index.js"))
        let indexed = try #require(index.docs.first?[5] as? Int)
        #expect(indexed > 30_000 && indexed <= SearchIndex.indexLimit / 5 + 1)
    }

    @Test func searchFalseLeavesSearchOut() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# Lisbon\n\nText.\n", to: "Lisbon.md")
        try vault.write("search: false\n", to: "notesite.yml")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(!vault.exists("_site/assets/search-index.js") && !vault.exists("_site/assets/search-text"))
        let page = try vault.read("_site/lisbon.html")
        #expect(!page.contains("search.js") && !page.contains("site-search"))
        try vault.write("search: yes please\n", to: "notesite.yml")
        let bad = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 1))
        #expect(
            bad.diagnostics.map(\.description).contains { $0.contains("notesite.yml:1:9: error: 'search'") })
    }

    /// `serve` keeps runs of postings, text shards and the sorted vocabulary between builds; after
    /// edits that add words, drop words, and add and remove notes, the index must be byte for byte
    /// the one a fresh build makes, across several runs of notes.
    @Test func reusedRunsAndVocabularyMakeTheSameIndex() {
        var random = SplitMix64(seed: 11)
        let words = (0..<400).map { "w\($0)" }
        func document(_ number: Int, _ extra: String = "") -> SearchDocument {
            var noteRandom = SplitMix64(seed: UInt64(number))
            let body =
                (0..<30).map { _ in words[noteRandom.next(words.count)] }.joined(separator: " ") + extra
            return SearchDocument(
                title: "Note \(number)", url: String(format: "n%04d.html", number), headings: [], tags: [],
                body: body, text: body)
        }
        var documents = (0..<700).map { document($0) }
        let memory = BuildMemory()
        func check(_ step: String) {
            let keys = documents.map { ContentKey($0) }
            let reused = SearchFiles.files(for: documents, keys: keys, memory: memory)
            let fresh = SearchIndex.files(for: documents)
            #expect(reused == fresh, "\(step)")
        }
        check("first build")
        documents[300] = document(300, " brandnew zzfresh aaearly")
        check("new words in one note")
        documents[300] = document(300)
        check("the words gone again")
        documents.insert(document(5000, " inserted"), at: 10)
        check("a note added near the start")
        documents.remove(at: 650)
        check("a note removed near the end")
        for _ in 0..<5 {
            let index = random.next(documents.count)
            documents[index] = document(index, " w\(random.next(900))")
        }
        check("random edits")
        // One save at a time: a word added (known or new), or the note cut to its first words,
        // which can take a word out of the vault.
        for step in 0..<40 {
            let index = random.next(documents.count)
            if random.next(2) == 0 {
                documents[index] = document(index, " w\(random.next(900))")
            } else {
                let words = String(decoding: documents[index].text, as: UTF8.self).split(separator: " ")
                let cut = words.prefix(random.next(10)).joined(separator: " ")
                documents[index] = SearchDocument(
                    title: "Note \(index)", url: String(format: "n%04d.html", index), headings: [], tags: [],
                    body: cut, text: cut)
            }
            check("save \(step)")
        }
    }
}
