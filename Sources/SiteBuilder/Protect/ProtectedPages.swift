import Foundation
import NoteCrypto
import NoteModel

/// The pages of protected notes: each note's own page made from its password's graph (never
/// written anywhere in clear), its part sealed under its password's note key, and put into its
/// stand-in's page (``LockedPage``). One PBKDF2 derivation per note (its own random salt), run on
/// the build's threads; in `serve`, each note's salt and derived key are kept in memory while its
/// password is the same, never on disk.
struct ProtectedPages: BuildStage {
    static let name = "protect"

    let stage: PageStage
    let protection: Protection
    let storage: UnlockStorage

    struct Input: Sendable {
        var pages: PageStage.Input
        var graphs: [ProtectedGraph]
    }

    struct Output: StageOutput {
        var pages: [String: Data]
        /// KaTeX and the Mermaid script, when a protected page needs them.
        var assets: [String: Data] = [:]
        var diagnostics: [Diagnostic]
    }

    /// The kept salt and key of each note (slot: path), by its password.
    static let passwordKeys = Kept<PasswordKey?>("protect.passwordKeys")
    /// The note key of each password's notes (slot: variable), by the password.
    static let noteKeys = Kept<NoteKey?>("protect.noteKeys")

    func run(_ stageInput: Input, _ context: StageContext) async -> Output {
        let (input, graphs) = (stageInput.pages, stageInput.graphs)
        let quiet = context.sealing
        var diagnostics: [Diagnostic] = []
        // The stand-ins' pages, in memory (the public Pages run may have staged them already).
        var stubStage = stage
        stubStage.only = Set(protection.variables.keys)
        let stubs = await stubStage.run(input, quiet).pages
        var real: [String: (page: Data, group: Protection.Group)] = [:]
        var assets: [String: Data] = [:]
        for protected in graphs {
            var own = stage
            own.only = Set(protected.group.notes)
            own.sealing = true
            var groupInput = input
            groupInput.graph = protected.graph
            // Every image inside the sealed page, whatever `inline` says: no file shows it.
            groupInput.images.publishing.inlining = .always
            groupInput.images.publishing.previews = [:]
            let made = await own.run(groupInput, quiet)
            diagnostics += made.diagnostics
            assets.merge(made.assets) { first, _ in first }
            for (path, page) in made.pages { real[path] = (page, protected.group) }
        }
        let notes = input.graph.notes.filter { protection.variables[$0.path] != nil }
        let keys = await concurrentMap(notes, limit: context.jobs) { note -> PasswordKey? in
            guard let group = protection.group(of: note.path) else { return nil }
            return context.value(Self.passwordKeys, slot: note.path, key: ContentKey(group.password)) {
                try? PasswordKey.derive(
                    password: group.password, salt: PasswordKey.newSalt(),
                    iterations: SealParameters.minimumIterations)
            }
        }
        var noteKeys: [String: NoteKey] = [:]
        for group in protection.groups {
            noteKeys[group.variable] = context.value(
                Self.noteKeys, slot: group.variable, key: ContentKey(group.password)
            ) { try? NoteKey.random() }
        }
        var pages: [String: Data] = [:]
        for (note, key) in zip(notes, keys) {
            let place = SourceLocation(file: note.source.displayName, line: 1, column: 1)
            guard let made = real[note.pagePath], let stub = stubs[note.pagePath], let key,
                let noteKey = noteKeys[made.group.variable]
            else {
                diagnostics.append(.error("protected note: its page could not be made or sealed", at: place))
                continue
            }
            let html = [UInt8](made.page)
            guard let region = LockedPage.region(of: html),
                let sealed = try? NoteCrypto.seal(
                    plaintext: LockedPage.plaintext(of: html, region: region), noteKey: noteKey,
                    passwordKey: key),
                let page = LockedPage.page(
                    stub: [UInt8](stub), real: html, sealed: sealed, title: note.title, storage: storage,
                    strings: protection.strings)
            else {
                diagnostics.append(
                    .error(
                        "protected note: the theme's page has no <main> (nor notesite:protected markers) to seal",
                        at: place))
                continue
            }
            pages[note.pagePath] = Data(page)
        }
        return Output(pages: pages, assets: assets, diagnostics: diagnostics)
    }
}

extension StageContext {
    /// This context for pages that must never reach the disk in clear: no staging folder, no
    /// progress bar, nothing kept between builds.
    var sealing: StageContext {
        var copy = self
        copy.staging = nil
        copy.progress = nil
        copy.memory = nil
        return copy
    }
}
