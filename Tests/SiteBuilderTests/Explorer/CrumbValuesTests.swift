import Mustache
import Testing

@testable import SiteBuilder

/// ``CrumbValues`` gives each list of crumbs the values made for it: made once for equal crumbs,
/// never the values of other crumbs, and still right after it empties itself at its limit.
struct CrumbValuesTests {
    @Test func equalCrumbsShareTheirValuesAndOthersGetTheirOwn() {
        let cache = CrumbValues()
        var made = 0
        func values(_ crumbs: [ExplorerPageView.Crumb]) -> [TemplateValue] {
            cache.values(for: crumbs) {
                made += 1
                return crumbs.map { ["name": .string($0.name), "url": .string($0.url)] }
            }
        }
        let first = [ExplorerPageView.Crumb(name: "", url: "../index.html")]
        let second = first + [ExplorerPageView.Crumb(name: "a", url: "index.html")]
        #expect(values(first) == [["name": "", "url": "../index.html"]])
        #expect(values(first) == [["name": "", "url": "../index.html"]])
        #expect(made == 1)
        #expect(values(second).count == 2 && made == 2)
        for index in 0..<CrumbValues.limit {
            _ = values([ExplorerPageView.Crumb(name: "n\(index)", url: "u")])
        }
        #expect(
            values(second) == [["name": "", "url": "../index.html"], ["name": "a", "url": "index.html"]])
    }
}
