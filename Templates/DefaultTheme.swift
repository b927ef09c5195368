/// The default theme's files, embedded in the binary by SwiftPM's `.embedInCode`.
public enum DefaultTheme {
    /// Mustache templates by name (file name without `.mustache`).
    public static let templates: [String: String] = [
        "page": String(decoding: PackageResources.page_mustache, as: UTF8.self)
    ]
    /// Files written under `assets/` in the site.
    public static let assets: [String: [UInt8]] = ["style.css": PackageResources.style_css]
}
