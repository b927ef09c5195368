import Testing

@testable import SiteBuilder

/// The cache `serve` keeps per stage: reuse by key, and memory bounded by what builds still ask for.
@Suite struct StageCacheTests {
    @Test func aValueIsReusedOnlyForTheSameKey() {
        let cache = StageCache<String>()
        var makes = 0
        func lookUp(_ key: Int) -> String {
            cache.value(slot: "a", key: ContentKey(key)) {
                makes += 1
                return "made for \(key)"
            }
        }
        #expect(lookUp(1) == "made for 1")
        #expect(lookUp(1) == "made for 1")
        #expect(lookUp(2) == "made for 2")
        #expect(makes == 2)
        #expect(cache.reused == 1 && cache.made == 2)
    }

    @Test func keepUsedForgetsTheSlotsNoBuildAskedFor() {
        let cache = StageCache<Int>()
        for slot in ["a", "b", "c"] { _ = cache.value(slot: slot, key: ContentKey(slot)) { 1 } }
        cache.keepUsed()
        #expect(cache.count == 3, "each was asked for in the first build")
        // The second build asks for a and c only (b's note was deleted), one of them with a new key.
        _ = cache.value(slot: "a", key: ContentKey("a")) { 1 }
        _ = cache.value(slot: "c", key: ContentKey("changed")) { 2 }
        cache.keepUsed()
        #expect(cache.count == 2)
        #expect(cache.known(slot: "b", key: ContentKey("b")) == nil)
        #expect(cache.known(slot: "c", key: ContentKey("changed")) == 2)
        // Asked for nothing: everything goes.
        cache.keepUsed()
        cache.keepUsed()
        #expect(cache.count == 0)
    }
}
