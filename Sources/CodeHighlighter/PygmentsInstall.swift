import Foundation

/// Finds the Python that has Debian's Pygments, and Pygments' version without starting Python
/// (a warm build must not pay an interpreter start).
enum PygmentsInstall {
    /// Debian's `/usr/bin/python3` (python3-pygments is installed for it), else the first `python3` on PATH.
    static func python() -> URL? {
        let manager = FileManager.default
        if manager.isExecutableFile(atPath: "/usr/bin/python3") {
            return URL(fileURLWithPath: "/usr/bin/python3")
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("python3")
            if manager.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// `pygments 2.14.0` read from Debian's package files for `/usr/bin/python3`; nil elsewhere
    /// (then the helper's own answer is used, and a cache lookup waits for it).
    static func version(for python: URL) -> String? {
        guard python.path == "/usr/bin/python3" else { return nil }
        let file = "/usr/lib/python3/dist-packages/pygments/__init__.py"
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        // Lines split as bytes: splitting the whole file into Characters cost more than a warm
        // build's lookups of all its blocks.
        let bytes = [UInt8](data)
        for line in bytes.split(separator: UInt8(ascii: "\n")) where line.starts(with: "__version__".utf8) {
            let parts = String(decoding: line, as: UTF8.self).split(separator: "'")
            if parts.count >= 2 { return "pygments " + parts[1] }
        }
        return nil
    }
}
