import Foundation
import NoteHTML
import Testing

@testable import SiteBuilder

/// Web addresses written as images: videos become posters, posts cards, other pages links, and
/// image addresses stay images.
struct WebEmbedTests {
    @Test(arguments: [
        ("https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ", nil as Int?, false),
        ("http://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=90", "dQw4w9WgXcQ", 90, false),
        ("https://m.youtube.com/watch?v=dQw4w9WgXcQ#t=1m5s", "dQw4w9WgXcQ", 65, false),
        ("https://youtu.be/dQw4w9WgXcQ", "dQw4w9WgXcQ", nil, false),
        ("https://youtu.be/dQw4w9WgXcQ?si=abc&t=1h2m3s", "dQw4w9WgXcQ", 3723, false),
        ("https://www.youtube.com/shorts/abcdefghijk", "abcdefghijk", nil, true),
        ("https://www.youtube.com/embed/dQw4w9WgXcQ?start=42", "dQw4w9WgXcQ", 42, false),
        ("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ", nil, false),
        ("HTTPS://WWW.YOUTUBE.COM/watch?v=A-b_c1234Zz&t=30s", "A-b_c1234Zz", 30, false),
        ("https://www.youtube.com/live/dQw4w9WgXcQ", "dQw4w9WgXcQ", nil, false),
    ])
    func youTubeAddresses(address: String, id: String, start: Int?, portrait: Bool) {
        #expect(
            WebEmbed(address: address) == .youtube(id: id, start: start, portrait: portrait), "\(address)")
    }

    @Test(arguments: [
        ("https://vimeo.com/76979871", "76979871", nil as String?, nil as Int?),
        ("http://vimeo.com/76979871#t=1m2s", "76979871", nil, 62),
        ("https://vimeo.com/76979871/8a9b0c1d2e", "76979871", "8a9b0c1d2e", nil),
        ("https://player.vimeo.com/video/76979871?h=abc123", "76979871", "abc123", nil),
        ("https://vimeo.com/channels/staffpicks/76979871", "76979871", nil, nil),
    ])
    func vimeoAddresses(address: String, id: String, hash: String?, start: Int?) {
        #expect(WebEmbed(address: address) == .vimeo(id: id, hash: hash, start: start), "\(address)")
    }

    @Test(arguments: [
        ("https://twitter.com/jack/status/20", "jack"),
        ("https://x.com/someone/status/1234567890?s=20", "someone"),
        ("https://mobile.twitter.com/jack/status/20", "jack"),
    ])
    func posts(address: String, user: String) {
        #expect(WebEmbed(address: address) == .post(user: user))
    }

    @Test(arguments: [
        "https://example.com/photo.png", "http://example.com/a/b/photo.JPG",
        "https://example.com/p.jpeg?w=800",
        "https://example.com/anim.gif#frame", "https://example.com/i.webp", "https://example.com/i.avif",
        "https://example.com/logo.svg", "https://images.example.com/photo?fm=webp&w=400",
        "https://cdn.example.com/render?format=PNG", "https://img.shields.io/badge/build-passing-green",
        "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault", "https://user:pw@example.com:8080/x.png",
    ])
    func imageAddressesStayImages(address: String) {
        #expect(WebEmbed(address: address) == .image, "\(address)")
    }

    @Test(arguments: [
        "https://example.com/", "https://example.com/article", "https://example.com/page.html",
        "http://example.com/page?img=a.png", "https://example.com/png",
        "https://www.youtube.com/watch?v=short",
        "https://www.youtube.com/@channel", "https://vimeo.com/about", "https://x.com/someone",
        "https://twitter.com/jack/status/", "https://example.com/photo.png.html",
    ])
    func otherPagesAreLinks(address: String) {
        #expect(WebEmbed(address: address) == .link, "\(address)")
    }

    @Test(arguments: [
        "data:image/png;base64,AAAA", "ftp://example.com/a", "photo.png", "//example.com/x", "",
    ])
    func notWebAddressesAreLeftAlone(address: String) {
        #expect(WebEmbed(address: address) == nil)
    }

    @Test func seconds() {
        #expect(WebEmbed.seconds("90") == 90)
        #expect(WebEmbed.seconds("90s") == 90)
        #expect(WebEmbed.seconds("2m") == 120)
        #expect(WebEmbed.seconds("1h0m1s") == 3601)
        #expect(WebEmbed.seconds("0") == nil)
        #expect(WebEmbed.seconds("1m30") == nil)
        #expect(WebEmbed.seconds("x") == nil)
        #expect(WebEmbed.seconds("99999999999") == nil)
    }

    @Test func aPosterLinksToTheVideoAndNamesThePlayer() throws {
        let embed = WebEmbed.youtube(id: "dQw4w9WgXcQ", start: 30, portrait: false)
        let address = "https://youtu.be/dQw4w9WgXcQ?t=30&x=<\"y\">"
        let html = try #require(
            embed.html(address: address, alt: "A <talk>", title: "T \"1\"", linked: false))
        #expect(html.hasPrefix("<span class=\"video-embed\" data-provider=\"youtube\">"))
        #expect(
            html.contains(
                "<a class=\"video-poster\" href=\"https://youtu.be/dQw4w9WgXcQ?t=30&amp;x=&lt;&quot;y&quot;&gt;\""
            ))
        #expect(html.contains(" title=\"T &quot;1&quot;\""))
        #expect(
            html.contains(
                "data-player=\"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&amp;start=30\""))
        #expect(html.contains("data-player-title=\"A &lt;talk&gt;\""))
        #expect(html.contains("<span class=\"video-label\">A &lt;talk&gt;</span>"))
        #expect(!html.contains("<img") && !html.contains("<iframe"), "nothing loaded from the host")
        let bare = try #require(embed.html(address: address, alt: "", title: "", linked: false))
        #expect(
            bare.contains("<span class=\"video-label\">https://youtu.be/dQw4w9WgXcQ?t=30&amp;x="),
            "the address")
        let vimeo = WebEmbed.vimeo(id: "1", hash: "ab", start: 5).html(
            address: "https://vimeo.com/1/ab", alt: "", title: "", linked: false)
        #expect(
            vimeo?.contains(
                "data-player=\"https://player.vimeo.com/video/1?autoplay=1&amp;dnt=1&amp;h=ab#t=5s\"") == true
        )
        let linked = try #require(embed.html(address: address, alt: "talk", title: "", linked: true))
        #expect(!linked.contains("<a ") && linked.contains("talk"), "no link inside the author's link")
    }

    @Test func aPosterIsAFeatureThePageLoadsTheScriptFor() throws {
        let poster = try #require(
            WebEmbed.vimeo(id: "1", hash: nil, start: nil).html(
                address: "https://vimeo.com/1", alt: "", title: "", linked: false))
        let found = HTMLFeatures(html: Array(("<p>" + poster + "</p>").utf8))
        #expect(found.video && !found.code && !found.math)
        let card = try #require(
            WebEmbed.post(user: "a").html(
                address: "https://x.com/a/status/1", alt: "", title: "", linked: false))
        #expect(!HTMLFeatures(html: Array(card.utf8)).video)
    }

    @Test func aSiteShowsEachKindAndLoadsThePlayerScriptOnlyWhereAVideoIs() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(
            """
            # Media

            ![A talk](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m "The talk")

            ![](https://youtu.be/dQw4w9WgXcQ)

            ![](https://vimeo.com/76979871)

            ![](https://twitter.com/jack/status/20)

            ![An article](https://example.com/article)

            ![](http://example.com/page)

            ![Badge](https://example.com/badge.svg?v=2)

            [![linked](https://youtu.be/dQw4w9WgXcQ)](https://example.com/)
            """, to: "Media.md")
        try vault.write("# Plain\n\n![[Media#Media]]\n", to: "Embeds.md")
        try vault.write("# Other\n\nNo videos here.\n", to: "Other.md")
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let page = try vault.read("_site/media.html")
        #expect(
            page.contains(
                "<a class=\"video-poster\" href=\"https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=1m\" "
                    + "title=\"The talk\" data-player=\"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?"
                    + "autoplay=1&amp;start=60\" data-player-title=\"A talk\">"), "\(page)")
        #expect(page.contains("<span class=\"video-label\">https://youtu.be/dQw4w9WgXcQ</span>"))
        #expect(page.contains("data-player=\"https://player.vimeo.com/video/76979871?autoplay=1&amp;dnt=1\""))
        #expect(
            page.contains(
                "<a class=\"link-card\" href=\"https://twitter.com/jack/status/20\"><span class=\"link-card-site\">"
                    + "X (Twitter)</span><span class=\"link-card-title\">Post by @jack</span>"))
        #expect(page.contains("<a href=\"https://example.com/article\">An article</a>"))
        #expect(page.contains("<a href=\"http://example.com/page\">http://example.com/page</a>"))
        #expect(page.contains("<img src=\"https://example.com/badge.svg?v=2\" alt=\"Badge\" />"), "as before")
        #expect(
            page.contains("<a href=\"https://example.com/\"><span class=\"video-embed\""), "one link only")
        #expect(!page.contains("<img src=\"https://youtu") && !page.contains("<img src=\"https://vimeo"))
        #expect(!page.contains("<iframe"))
        #expect(page.contains("<script src=\"assets/video.js\" defer></script>"))
        #expect(
            try vault.read("_site/embeds.html").contains("<script src=\"assets/video.js\" defer></script>"))
        #expect(!(try vault.read("_site/other.html")).contains("video.js"))
        #expect(try vault.read("_site/assets/video.js").contains("youtube-nocookie.com/embed/"))
    }
}
