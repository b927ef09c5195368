import SiteBuilder

/// A one-line progress bar on stderr (`notes [#######.......] 120/412`), redrawn in place while
/// a build runs. Only for a person at a terminal: never in a pipe, under `CI=true` or `--quiet`.
struct ProgressBar {
    let progress: BuildProgress
    let console: Console
    /// Builds quicker than this show no bar at all.
    var delay: Duration = .milliseconds(300)
    var interval: Duration = .milliseconds(100)

    static func wanted(console: Console, quiet: Bool) -> Bool {
        console.errIsTerminal && !console.isCI && !quiet
    }

    /// Draws until cancelled, then wipes the line.
    func run() async {
        var drew = false
        do {
            try await Task.sleep(for: delay)
            while !Task.isCancelled {
                drew = true
                draw()
                try await Task.sleep(for: interval)
            }
        } catch {
            // Cancelled: the build is over.
        }
        if drew { wipe() }
    }

    /// One frame, over the last: back to the line's start, the bar, then clear what is left.
    func draw() { console.err("\r" + Self.line(progress.snapshot) + "\u{1B}[K") }

    func wipe() { console.err("\r\u{1B}[K") }

    static func line(_ snapshot: BuildProgress.Snapshot, width: Int = 30) -> String {
        guard snapshot.total > 0 else { return "notesite: \(snapshot.stage)..." }
        // The image stage reports no steps until it is over: its count, without a bar that never moves.
        guard snapshot.done > 0 else { return "notesite: \(snapshot.stage) (\(snapshot.total))..." }
        let filled = min(width, width * snapshot.done / snapshot.total)
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        return "notesite: \(snapshot.stage) [\(bar)] \(snapshot.done)/\(snapshot.total)"
    }
}
