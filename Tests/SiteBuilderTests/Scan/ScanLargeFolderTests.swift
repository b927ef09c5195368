import Foundation
import Testing

@testable import SiteBuilder

/// A folder whose entries fill glibc's 32 KB readdir buffer: Scan once read each name as the
/// declared 256-byte `d_name`, past the end of the buffer's last short record (address sanitizer:
/// heap-buffer-overflow). Under scripts/sanitize this fails on that bug; everywhere it checks that
/// every name of a large folder is listed whole.
@Suite struct ScanLargeFolderTests {
    @Test func everyNoteOfAFolderOfTwoThousandIsListed() throws {
        let vault = try TestVault()
        defer { vault.remove() }
        let names = (0..<2000).map { "note \($0).md" }
        for name in names { try vault.write("# N\n", to: "many/\(name)") }
        let scanned = try Vault.scan(root: vault.root, filter: PathFilter(exclude: []), excluding: [])
        #expect(scanned.notes.count == 2000)
        #expect(Set(scanned.notes) == Set(names.map { "many/\($0)" }))
    }
}
