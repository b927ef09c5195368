import DevServer
import Foundation
import Glibc
import SiteBuilder
import Synchronization

/// A temporary vault served by a real `DevServer` on 127.0.0.1, port 0.
final class ServerFixture: Sendable {
    let root: URL
    let server: DevServer
    private let logBox: LogBox

    var port: UInt16 { server.port }

    /// `echo`: each page also carries its note's text, so edits show up in pages even where
    /// the theme renders little; the build's own diagnostics are kept as they are. `links` are
    /// symlinks made before the server starts (vault path: target as written).
    init(
        files: [String: String], echo: Bool = true, extra: [String: String] = [:],
        links: [String: String] = [:],
        host: String = "127.0.0.1"
    ) async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "notesite-serve-\(UUID().uuidString)")
        for (path, text) in files {
            try Self.write(text, to: root.appendingPathComponent(path))
        }
        for (path, target) in links {
            guard symlink(target, root.appendingPathComponent(path).path) == 0 else {
                throw RawHTTP.Failure(description: "cannot make the symlink \(path)")
            }
        }
        let extraFiles = extra.mapValues { Data($0.utf8) }
        let make: @Sendable (BuildOptions) async -> (SiteFiles?, BuildReport) = { options in
            echo ? await Self.echoBuild(options, extra: extraFiles) : await SiteBuild.make(options)
        }
        let options = ServeOptions(build: BuildOptions(vault: root), host: host, port: 0, make: make)
        let box = LogBox()
        server = try await DevServer.start(options) { line in box.append(line) }
        logBox = box
    }

    var output: String { logBox.text }

    func write(_ text: String, to path: String) throws {
        try Self.write(text, to: root.appendingPathComponent(path))
    }

    /// Replaces a file the way editors do: write a temporary file beside it, then rename it over.
    func save(_ text: String, to path: String) throws {
        let target = root.appendingPathComponent(path)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent).tmp")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, target.path) == 0 else {
            throw RawHTTP.Failure(
                description: "cannot rename over \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// The fingerprint the served page carries in its live-reload script.
    func fingerprint(of page: String) async throws -> String {
        let text = try await RawHTTP.request("/" + page, port: port).text
        guard let start = text.range(of: "hash = \""),
            let end = text[start.upperBound...].firstIndex(of: "\"")
        else {
            throw RawHTTP.Failure(description: "no live-reload script in \(page)")
        }
        return String(text[start.upperBound..<end])
    }

    func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: root)
    }

    private static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static func echoBuild(_ options: BuildOptions, extra: [String: Data]) async -> (SiteFiles?, BuildReport) {
        var (site, report) = await SiteBuild.make(options)
        guard var files = site?.files else { return (site, report) }
        let manager = FileManager.default
        let enumerator = manager.enumerator(atPath: options.vault.path)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".md"), !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                let data = manager.contents(atPath: options.vault.appendingPathComponent(path).path)
            else { continue }
            let page = String(path.dropLast(3)) + ".html"
            guard let built = files[page] else {
                report.diagnostics.append(.error("test: the build made no page '\(page)'"))
                continue
            }
            let text = String(decoding: data, as: UTF8.self)
                .replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            files[page] = built + Data("<html><body><pre class=\"echo\">\(text)</pre></body></html>\n".utf8)
        }
        files.merge(extra) { _, new in new }
        site?.files = files
        return (site, report)
    }
}

/// Collects what the server printed.
final class LogBox: Sendable {
    private let lines = Mutex("")
    func append(_ line: String) { lines.withLock { $0 += line } }
    var text: String { lines.withLock { $0 } }
}
