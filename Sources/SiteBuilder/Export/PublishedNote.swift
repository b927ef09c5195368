/// A note the build published, as `notesite export` chooses among them: its vault path, its page and
/// its title.
struct PublishedNote: Sendable, Hashable {
    /// Vault-relative source path, e.g. `trips/Lisbon.md`.
    var path: String
    /// Site-relative page path, e.g. `trips/lisbon.html`.
    var pagePath: String
    var title: String
}
