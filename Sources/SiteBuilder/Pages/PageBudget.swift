import NoteModel

/// `page_budget_bytes`: base64 makes inlined images a third larger than their files, and a page
/// carrying many of them is slow to open, so one that passes the budget is named with its
/// largest images.
enum PageBudget {
    static func warning(
        page: String, images: [InlinedImage], budget: Int, at location: SourceLocation?
    ) -> Diagnostic? {
        let total = images.reduce(0) { $0 + $1.bytes }
        guard total > budget else { return nil }
        var largest: [String: Int] = [:]
        for image in images { largest[image.name, default: 0] += image.bytes }
        let top = largest.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(3)
            .map { "'\($0.key)' (\(megabytes($0.value)))" }.joined(separator: ", ")
        return .warning(
            "page '\(page)' inlines \(megabytes(total)) of images, over page_budget_bytes "
                + "(\(megabytes(budget))); largest: \(top); consider 'inline: auto' or smaller images",
            at: location)
    }

    /// `5.2 MB`, `340 KB`, `900 bytes` (decimal units, as the setting is written).
    static func megabytes(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) bytes" }
        if bytes < 1_000_000 { return "\((bytes + 500) / 1000) KB" }
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
