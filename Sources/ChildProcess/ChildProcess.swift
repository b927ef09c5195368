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
    public enum Stream: Sendable {
        /// The parent's own stream.
        case inherit
        /// A pipe to the parent (``input`` for standard input, ``output`` for standard output).
        case pipe
        /// /dev/null.
        case null
    }

    public let pid: pid_t
    /// The write end of the child's standard input, when it is a pipe.
    public let input: FileHandle?
    /// The read end of the child's standard output, when it is a pipe.
    public let output: FileHandle?
    private var status: Int32?

    /// Starts `executable` with `arguments` (not counting the program's name) in this process's
    /// environment; standard error is inherited or /dev/null.
    public init(
        _ executable: String, _ arguments: [String], input inputStream: Stream = .null,
        output outputStream: Stream = .null, error errorStream: Stream = .null
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Ends the parent keeps (index 0) and the child's ends, closed here once it started (index 1).
        var kept: [Int32?] = [nil, nil]
        var given: [Int32] = []
        defer { for end in given { close(end) } }
        for (target, stream) in [(Int32(0), inputStream), (1, outputStream), (2, errorStream)] {
            switch stream {
            case .inherit: continue
            case .null:
                posix_spawn_file_actions_addopen(
                    &actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .pipe:
                guard target < 2 else { throw ChildProcessError.unsupported }
                var ends: [Int32] = [-1, -1]
                guard notesite_pipe_cloexec(&ends) == 0 else {
                    for end in kept.compactMap({ $0 }) { close(end) }
                    throw ChildProcessError.spawn(errno)
                }
                // The child's end is ends[0] for its input, ends[1] for its output.
                let (child, parent) = target == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
                posix_spawn_file_actions_adddup2(&actions, child, target)
                given.append(child)
                kept[Int(target)] = parent
            }
        }
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        Self.startSignalsAfresh(&attributes)
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, &attributes, &argv, environ)
        guard spawned == 0 else {
            for end in kept.compactMap({ $0 }) { close(end) }
            throw ChildProcessError.spawn(spawned)
        }
        pid = child
        input = kept[0].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        output = kept[1].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
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
        var value: Int32 = 0
        while waitpid(pid, &value, 0) < 0 {
            guard errno == EINTR else { break }
        }
        status = value
        return value
    }

    /// True when the child ended normally with status 0.
    public var succeeded: Bool {
        let status = wait()
        return status & 0x7F == 0 && (status >> 8) & 0xFF == 0
    }

    /// Asks the child to end (SIGTERM) unless it was already waited for.
    public func terminate() {
        if status == nil { kill(pid, SIGTERM) }
    }

    /// Leaves the child to run on its own: a thread waits for it, so it never lingers as a zombie.
    public func detach() {
        guard status == nil else { return }
        let pid = pid
        status = 0
        Thread.detachNewThread {
            var value: Int32 = 0
            while waitpid(pid, &value, 0) < 0 && errno == EINTR {}
        }
    }
}

@available(*, unavailable) extension ChildProcess: Sendable {}

public enum ChildProcessError: Error, Equatable, CustomStringConvertible {
    /// The program could not be started (an errno value).
    case spawn(Int32)
    /// Standard error cannot be a pipe here.
    case unsupported

    public var description: String {
        switch self {
        case .spawn(let code): String(cString: strerror(code))
        case .unsupported: "standard error cannot be a pipe"
        }
    }
}
