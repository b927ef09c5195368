import TestSupport
import Testing

@testable import SiteBuilder

/// Folder pages list the same notes and sub-folders whatever the order the notes come in: the
/// folders on a note's way are entered once per run of notes in one folder.
@Suite struct FolderListingTests {
    /// Folders of notes, deep and shallow, one with an accent. (Not `café` both composed and
    /// decomposed: scanning publishes only one of such twins.)
    static let folders = ["", "a", "a/b", "a/b/c", "caf\u{E9}", "caf\u{E9}/x", "z", "a//b", "a/z"]

    static func summary(_ listings: [FolderListing]) -> [String] {
        listings.map { listing in
            let notes = listing.notes.map { Array($0.path.utf8).description }.joined(separator: ",")
            let folders = listing.folders.map { Array($0.name.utf8).description + $0.pagePath }.joined(
                separator: ",")
            return
                "\(listing.pagePath) \(listing.name.map { Array($0.utf8).description } ?? "-") [\(notes)] [\(folders)]"
        }
    }

    @Test func theOrderOfNotesChangesNothing() {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<40 {
            var paths: Set<[UInt8]> = []
            var sources: [SourceNote] = []
            for number in 0..<Int.random(in: 1...14, using: &random) {
                let folder = Self.folders.randomElement(using: &random)!
                let path = (folder.isEmpty ? "" : folder + "/") + "n\(number).md"
                guard paths.insert(Array(path.utf8)).inserted else { continue }
                sources.append(
                    NoteLoading.parse(path, bytes: Array("# N\(number)\n".utf8), displayName: path))
            }
            let site = LinkContext(notes: sources, files: [], pages: [:], style: .files)
            let notes = sources.map { NoteLoading.link($0, in: site) }
            let sorted = notes.sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
            let expected = Self.summary(FolderListing.all(for: sorted))
            for _ in 0..<5 {
                #expect(Self.summary(FolderListing.all(for: notes.shuffled(using: &random))) == expected)
            }
        }
    }
}
