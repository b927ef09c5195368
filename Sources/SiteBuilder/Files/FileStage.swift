import Foundation
import NoteModel

/// Files: what the site publishes beside its pages: the theme's assets, renditions published as
/// files (`inline: auto|never`, previews) and the vault files notes link to (a PDF, a recording).
struct FileStage: BuildStage {
    static let name = "files"

    let vault: Vault
    let theme: Theme
    /// The site's interface words, published for the scripts as `assets/strings.js`.
    var strings = InterfaceStrings.english
    var favicon: Favicon?
    /// Whether some note is protected: only then is the unlocking script published.
    var protects = false

    struct Input: Sendable {
        var graph: LinkGraph
        var images: ImageStage.Output
    }

    struct Output: StageOutput {
        var files: [String: Data]
        var diagnostics: [Diagnostic]
    }

    func run(_ input: Input, _ context: StageContext) async -> Output {
        var files: [String: Data]
        if protects {
            // Only what public pages show: a protected note's images are inside its sealed page.
            let shown = Set(ImageRendering.keys(in: input.graph.notes))
            var publishing = input.images.publishing
            publishing.social = publishing.social.filter { path, _ in shown.contains { $0.path == path } }
            files = publishing.files(for: input.images.renditions.filter { shown.contains($0.key) })
        } else {
            files = input.images.publishing.files(for: input.images.renditions)
        }
        for (name, bytes) in theme.assets where protects || name != "protect.js" {
            files["assets/" + name] = Data(bytes)
        }
        files[InterfaceStrings.scriptPath] = Data(strings.script)
        if let favicon { files[favicon.sitePath] = favicon.data }
        var diagnostics: [Diagnostic] = []
        for path in Set(input.graph.notes.flatMap(\.links.attachments)).sorted() {
            do {
                files[NoteLinks.attachmentPath(for: path)] = try vault.contents(of: path)
            } catch {
                diagnostics.append(
                    .error("cannot read '\(path)' to publish it: \(error.localizedDescription)"))
            }
        }
        return Output(files: files, diagnostics: diagnostics)
    }
}
