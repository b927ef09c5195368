import ChildProcess
import Foundation

/// Debian's `cmark-gfm` command with every GFM extension, run live: the reference for `--syntax gfm`.
enum CmarkGFMReference {
    static let path = "/usr/bin/cmark-gfm"
    static let isAvailable = FileManager.default.isExecutableFile(atPath: path)
    static let extensions = ["table", "strikethrough", "autolink", "tagfilter", "tasklist", "footnotes"]

    /// The HTML cmark-gfm prints for `markdown`, or nil when it could not be run. A `ChildProcess`
    /// (posix_spawn), not Foundation's `Process`: the GFM conformance suite starts hundreds.
    static func html(_ markdown: String, unsafe: Bool) -> String? {
        // If cmark-gfm ends before reading all its input, the write must fail, not kill the test run.
        signal(SIGPIPE, SIG_IGN)
        let arguments = extensions.flatMap { ["-e", $0] } + (unsafe ? ["--unsafe"] : [])
        guard let child = try? ChildProcess(path, arguments, input: .pipe, output: .pipe),
            let input = child.input, let output = child.output
        else { return nil }
        // Write on another thread: a large input would fill the pipe while output waits to be read.
        let data = Data(markdown.utf8)
        let writer = Thread {
            try? input.write(contentsOf: data)
            try? input.close()
        }
        writer.start()
        let html = (try? output.readToEnd()) ?? Data()
        guard child.succeeded else { return nil }
        return String(decoding: html, as: UTF8.self)
    }
}
