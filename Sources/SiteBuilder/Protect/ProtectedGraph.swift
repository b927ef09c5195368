/// The notes of one password with the graph their own pages are made from: every note in it as it
/// is, but those of other passwords as their stand-ins, so a page sealed with one password never
/// holds another's text.
struct ProtectedGraph: Sendable {
    let group: Protection.Group
    let graph: LinkGraph

    /// The public graph (every protected note a stand-in) and one graph per password.
    static func split(
        _ notes: [ResolvedNote], stubs: [String: ResolvedNote], protection: Protection
    ) -> (public: LinkGraph, protected: [ProtectedGraph]) {
        let publicGraph = LinkGraph(notes.map { stubs[$0.path] ?? $0 })
        let protected = protection.groups.map { group in
            let own = Set(group.notes)
            return ProtectedGraph(
                group: group,
                graph: LinkGraph(notes.map { own.contains($0.path) ? $0 : stubs[$0.path] ?? $0 }))
        }
        return (publicGraph, protected)
    }
}
