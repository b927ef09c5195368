import Foundation
import Testing

@testable import SiteBuilder

/// Tests/Browser/bases_test.py in headless Chromium over the base of ``BasesSiteTests``: a header
/// click sorts the table (numbers as numbers, again to reverse) with aria-sort, the text readable in
/// light and dark, a grouped table's summaries per group, 375 px without sideways scrolling and cards in one column, the rows in the base's
/// order without JavaScript.
@Suite struct BasesBrowserTests {
    /// The books grouped by status, each group with its sum of pages.
    static let grouped = """
        filters: file.hasTag("book")
        views:
          - type: table
            name: By status
            order: [file.name, pages]
            sort:
              - property: pages
                direction: DESC
            groupBy:
              property: status
              direction: ASC
            summaries:
              pages: Sum
        """

    @Test(BrowserScript.timeLimit(minutes: 3)) func aBaseInARealBrowser() async throws {
        guard BrowserScript.isAvailable() else { return }
        // The cards' filter that cannot be read left out: the cards show.
        let library = BasesSiteTests.library.replacingOccurrences(
            of: "    filters: \"pages >>> 3\"\n", with: "")
        let (vault, report) = try await BasesSiteTests.build(
            BasesSiteTests.files(["Library.base": library, "Status.base": Self.grouped]),
            images: BasesSiteTests.images)
        defer { vault.remove() }
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let script = DemoVaultTests.packageRoot.appendingPathComponent("Tests/Browser/bases_test.py")
        let shots = DemoVaultTests.packageRoot.appendingPathComponent(".build/screenshots")
        try BrowserScript.run([script.path, vault.root.appendingPathComponent("_site").path, shots.path])
    }
}
