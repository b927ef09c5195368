/// What a page shows for a web address written as an image (`![alt](https://...)`), as Obsidian
/// does: a video's player, a post's card, an image, or, for any other page, a link. Nothing is
/// fetched to decide: the address alone tells.
enum WebEmbed: Sendable, Hashable {
    /// A YouTube video (`watch?v=`, `youtu.be/`, `shorts/`, `embed/`, `live/`); `start` in seconds.
    case youtube(id: String, start: Int?, portrait: Bool)
    /// A Vimeo video (`vimeo.com/123`, `vimeo.com/123/abcdef` unlisted, `player.vimeo.com/video/123`).
    case vimeo(id: String, hash: String?, start: Int?)
    /// A post on X or Twitter (`/user/status/123`).
    case post(user: String)
    /// An image address: written as `<img>`, as before.
    case image
    /// Any other web page: a link.
    case link

    /// Nil for what is not an `http:` or `https:` address (`data:` and the like stay images).
    init?(address: String) {
        guard let web = WebAddress(address) else { return nil }
        self = Self.video(web) ?? Self.post(web) ?? (Self.isImage(web) ? .image : .link)
    }

    private static func video(_ web: WebAddress) -> WebEmbed? {
        let segments = web.segments
        if web.host == "youtu.be" || web.isOn("youtube.com") || web.isOn("youtube-nocookie.com") {
            let id: Substring?
            var portrait = false
            if web.host == "youtu.be" {
                id = segments.first
            } else if segments.first == "watch" {
                id = web.value(of: "v").map { Substring($0) }
            } else if segments.count >= 2, ["embed", "shorts", "live", "v"].contains(segments[0]) {
                id = segments[1]
                portrait = segments[0] == "shorts"
            } else {
                id = nil
            }
            guard let id, isVideoID(id) else { return nil }
            let time = web.value(of: "t") ?? web.value(of: "start") ?? fragmentTime(web.fragment)
            return .youtube(id: String(id), start: time.flatMap(seconds), portrait: portrait)
        }
        if web.isOn("vimeo.com") {
            let numbers =
                web.host == "player.vimeo.com" && segments.first == "video"
                ? segments.dropFirst() : segments[...]
            guard let index = numbers.firstIndex(where: { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
                web.host == "player.vimeo.com" || index == numbers.startIndex
                    || ["channels", "groups", "album", "showcase"].contains(numbers[numbers.startIndex])
            else { return nil }
            var hash = web.value(of: "h")
            let next = numbers.index(after: index)
            if hash == nil, next < numbers.endIndex, numbers[next].allSatisfy(\.isHexDigit) {
                hash = String(numbers[next])
            }
            let start = fragmentTime(web.fragment).flatMap(seconds)
            return .vimeo(id: String(numbers[index]), hash: hash, start: start)
        }
        return nil
    }

    private static func post(_ web: WebAddress) -> WebEmbed? {
        guard web.isOn("twitter.com") || web.isOn("x.com") else { return nil }
        let segments = web.segments
        guard segments.count >= 3, segments[1] == "status", segments[2].allSatisfy(\.isASCIIDigit),
            !segments[2].isEmpty
        else { return nil }
        return .post(user: String(segments[0]))
    }

    /// File name extensions of images browsers show.
    static let imageExtensions: Set<String> = [
        "png", "jpg", "jpeg", "jpe", "jfif", "gif", "webp", "avif", "svg", "bmp", "ico", "apng", "tif",
        "tiff", "jxl", "heic", "heif",
    ]

    /// Hosts that serve only images at addresses without an extension (badges, avatars, photo CDNs).
    static let imageHosts = [
        "img.shields.io", "badgen.net", "images.unsplash.com", "i.imgur.com", "pbs.twimg.com", "i.ytimg.com",
        "avatars.githubusercontent.com", "gravatar.com",
    ]

    /// An image address: the path ends in an image extension (the query and fragment are not the
    /// file's name: `photo.jpg?w=800` is an image, `page?img=a.png` is not), or the query names an
    /// image format (`?format=png`, `?fm=webp`, as image services write), or the host only serves
    /// images.
    static func isImage(_ web: WebAddress) -> Bool {
        if let name = web.segments.last, let dot = name.lastIndex(of: ".") {
            let ext = name[name.index(after: dot)...].lowercased()
            if imageExtensions.contains(ext) { return true }
        }
        for (name, value) in web.query where ["format", "fm", "ext", "output"].contains(name.lowercased()) {
            if imageExtensions.contains(value.lowercased()) { return true }
        }
        return imageHosts.contains { web.isOn($0) }
    }

    /// YouTube's ids: 11 of `A-Z a-z 0-9 _ -`.
    private static func isVideoID(_ id: Substring) -> Bool {
        id.utf8.count == 11
            && id.utf8.allSatisfy {
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
                    || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
            }
    }

    /// `t=90` in a fragment (`#t=90`, `#t=1m30s`).
    private static func fragmentTime(_ fragment: String) -> String? {
        fragment.hasPrefix("t=") ? String(fragment.dropFirst(2)) : nil
    }

    /// Seconds from `90`, `90s`, `1m30s`, `1h2m3s`; nil for anything else or zero.
    static func seconds(_ text: String) -> Int? {
        var total = 0
        var number: Int?
        var sawUnit = false
        for character in text {
            if let digit = character.wholeNumberValue, character.isASCII {
                number = (number ?? 0) &* 10 &+ digit
                guard let value = number, value < 1_000_000 else { return nil }
            } else if let value = number, let unit = ["h": 3600, "m": 60, "s": 1][character] {
                total += value * unit
                number = nil
                sawUnit = true
            } else {
                return nil
            }
        }
        if let number {
            guard !sawUnit else { return nil }
            total = number
        }
        return total > 0 ? total : nil
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
