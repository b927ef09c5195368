public import Foundation
import NoteModel

/// `notesite export`: the site made by the build's own stages, in memory, then the chosen notes'
/// pages packed into one self-contained HTML file (``ExportDocument``).
public enum SiteExport {
    /// What an export made: the build's report (its diagnostics, stages and counts) and the file.
    public struct Result: Sendable {
        public var report: BuildReport
        /// The file's bytes; nil when it could not be made (a bad path, a failed build).
        public var document: Data?
        /// The notes in the file.
        public var noteCount = 0
        /// Their pages, in the file's order (the first is the one it opens on).
        public var pages: [String] = []
        /// The images stored in the file, each once.
        public var imageCount = 0
    }

    public static func run(_ options: ExportOptions) async -> Result {
        let start = ContinuousClock.now
        var build = options.build
        let configuration = LoadedConfiguration.load(for: &build)
        var result = Result(report: BuildReport(diagnostics: configuration.diagnostics, output: build.output))
        func failed(_ problem: ExportProblem) -> Result {
            result.report.diagnostics.append(problem.diagnostic)
            result.report.duration = ContinuousClock.now - start
            return result
        }
        if let file = options.file, let boundary = VaultBoundary(root: build.vault),
            boundary.keepsInside(file)
        {
            return failed(.outputInVault(file.path))
        }
        let relative: String
        do {
            relative = try ExportSelection.relativePath(of: options.subject, vault: build.vault)
        } catch {
            return failed(error)
        }
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: options.subject.path, isDirectory: &isFolder)
        guard exists else { return failed(.missing(options.subject.path)) }

        let made = await BuildPipeline(options: build, configuration: configuration).make(listingNotes: true)
        result.report = made.report
        guard let site = made.site else {
            result.report.duration = ContinuousClock.now - start
            return result
        }
        let selection: ExportSelection
        do {
            selection = try ExportSelection.choose(relative, isFolder: isFolder.boolValue, from: made.notes)
        } catch {
            return failed(error)
        }
        var shelf = ImageShelf()
        var notes: [ExportDocument.Note] = []
        for note in selection.notes {
            guard let bytes = site.files[note.pagePath],
                var page = BuiltPage(Array(bytes), pagePath: note.pagePath)
            else { continue }
            page.content = shelf.shelve(page.content, pagePath: note.pagePath, files: site.files)
            if selection.isSingleNote {
                // One note has no explorer: no room kept for it.
                page.mainClass = page.mainClass.split(separator: " ").filter { $0 != "has-explorer" }
                    .joined(separator: " ")
                _ = BuiltPage.cut(from: "<a class=\"explorer-open\"", to: "</a>", in: &page.content)
            }
            notes.append(.init(note: note, page: page))
        }
        let settings = configuration.settings
        var document = ExportDocument(
            notes: notes, shelf: shelf, files: site.files,
            siteTitle: settings.title ?? build.vault.lastPathComponent,
            language: settings.language, baseURL: settings.baseURL, outsideLinks: options.outsideLinks,
            isSingleNote: selection.isSingleNote)
        result.document = document.bytes()
        result.noteCount = notes.count
        result.pages = notes.map(\.note.pagePath)
        result.imageCount = shelf.images.count
        result.report.duration = ContinuousClock.now - start
        return result
    }
}
