/// How an embedded file that is not an image or a note shows in a page (`![[talk.mp3]]`).
enum EmbeddedFile {
    static let audio: Set<String> = ["mp3", "wav", "ogg", "oga", "m4a", "flac", "aac", "opus"]
    static let video: Set<String> = ["mp4", "webm", "ogv", "mov", "m4v"]

    static func html(for path: String, href: String) -> String {
        let name = String(path.split(separator: "/").last ?? Substring(path))
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        let link = "<a class=\"embed-download\" href=\"\(href.htmlEscaped)\" download>\(name.htmlEscaped)</a>"
        switch ext {
        case "pdf":
            return
                "<div class=\"embed embed-pdf\">\n<object data=\"\(href.htmlEscaped)\" type=\"application/pdf\">"
                + "</object>\n<p>\(link)</p>\n</div>\n"
        case _ where audio.contains(ext):
            return
                "<div class=\"embed embed-audio\"><audio controls preload=\"metadata\" src=\"\(href.htmlEscaped)\">"
                + "</audio><p>\(link)</p></div>\n"
        case _ where video.contains(ext):
            return
                "<div class=\"embed embed-video\"><video controls preload=\"metadata\" src=\"\(href.htmlEscaped)\">"
                + "</video><p>\(link)</p></div>\n"
        default:
            return "<p class=\"embed embed-file\">\(link)</p>\n"
        }
    }
}
