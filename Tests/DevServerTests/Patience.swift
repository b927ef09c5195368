import Foundation

/// How long a test waits for something that must happen (a rebuild, an event, a page). Waiting
/// ends as soon as it happens, so a generous bound costs nothing when the test passes; a tight
/// one fails on a machine busy with the rest of the suite (browsers, wrk, 1,000 sockets).
enum Patience {
    /// Under scripts/sanitize a rebuild is many times slower: more time, the same answer.
    static let sanitized = ProcessInfo.processInfo.environment["NOTESITE_SANITIZER"] != nil
    static let seconds: Double = sanitized ? 240 : 60

    static var duration: Duration { .seconds(seconds) }
}
