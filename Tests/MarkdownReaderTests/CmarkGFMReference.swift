import Foundation

/// Debian's `cmark-gfm` command with every GFM extension, run live: the reference for `--syntax gfm`.
enum CmarkGFMReference {
    static let path = "/usr/bin/cmark-gfm"
    static let isAvailable = FileManager.default.isExecutableFile(atPath: path)
    static let extensions = ["table", "strikethrough", "autolink", "tagfilter", "tasklist", "footnotes"]

    /// The HTML cmark-gfm prints for `markdown`, or nil when it could not be run. Started with
    /// `posix_spawn`, not Foundation's `Process`: its `run()` can crash on Linux in Swift 6.3.1
    /// (swift-corelibs-foundation #5472, an over-read while listing /proc/self/fd), and the GFM
    /// conformance suite starts hundreds of these.
    static func html(_ markdown: String, unsafe: Bool) -> String? {
        // If cmark-gfm ends before reading all its input, the write must fail, not kill the test run.
        signal(SIGPIPE, SIG_IGN)
        var input: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        guard pipe(&input) == 0 else { return nil }
        guard pipe(&output) == 0 else {
            for end in input { close(end) }
            return nil
        }
        // No end leaks into another test's child (the child's own ends are copied onto 0 and 1).
        for end in input + output { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let arguments = [path] + extensions.flatMap { ["-e", $0] } + (unsafe ? ["--unsafe"] : [])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, path, &actions, nil, &argv, environ)
        close(input[0])
        close(output[1])
        guard spawned == 0 else {
            close(input[1])
            close(output[0])
            return nil
        }
        // Write on another thread: a large input would fill the pipe while output waits to be read.
        let writing = FileHandle(fileDescriptor: input[1], closeOnDealloc: true)
        let data = Data(markdown.utf8)
        let writer = Thread {
            try? writing.write(contentsOf: data)
            try? writing.close()
        }
        writer.start()
        let reading = FileHandle(fileDescriptor: output[0], closeOnDealloc: true)
        let html = (try? reading.readToEnd()) ?? Data()
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        // Exited normally (no signal) with status 0.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else { return nil }
        return String(decoding: html, as: UTF8.self)
    }
}
