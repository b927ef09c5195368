/// Where a page's images live (`inline`): `always` in the page as `data:` URIs (one file per
/// page, nothing to lose), `auto` inline below `inline_max_bytes` and as files above it, or
/// `never` (every image a file under `images/`, named by its content).
public enum ImageInlining: String, Sendable, Hashable, CaseIterable {
    case always
    case auto
    case never
}
