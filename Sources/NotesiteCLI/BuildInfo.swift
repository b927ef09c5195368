internal import CMicroHTTPD
internal import CYaml
import Foundation
import ImagePipeline
import MarkdownReader
import SiteBuilder

/// How this binary was built and what it runs with, for `notesite --version` and bug reports.
enum BuildInfo {
    /// `release` or `debug` (SwiftPM defines DEBUG in debug builds).
    static var configuration: String {
        #if DEBUG
            "debug"
        #else
            "release"
        #endif
    }

    /// The libraries' versions as they say them at run time (the ones loaded, not the headers').
    static var libraries: [(name: String, version: String)] {
        [
            ("libcmark", MarkdownReader.cmarkVersion),
            ("libvips", ImageProcessor.vipsVersion),
            ("libyaml", String(cString: yaml_get_version_string())),
            ("libmicrohttpd", MHD_get_version().map { String(cString: $0) } ?? "unknown"),
        ]
    }

    /// `static` when the Swift runtime (and Foundation) are inside the binary, as `make dist` builds it:
    /// read from the shared objects this process has mapped, so it cannot disagree with `ldd`.
    static func linkage(mappedFiles: String? = mappedFiles()) -> (swift: String, foundation: String) {
        guard let maps = mappedFiles else { return ("unknown", "unknown") }
        let swift = maps.contains("/libswiftCore.so") ? "shared" : "static"
        let foundation = maps.contains("/libFoundationEssentials.so") || maps.contains("/libFoundation.so")
        return (swift, foundation ? "shared" : "static")
    }

    static func mappedFiles() -> String? {
        // /proc files say their size is 0, so read to the end rather than trusting it.
        guard let file = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
        defer { try? file.close() }
        return String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
    }

    /// The three lines `notesite --version` prints.
    static var versionText: String {
        let (swift, foundation) = linkage()
        let libraries = libraries.map { "\($0.name) \($0.version)" }.joined(separator: ", ")
        return """
            notesite \(NotesiteVersion.current)
            built: \(configuration), Swift runtime \(swift), Foundation \(foundation), \(platform)
            libraries: \(libraries)

            """
    }

    static var platform: String {
        #if arch(x86_64)
            let arch = "x86_64"
        #elseif arch(arm64)
            let arch = "aarch64"
        #else
            let arch = "unknown"
        #endif
        #if os(Linux)
            return "\(arch)-linux"
        #else
            return "\(arch)-other"
        #endif
    }
}
