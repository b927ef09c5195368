import NoteModel

/// Why `notesite export` cannot make the file asked for, each a message a person can act on.
enum ExportProblem: Error, Equatable, CustomStringConvertible {
    case outsideVault(path: String, vault: String)
    case missing(String)
    case notPublished(String)
    case notANote(String)
    case emptyFolder(String)
    case outputInVault(String)

    var description: String {
        switch self {
        case .outsideVault(let path, let vault):
            "'\(path)' is outside the vault '\(vault)'; export a note or folder inside it"
        case .missing(let path): "'\(path)' does not exist"
        case .notPublished(let path):
            "'\(path)' is not published (a draft, publish: false, or left out by notesite.yml), so it cannot be exported"
        case .notANote(let path): "'\(path)' is not a note; export a note, a folder or the vault"
        case .emptyFolder(let path): "folder '\(path)' holds no published note"
        case .outputInVault(let path):
            "output '\(path)' is inside the vault, where the next build would read it; choose a file outside the vault"
        }
    }

    var diagnostic: Diagnostic {
        switch self {
        case .outputInVault: .error(description, remedy: .chooseOutput)
        default: .error(description)
        }
    }
}
