import Testing

/// Every example survives JSON unchanged and keeps every image as an attachment.
@Suite(.enabled(if: Corpus.shouldRun, "../shared/corpora is absent: round-trip suite skipped"))
struct RoundTripTests {
    @Test("The model round-trips through Codable and keeps every image", arguments: Corpus.all)
    func roundTrips(_ example: CorpusExample) throws {
        try ModelChecks.check(example.entry.markdown, smart: example.smart)
    }
}
