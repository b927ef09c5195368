import DevServer
import NoteModel
import SiteBuilder

/// The libraries' messages name folders, settings and remedies; only the command line knows its
/// flags, so it adds them here.
enum FlagHints {
    static func adding(to diagnostic: Diagnostic) -> Diagnostic {
        var diagnostic = diagnostic
        switch diagnostic.remedy {
        case .chooseOutput?: diagnostic.message += " (--output)"
        case .allowReplacing?: diagnostic.message += " (--output, or --force)"
        case nil: break
        }
        return diagnostic
    }

    static func text(for problem: VaultTemplate.Problem) -> String {
        if case .notEmpty = problem { return "\(problem) (--force)" }
        return "\(problem)"
    }

    static func text(for error: ServeError) -> String {
        switch error {
        case .portInUse: "\(error) (--port)"
        case .badHost: "\(error) (--host)"
        case .cannotListen, .cannotWatch: "\(error)"
        }
    }
}
