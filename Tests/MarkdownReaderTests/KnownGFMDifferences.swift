import Foundation

/// The committed list of GFM examples and corpus files whose HTML differs from cmark-gfm's, each
/// with its reason (`gfm-known-differences.json` next to this file).
enum KnownGFMDifferences {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("gfm-known-differences.json")

    /// Id (`gfm-spec.txt#12`, `text/hugo-docs/...md`) to reason.
    static let reasons: [String: String] = {
        guard let data = try? Data(contentsOf: url),
            let entries = try? JSONDecoder().decode([String: String].self, from: data)
        else { return [:] }
        return entries
    }()
}
