import ChildProcess
import Foundation
import NotesiteCLI
import Testing

/// A program the tests run (groff, bash, zsh, fish): its output, or a skip when it is not installed,
/// which fails under CI=true (scripts/setup --test installs them all).
struct ExternalTool {
    let path: String

    /// The tool, or nil after recording why (an issue under CI, a note otherwise).
    static func required(_ path: String) -> ExternalTool? {
        if FileManager.default.isExecutableFile(atPath: path) { return ExternalTool(path: path) }
        let ci = ProcessInfo.processInfo.environment["CI"] == "true"
        #expect(!ci, "\(path) is required in CI (scripts/setup --test)")
        if !ci { print("skipped: \(path) is not installed (scripts/setup --test installs it)") }
        return nil
    }

    /// Runs it to the end; output goes through files so a full pipe cannot stall it.
    func run(_ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out")
        let errURL = scratch.appendingPathComponent("err")
        #expect(FileManager.default.createFile(atPath: outURL.path, contents: nil))
        #expect(FileManager.default.createFile(atPath: errURL.path, contents: nil))
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = try ChildProcess(
            path, arguments, output: .file(out), error: .file(err), environment: environment,
            directory: folder?.path)
        try out.close()
        try err.close()
        let status = process.exitCode()
        let stdout = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
        let stderr = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        return (status, stdout, stderr)
    }
}

/// What a command of notesite printed on stdout, run in-process.
func printed(_ arguments: String...) async -> String {
    let captured = Captured()
    let code = await NotesiteCLI.main(arguments: arguments, console: captured.console)
    #expect(code == 0, "notesite \(arguments.joined(separator: " ")): \(captured.stderr)")
    return captured.stdout
}

/// A file in a new temporary folder, for a tool to read.
func temporaryFile(named name: String, contents: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "notesite-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent(name)
    try Data(contents.utf8).write(to: file)
    return file
}
