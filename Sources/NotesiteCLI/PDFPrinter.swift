import ChildProcess
import Foundation

/// `notesite export --pdf`: the exported file printed by headless Chromium, found on `PATH` when
/// the command runs (never a build dependency).
enum PDFPrinter {
    enum Problem: Error, CustomStringConvertible {
        case noChromium
        case failed(Int32)

        var description: String {
            switch self {
            case .noChromium:
                "--pdf needs headless Chromium, which is not installed; install Debian's package 'chromium' (apt-get install chromium), or export HTML and print it from a browser"
            case .failed(let status): "Chromium could not print the export (exit status \(status))"
            }
        }
    }

    static let names = ["chromium", "chromium-browser", "google-chrome"]

    static func chromium(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for folder in (path ?? "/usr/bin").split(separator: ":") {
            for name in names {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    /// Writes `document` to a private temporary folder, prints it with every note shown
    /// (`#notesite-print`), and removes the folder.
    static func print(_ document: Data, to file: URL) throws {
        guard let browser = chromium() else { throw Problem.noChromium }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "notesite-pdf-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("export.html")
        try document.write(to: page)
        let target = file.standardizedFileURL.path
        let process = try ChildProcess(
            browser,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-pdf-header-footer",
                "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
                "--virtual-time-budget=10000", "--print-to-pdf=\(target)",
                page.absoluteString + "#notesite-print",
            ])
        let status = process.exitCode()
        guard status == 0, FileManager.default.fileExists(atPath: target) else {
            throw Problem.failed(status)
        }
    }
}
