import Foundation
import ImagePipeline
import NoteModel

/// Images: every distinct image the notes show (a file at one requested size) made once through
/// libvips and the rendition cache, plus the larger previews `preview_width` asks for.
struct ImageStage: BuildStage {
    static let name = "images"

    let vault: Vault
    let configuration: SiteConfiguration
    /// Protected notes' vault paths: their pages show a stand-in, so no link-card picture or social
    /// card is made from them (a card would show the note's own title).
    var protected: Set<String> = []
    /// The theme, for the social cards' `card.svg` (``SocialCards``).
    var rendering: ThemeRendering?

    struct Output: StageOutput {
        var renditions: ImageRendering.Renditions
        var publishing: ImagePublishing
        /// Each rendition's and preview's content, as a key for the pages that show it.
        var keys: [ImageRendering.Key: ContentKey]
        var previewKeys: [String: ContentKey]
        /// Link-card pictures (``SocialImages``), by vault path, when `base_url` is set.
        var socialKeys: [String: ContentKey] = [:]
        /// Which pages have a drawn social card (by the card's site path): a page names its card
        /// by a stable path, so its head changes only when the card comes or goes.
        var cardPaths: Set<String> = []
        /// For the report.
        var cardRecords: [CardRecord] = []
        /// For the report.
        var records: [ImageRecord]
        var cacheStatistics: (encodes: Int, hits: Int)?
        var diagnostics: [Diagnostic] = []
    }

    /// A rendition's key from all its bytes (see ``WholeBytes``) and what the page shows of it.
    static func key(_ outcome: ImageRendering.Outcome) -> ContentKey {
        switch outcome {
        case .rendition(let image):
            ContentKey(
                WholeBytes(image.data), image.mimeType, image.pixelWidth, image.pixelHeight, image.cssWidth,
                image.cssHeight)
        case .failed(let error): ContentKey(error)
        }
    }

    func steps(for graph: LinkGraph) -> Int { ImageRendering.keys(in: graph.notes).count }

    func run(_ graph: LinkGraph, _ context: StageContext) async -> Output {
        let settings = ImageSettings(
            maxPixelWidth: configuration.imageWidth, columnWidth: configuration.columnWidth,
            maxInputPixels: configuration.maxPixels, format: configuration.imageFormat,
            quality: configuration.imageQuality, timeLimit: configuration.imageTimeout)
        // A cache folder that leads out of the vault (a symlink) is neither read nor written.
        let cache = vault.cacheFolder(named: configuration.cache).map(RenditionCache.init(folder:))
        let refused = configuration.cache.flatMap { name in
            cache == nil
                ? Diagnostic.warning("cache folder '\(name)' leads outside the vault; not used") : nil
        }
        let renditions = await ImageRendering.render(
            ImageRendering.keys(in: graph.notes), in: vault, settings: settings, cache: cache,
            progress: context.progress, jobs: context.jobs)
        var previews: [String: ImageRendition] = [:]
        if let width = configuration.previewWidth {
            previews = await ImageRendering.previews(
                of: renditions, width: width, in: vault, settings: settings, cache: cache, jobs: context.jobs)
        }
        var social: [String: ImageRendition] = [:]
        var cards = SocialCards.Drawn()
        if let baseURL = configuration.baseURL {
            let shown = protected.isEmpty ? graph.notes : graph.notes.filter { !protected.contains($0.path) }
            social = await SocialImages.render(
                for: shown, renditions: renditions, drawnCards: configuration.socialCards, in: vault,
                settings: settings, cache: cache, jobs: context.jobs)
            if configuration.socialCards, let rendering {
                cards = await SocialCards.draw(
                    for: shown, rendering: rendering, baseURL: baseURL, cache: cache, jobs: context.jobs
                )
            }
        }
        // Entries no build has used for a month are dropped, so the cache does not grow forever.
        _ = cache?.prune(unusedFor: 30 * 24 * 3600)
        let publishing = ImagePublishing(
            inlining: configuration.inline, inlineMaxBytes: configuration.inlineMaxBytes, previews: previews,
            social: social, cards: cards.cards)
        return Output(
            renditions: renditions, publishing: publishing,
            keys: renditions.mapValues(Self.key),
            previewKeys: previews.mapValues { Self.key(.rendition($0)) },
            socialKeys: social.mapValues { Self.key(.rendition($0)) },
            cardPaths: Set(cards.cards.keys), cardRecords: cards.records.sorted { $0.page < $1.page },
            records: ImageRecord.records(renditions, in: vault, publishing: publishing),
            cacheStatistics: cache.map { ($0.statistics.encodes, $0.statistics.hits) },
            diagnostics: (refused.map { [$0] } ?? []) + cards.diagnostics)
    }
}
