import ChildProcess
import Foundation
import Testing

struct ChildProcessTests {
    /// A megabyte through `cat` and back: more than a pipe holds, so the input is written on its
    /// own thread while the output is read.
    @Test func bytesGoThroughAndComeBack() throws {
        let child = try ChildProcess("/bin/cat", [], input: .pipe, output: .pipe)
        let sent = Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let input = try #require(child.input)
        let writer = Thread {
            try? input.write(contentsOf: sent)
            try? input.close()
        }
        writer.start()
        #expect(try Self.output(of: child) == sent)
        #expect(child.succeeded)
    }

    /// All of `child`'s output; nil when it has not ended within 10 s (a test fails, not hangs,
    /// when a leaked pipe end keeps `cat` waiting for more input).
    static func output(of child: ChildProcess) throws -> Data? {
        let output = try #require(child.output)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var data = Data()
        Thread.detachNewThread {
            data = output.readDataToEndOfFile()
            done.signal()
        }
        guard done.wait(timeout: .now() + 10) == .success else {
            kill(child.pid, SIGKILL)
            return nil
        }
        return data
    }

    /// How many of process `pid`'s descriptors lead to the pipe that `end` is one end of.
    static func descriptors(of pid: pid_t, on end: FileHandle) throws -> Int {
        var status = stat()
        #expect(fstat(end.fileDescriptor, &status) == 0)
        let folder = "/proc/\(pid)/fd"
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)"))
                == "pipe:[\(status.st_ino)]"
        }.count
    }

    @Test func theExitStatusIsReported() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "exit 3"])
        #expect((child.wait() >> 8) & 0xFF == 3 && child.exitCode() == 3)
        #expect(!child.succeeded)
        #expect(child.wait() == child.wait(), "waiting again gives the same status")
    }

    @Test func argumentsArriveAsTheyAre() throws {
        let arguments = ["a b", "", "é ∑", "$HOME", "'\""]
        let child = try ChildProcess("/usr/bin/printf", ["%s\\n"] + arguments, output: .pipe)
        let printed = try #require(child.output).readDataToEndOfFile()
        #expect(String(decoding: printed, as: UTF8.self) == arguments.map { $0 + "\n" }.joined())
        #expect(child.succeeded)
    }

    @Test func environmentAndFolderAreTheChildsOwn() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let child = try ChildProcess(
            "/bin/sh", ["-c", "pwd; echo \"$ONLY\"; echo \"${HOME:-unset}\""], output: .pipe,
            environment: ["ONLY": "this one"], directory: folder)
        let printed = String(decoding: try Self.output(of: child) ?? Data(), as: UTF8.self)
        let real = try #require(realpath(folder, nil))
        defer { free(real) }
        #expect(printed == "\(String(cString: real))\nthis one\nunset\n")
        #expect(child.succeeded)
    }

    /// Standard error joins standard output, in a pipe or in a file.
    @Test func errorsGoWhereOutputGoes() async throws {
        let script = ["-c", "echo out; echo err >&2"]
        let piped = try ChildProcess("/bin/sh", script, output: .pipe, error: .sameAsOutput)
        #expect(String(decoding: try Self.output(of: piped) ?? Data(), as: UTF8.self) == "out\nerr\n")
        let log = FileManager.default.temporaryDirectory.appendingPathComponent(
            "child-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        #expect(FileManager.default.createFile(atPath: log.path, contents: nil))
        let handle = try FileHandle(forWritingTo: log)
        let logged = try ChildProcess("/bin/sh", script, output: .file(handle), error: .sameAsOutput)
        try handle.close()
        #expect(await logged.finished() == 0)
        #expect(try String(contentsOf: log, encoding: .utf8) == "out\nerr\n")
        #expect(throws: ChildProcessError.unsupported) {
            try ChildProcess("/bin/true", [], output: .sameAsOutput)
        }
    }

    @Test func aMissingProgramThrows() {
        #expect(throws: ChildProcessError.spawn(ENOENT)) {
            try ChildProcess("/nonexistent/program", [])
        }
    }

    @Test func aNullInputReadsAsEmpty() throws {
        let child = try ChildProcess("/bin/cat", [], input: .null, output: .pipe)
        #expect(try Self.output(of: child) == Data())
        #expect(child.succeeded)
    }

    /// Even when this thread blocks SIGTERM and the process ignores SIGPIPE, as a child would
    /// otherwise inherit.
    @Test func terminateEndsAChild() throws {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        var before = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &before)
        let child = try ChildProcess("/bin/sleep", ["100"])
        pthread_sigmask(SIG_SETMASK, &before, nil)
        child.terminate()
        #expect(child.wait() & 0x7F == SIGTERM && child.exitCode() == 128 + SIGTERM)
    }

    /// Neither the child nor a sibling started later holds a copy of the parent's pipe ends: a
    /// copy of a child's input would keep it from ever seeing the end of that input.
    @Test func pipeEndsAreNotInherited() throws {
        let first = try ChildProcess("/bin/cat", [], input: .pipe, output: .pipe)
        let sibling = try ChildProcess("/bin/sleep", ["20"], input: .pipe, output: .pipe)
        defer {
            sibling.terminate()
            sibling.wait()
        }
        let input = try #require(first.input)
        #expect(try Self.descriptors(of: first.pid, on: input) == 1, "its own standard input only")
        #expect(try Self.descriptors(of: sibling.pid, on: input) == 0)
        #expect(try Self.descriptors(of: sibling.pid, on: try #require(first.output)) == 0)
        try input.close()
        #expect(try Self.output(of: first) == Data())
        #expect(first.succeeded)
    }
}
