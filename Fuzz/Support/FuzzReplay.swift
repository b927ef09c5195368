import Foundation

/// What a fuzz target shares: replaying saved inputs without libFuzzer, and failing loudly.
public enum FuzzReplay {
    /// Runs `body` on each file named on the command line (a crash or a corpus to check), printing
    /// each name first so a crash names its input. Exits 64 without arguments.
    public static func main(_ body: ([UInt8]) -> Void) {
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            let name = CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "fuzz"
            FileHandle.standardError.write(Data("usage: \(name) FILE...\n".utf8))
            exit(64)
        }
        for path in paths {
            FileHandle.standardError.write(Data("\(path)\n".utf8))
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                exit(1)
            }
            body([UInt8](data))
        }
        FileHandle.standardError.write(Data("\(paths.count) inputs ran\n".utf8))
    }

    /// A broken invariant: a crash the fuzzer keeps, with the reason on stderr.
    public static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        guard !condition else { return }
        FileHandle.standardError.write(Data("fuzz invariant broken: \(message())\n".utf8))
        abort()
    }
}
