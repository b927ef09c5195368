/// The `Content-Type` the server sends for a site file, chosen by its extension.
enum ContentType {
    static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "map": "application/json",
        "xml": "application/xml",
        "rss": "application/rss+xml",
        "atom": "application/atom+xml",
        "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/x-icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "pdf": "application/pdf",
        "wasm": "application/wasm",
        "mp4": "video/mp4",
        "webm": "video/webm",
        "mp3": "audio/mpeg",
        "ogg": "audio/ogg",
        "wav": "audio/wav",
    ]

    static let fallback = "application/octet-stream"

    /// `trips/lisbon.html` -> `text/html; charset=utf-8`; unknown or missing extensions are bytes.
    static func forPath(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? fallback
    }
}
