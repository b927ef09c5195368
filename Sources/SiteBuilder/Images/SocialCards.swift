import Foundation
import ImagePipeline
import Mustache
import NoteModel

/// Each page's social card: the theme's `card.svg` template filled with the note's title, the
/// site's title, the description (or the note's first words) and the site's host, drawn as a
/// 1200x630 PNG (``SocialCard``) and published as `cards/<page>.png`. Made only with `base_url`
/// (a card is named by an absolute URL) and `social_cards` on; a note with an `image` or `cover`
/// property uses that picture instead. Cards are kept in the rendition cache, keyed by the SVG
/// they draw and the fonts, so an unchanged card is never drawn twice.
enum SocialCards {
    static let folder = "cards"
    static let template = "card.svg"
    static let width = SocialCard.width
    static let height = SocialCard.height

    /// `trips/lisbon.html` -> `cards/trips/lisbon.png`.
    static func sitePath(forPage pagePath: String) -> String {
        let stem = pagePath.hasSuffix(".html") ? String(pagePath.dropLast(".html".count)) : pagePath
        return folder + "/" + stem + ".png"
    }

    /// The notes that get a drawn card: those without a picture of their own.
    static func wanted(_ notes: [ResolvedNote]) -> [ResolvedNote] {
        notes.filter { $0.cover == nil }
    }

    /// The card template's values for one note.
    static func values(for note: ResolvedNote, siteTitle: String, baseURL: String) -> TemplateValue {
        let host = URL(string: baseURL)?.host ?? ""
        return .object([
            "title": .string(note.title), "site": .string(siteTitle),
            "description": .string(note.summary(limit: 240)), "host": .string(host),
            "path": .string(note.path),
        ])
    }

    struct Drawn: Sendable {
        /// Cards by site path (``sitePath(forPage:)``).
        var cards: [String: ImageRendition] = [:]
        var records: [CardRecord] = []
        var diagnostics: [Diagnostic] = []
    }

    private enum Made: Sendable {
        case card(SocialCard.Made, seconds: Double)
        case problem(Diagnostic)
    }

    /// Every wanted note's card, through `cache`.
    static func draw(
        for notes: [ResolvedNote], rendering: ThemeRendering, baseURL: String, cache: RenditionCache?,
        jobs: Int
    ) async -> Drawn {
        let wanted = wanted(notes)
        guard !wanted.isEmpty else { return Drawn() }
        let fonts = CardFonts.identity()
        let library = rendering.library
        let siteTitle = rendering.siteTitle
        let theme = rendering.theme
        let results = await concurrentMap(wanted, limit: jobs) { note -> Made in
            let svg: String
            do {
                svg = try library.render(
                    template, with: values(for: note, siteTitle: siteTitle, baseURL: baseURL))
            } catch {
                return .problem(theme.diagnostic(for: error))
            }
            do throws(ImageError) {
                let start = ContinuousClock.now
                let made = try SocialCard(svg: svg, name: note.source.displayName).draw(
                    fonts: fonts, cache: cache)
                let elapsed = (ContinuousClock.now - start).components
                return .card(made, seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
            } catch {
                let place = SourceLocation(file: note.source.displayName, line: 1, column: 1)
                return .problem(.warning("social card not made: \(error.reason)", at: place))
            }
        }
        var drawn = Drawn()
        var reported: Set<String> = []
        for (note, result) in zip(wanted, results) {
            switch result {
            case .card(let card, let seconds):
                let path = sitePath(forPage: note.pagePath)
                drawn.cards[path] = card.image
                drawn.records.append(
                    CardRecord(
                        page: note.pagePath, file: path, bytes: card.image.data.count,
                        fromCache: card.fromCache,
                        milliseconds: (seconds * 10_000).rounded() / 10))
            // A broken template fails every card the same way: said once.
            case .problem(let problem):
                if reported.insert(problem.message).inserted { drawn.diagnostics.append(problem) }
            }
        }
        return drawn
    }
}
