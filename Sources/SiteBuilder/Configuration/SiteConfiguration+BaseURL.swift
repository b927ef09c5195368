extension SiteConfiguration {
    /// `value` as a `base_url` (ending in `/`), or nil when it is not an absolute http(s) URL.
    public static func normalizedBaseURL(_ value: String) -> String? {
        guard value.hasPrefix("https://") || value.hasPrefix("http://"), value.count > 8,
            !value.contains(where: \.isWhitespace)
        else { return nil }
        return value.hasSuffix("/") ? value : value + "/"
    }

    /// This configuration with `--base-url` in place of `base_url`, when given.
    func overriding(baseURL: String?) -> SiteConfiguration {
        guard let baseURL else { return self }
        var copy = self
        copy.baseURL = baseURL
        return copy
    }
}
