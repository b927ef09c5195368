import HTMLText

extension WebEmbed {
    /// The page's HTML for `address` written as an image with `alt` and `title`, or nil for an
    /// image (cmark's `<img>`). A video is a poster: a link to the video that loads nothing from
    /// its host; the theme's `video.js` turns it into the player on a click (``HTMLFeatures``
    /// finds `<span class="video-embed"`). `linked`: the image is inside the author's own link,
    /// where a second link cannot go, so only its words are written. The alt text and the
    /// address always reach the page.
    func html(
        address: String, alt: String, title: String, linked: Bool, strings: InterfaceStrings = .english
    ) -> String? {
        let label = (alt.isEmpty ? address : alt).htmlEscaped
        let href = address.htmlEscaped
        let titleAttribute = title.isEmpty ? "" : " title=\"\(title.htmlEscaped)\""
        switch self {
        case .image:
            return nil
        case .link:
            return linked ? label : "<a href=\"\(href)\"\(titleAttribute)>\(label)</a>"
        case .post(let user):
            let site = "<span class=\"link-card-site\">X (Twitter)</span>"
            let heading = alt.isEmpty ? strings.text("post_by", ["user": user]).htmlEscaped : label
            let body =
                site + "<span class=\"link-card-title\">\(heading)</span>"
                + "<span class=\"link-card-url\">\(href)</span>"
            guard !linked else { return "<span class=\"link-card\">\(body)</span>" }
            return "<a class=\"link-card\" href=\"\(href)\"\(titleAttribute)>\(body)</a>"
        case .youtube, .vimeo:
            guard let (provider, player) = self.player else { return nil }
            let frameTitle =
                (alt.isEmpty
                ? (title.isEmpty ? strings.text("video_of", ["provider": provider]) : title) : alt)
                .htmlEscaped
            let inside =
                "<span class=\"video-play\" aria-hidden=\"true\"></span>"
                + "<span class=\"video-label\">\(label)</span>"
                + "<span class=\"video-host\">\(provider)</span>"
            var html = "<span class=\"video-embed\" data-provider=\"\(provider.lowercased())\""
            if case .youtube(_, _, true) = self { html += " data-shape=\"portrait\"" }
            html += ">"
            if linked {
                html += "<span class=\"video-poster\">\(inside)</span>"
            } else {
                html += "<a class=\"video-poster\" href=\"\(href)\"\(titleAttribute)"
                html += " data-player=\"\(player.htmlEscaped)\" data-player-title=\"\(frameTitle)\">"
                html += inside + "</a>"
            }
            return html + "</span>"
        }
    }

    /// The host's name and the address of its player, which the poster loads on a click (so it
    /// starts playing): YouTube's without cookies, Vimeo's without tracking.
    var player: (provider: String, source: String)? {
        switch self {
        case .youtube(let id, let start, _):
            return (
                "YouTube",
                "https://www.youtube-nocookie.com/embed/\(id)?autoplay=1"
                    + (start.map { "&start=\($0)" } ?? "")
            )
        case .vimeo(let id, let hash, let start):
            var source = "https://player.vimeo.com/video/\(id)?autoplay=1&dnt=1"
            if let hash, hash.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
                source += "&h=\(hash)"
            }
            return ("Vimeo", source + (start.map { "#t=\($0)s" } ?? ""))
        case .post, .image, .link:
            return nil
        }
    }
}
