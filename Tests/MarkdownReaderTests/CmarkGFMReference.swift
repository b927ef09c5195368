import Foundation

/// Debian's `cmark-gfm` command with every GFM extension, run live: the reference for `--syntax gfm`.
enum CmarkGFMReference {
    static let path = "/usr/bin/cmark-gfm"
    static let isAvailable = FileManager.default.isExecutableFile(atPath: path)
    static let extensions = ["table", "strikethrough", "autolink", "tagfilter", "tasklist", "footnotes"]

    /// The HTML cmark-gfm prints for `markdown`, or nil when it could not be run.
    static func html(_ markdown: String, unsafe: Bool) -> String? {
        // If cmark-gfm ends before reading all its input, the write must fail, not kill the test run.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = extensions.flatMap { ["-e", $0] } + (unsafe ? ["--unsafe"] : [])
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return nil
        }
        // Write on another thread: a large input would fill the pipe while output waits to be read.
        let data = Data(markdown.utf8)
        let writer = Thread {
            input.fileHandleForWriting.write(data)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let html = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: html, as: UTF8.self)
    }
}
