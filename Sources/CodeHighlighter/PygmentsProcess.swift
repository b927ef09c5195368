import ChildProcess
import Foundation

/// One long-lived Pygments helper (see ``PygmentsScript`` for the protocol), fed whole batches.
/// Not shared between tasks: each task of a highlighting job owns one.
final class PygmentsProcess {
    private let process: ChildProcess
    private let input: FileHandle
    private var reader: FramedReader
    /// `pygments 2.14.0`.
    let version: String

    /// One answer from the helper.
    enum Answer: Sendable, Hashable {
        case html(String)
        /// No lexer for the language.
        case unknown
        /// The lexer failed on this code.
        case failed
    }

    /// Starts the helper with `python`; nil when Python cannot run or Pygments is not installed.
    init?(python: URL) {
        // A helper that dies mid-batch must give a write error, not end the whole build.
        signal(SIGPIPE, SIG_IGN)
        guard
            let started = try? ChildProcess(
                python.path, ["-I", "-c", PygmentsScript.source], input: .pipe, output: .pipe),
            let stdin = started.input, let stdout = started.output
        else { return nil }
        process = started
        input = stdin
        reader = FramedReader(stdout)
        guard let first = reader.line(), first.hasPrefix("pygments ") else {
            try? input.close()
            process.terminate()
            process.wait()
            return nil
        }
        version = first
    }

    deinit {
        try? input.close()
        process.terminate()
        process.wait()
    }

    /// Highlights `blocks` (language, code) in one exchange; nil when the helper failed.
    func highlight(_ blocks: [(language: String, code: String)]) -> [Answer]? {
        var request = Data("\(blocks.count)\n".utf8)
        for block in blocks {
            let code = Data(block.code.utf8)
            request.append(Data("\(block.language)\n\(code.count)\n".utf8))
            request.append(code)
        }
        do {
            try input.write(contentsOf: request)
        } catch {
            return nil
        }
        var answers: [Answer] = []
        answers.reserveCapacity(blocks.count)
        for _ in blocks {
            guard let header = reader.line() else { return nil }
            let parts = header.split(separator: " ")
            guard parts.count == 2, let size = Int(parts[1]), size >= 0 else { return nil }
            switch parts[0] {
            case "ok":
                guard let bytes = reader.bytes(size) else { return nil }
                answers.append(.html(String(decoding: bytes, as: UTF8.self)))
            case "unknown": answers.append(.unknown)
            default: answers.append(.failed)
            }
        }
        return answers
    }
}

@available(*, unavailable) extension PygmentsProcess: Sendable {}

/// Reads lines and counted byte runs from a pipe, buffered.
struct FramedReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0

    init(_ handle: FileHandle) { self.handle = handle }

    /// The next line without its `\n`; nil at the end of the stream.
    mutating func line() -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                return line
            }
            guard fill() else { return nil }
        }
    }

    /// The next `count` bytes; nil when the stream ends first.
    mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
        while buffer.count - start < count {
            guard fill() else { return nil }
        }
        defer { start += count }
        return buffer[start..<start + count]
    }

    private mutating func fill() -> Bool {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        // `availableData` returns what the pipe has; `read(upToCount:)` would wait for the whole count.
        let data = handle.availableData
        guard !data.isEmpty else { return false }
        buffer.append(contentsOf: data)
        return true
    }
}
