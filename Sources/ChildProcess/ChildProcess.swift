internal import CChildProcess
public import Foundation

/// A program run as a child process with `posix_spawn`. Foundation's `Process.run()` can crash on
/// Linux in Swift 6.3.1 (swift-corelibs-foundation #5472: an over-read while it lists
/// /proc/self/fd), and a build starts Pygments helpers from several tasks at once.
///
/// Every pipe end is made close-on-exec, so a sibling started meanwhile never holds a copy of
/// this child's input (which would keep it from ever seeing the end of that input).
public final class ChildProcess {
    /// What a child's standard stream is joined to.
    public enum Stream {
        /// The parent's own stream.
        case inherit
        /// A pipe to the parent (``input``, ``output`` and ``errors``).
        case pipe
        /// /dev/null.
        case null
        /// An open file (a log the child writes to).
        case file(FileHandle)
        /// For standard error: wherever standard output goes.
        case sameAsOutput
    }

    public let pid: Int32
    /// The write end of the child's standard input, when it is a pipe.
    public let input: FileHandle?
    /// The read end of the child's standard output, when it is a pipe.
    public let output: FileHandle?
    /// The read end of the child's standard error, when it is a pipe.
    public let errors: FileHandle?
    private var status: Int32?

    /// Starts `executable` with `arguments` (not counting the program's name), in `environment`
    /// (nil: this process's) and in `directory` (nil: this process's).
    public init(
        _ executable: String, _ arguments: [String], input inputStream: Stream = .null,
        output outputStream: Stream = .null, error errorStream: Stream = .null,
        environment: [String: String]? = nil, directory: String? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The parent's end of each piped stream, by stream number; the child's ends are closed
        // here once it has started (it has its copies).
        var kept: [Int32?] = [nil, nil, nil]
        var given: [Int32] = []
        defer { for end in given { close(end) } }
        do {
            for (target, stream) in [(Int32(0), inputStream), (1, outputStream), (2, errorStream)] {
                guard let (child, parent) = try Self.join(target, to: stream, in: &actions) else { continue }
                given.append(child)
                kept[Int(target)] = parent
            }
            if let directory { notesite_spawn_chdir(&actions, directory) }
            pid = try Self.spawn(executable, arguments, environment, &actions)
        } catch {
            for end in kept.compactMap({ $0 }) { close(end) }
            throw error
        }
        input = kept[0].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        output = kept[1].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        errors = kept[2].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
    }

    /// Adds the actions that join the child's stream `target` to `stream`; for a pipe, its two
    /// ends (the child's, the parent's).
    private static func join(
        _ target: Int32, to stream: Stream, in actions: inout posix_spawn_file_actions_t
    ) throws -> (Int32, Int32)? {
        switch stream {
        case .inherit: return nil
        case .null:
            posix_spawn_file_actions_addopen(
                &actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
        case .file(let handle): posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, target)
        case .sameAsOutput:
            guard target == 2 else { throw ChildProcessError.unsupported }
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        case .pipe:
            var ends: [Int32] = [-1, -1]
            guard notesite_pipe_cloexec(&ends) == 0 else { throw ChildProcessError.spawn(errno) }
            // The child reads its input from ends[0] and writes its output or errors to ends[1].
            let (child, parent) = target == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
            posix_spawn_file_actions_adddup2(&actions, child, target)
            return (child, parent)
        }
        return nil
    }

    private static func spawn(
        _ executable: String, _ arguments: [String], _ environment: [String: String]?,
        _ actions: inout posix_spawn_file_actions_t
    ) throws -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        startSignalsAfresh(&attributes)
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var envp: [UnsafeMutablePointer<CChar>?] =
            environment.map { $0.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil] }
            ?? []
        defer { for variable in envp { free(variable) } }
        var child: Int32 = 0
        let spawned =
            envp.isEmpty
            ? posix_spawn(&child, executable, &actions, &attributes, &argv, environ)
            : posix_spawn(&child, executable, &actions, &attributes, &argv, &envp)
        guard spawned == 0 else { throw ChildProcessError.spawn(spawned) }
        return child
    }

    /// The child starts with no signal blocked and every signal's default action: it would
    /// otherwise inherit this process's mask and ignored signals (SIGPIPE, which a build ignores
    /// so a helper's early end is a write error, or a SIGTERM a test runner's thread blocks).
    private static func startSignalsAfresh(_ attributes: inout posix_spawnattr_t) {
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigemptyset(&all)
        for signal in 1..<SIGSYS where signal != SIGKILL && signal != SIGSTOP { sigaddset(&all, signal) }
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }

    /// Waits for the child to end; its wait status (as `waitpid` gives it). Safe to call again.
    @discardableResult
    public func wait() -> Int32 {
        if let status { return status }
        let value = Self.reap(pid)
        status = value
        return value
    }

    /// `waitpid` for `pid`, again when a signal interrupts it; its wait status.
    private static func reap(_ pid: Int32) -> Int32 {
        var value: Int32 = 0
        while waitpid(pid, &value, 0) < 0 && errno == EINTR {}
        return value
    }

    /// The child's exit code once it ended, or 128 plus the signal's number when a signal ended
    /// it (as a shell reports it).
    public func exitCode() -> Int32 { Self.code(of: wait()) }

    /// ``exitCode()`` waited for on a thread of its own: a task waiting for a long child holds
    /// no thread of the shared pool (a server under test may need them all).
    public func finished() async -> Int32 { Self.code(of: await waitedStatus()) }

    static func code(of status: Int32) -> Int32 {
        status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    private func waitedStatus() async -> Int32 {
        if let status { return status }
        let pid = pid
        let value = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            Thread.detachNewThread { continuation.resume(returning: Self.reap(pid)) }
        }
        status = value
        return value
    }

    /// True when the child ended normally with status 0.
    public var succeeded: Bool { exitCode() == 0 }

    /// Asks the child to end (SIGTERM) unless it was already waited for.
    public func terminate() {
        if status == nil { kill(pid, SIGTERM) }
    }

    /// Leaves the child to run on its own: a thread waits for it, so it never lingers as a zombie.
    /// Its status is then not known here (``wait()`` gives 0).
    public func detach() {
        guard status == nil else { return }
        let pid = pid
        status = 0
        Thread.detachNewThread { _ = Self.reap(pid) }
    }
}

@available(*, unavailable) extension ChildProcess: Sendable {}

public enum ChildProcessError: Error, Equatable, CustomStringConvertible {
    /// The program could not be started (an errno value).
    case spawn(Int32)
    /// Only standard error can go where standard output goes.
    case unsupported

    public var description: String {
        switch self {
        case .spawn(let code): String(cString: strerror(code))
        case .unsupported: "only standard error can go where standard output goes"
        }
    }
}
