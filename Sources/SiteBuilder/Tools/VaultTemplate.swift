public import Foundation

/// `notesite init`: the files of a new vault, a welcome note with a picture, every setting
/// written out and commented, and a `.gitignore` for what builds make.
public enum VaultTemplate {
    public enum Problem: Error, CustomStringConvertible {
        case notEmpty(String)
        case notAFolder(String)
        case cannotWrite(String, String)

        public var description: String {
            switch self {
            case .notEmpty(let path):
                "'\(path)' is not empty; choose an empty or new folder, or allow adding the files anyway (existing files are kept)"
            case .notAFolder(let path): "'\(path)' is a file, not a folder"
            case .cannotWrite(let path, let reason): "cannot write '\(path)': \(reason)"
            }
        }
    }

    /// Vault-relative paths and contents, in the order they are written.
    public static func files(title: String) -> [(path: String, contents: Data)] {
        [
            ("index.md", Data(welcome(title: title).utf8)),
            ("images/notesite.svg", Data(picture().utf8)),
            (SiteConfiguration.fileName, Data(configuration(title: title).utf8)),
            (
                ".gitignore",
                Data("# Made by `notesite build`, and its image cache\n_site/\n.notesite-cache/\n".utf8)
            ),
        ]
    }

    /// Writes the template into `folder` (made if missing). A folder with anything in it is refused
    /// unless `force`; even then, files already there are kept. Returns the paths written and kept.
    public static func create(in folder: URL, force: Bool) throws(Problem) -> (
        written: [String], kept: [String]
    ) {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .notAFolder(folder.path) }
            let contents = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
            if !contents.isEmpty && !force { throw .notEmpty(folder.path) }
        }
        let title = folder.standardizedFileURL.lastPathComponent
        var written: [String] = []
        var kept: [String] = []
        for (path, contents) in files(title: title.isEmpty ? "Notes" : title) {
            let url = folder.appendingPathComponent(path)
            if manager.fileExists(atPath: url.path) {
                kept.append(path)
                continue
            }
            do {
                try manager.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try contents.write(to: url, options: .withoutOverwriting)
            } catch {
                throw .cannotWrite(url.path, error.localizedDescription)
            }
            written.append(path)
        }
        return (written, kept)
    }

    static func welcome(title: String) -> String {
        """
        ---
        title: Welcome
        tags: [start]
        ---
        # Welcome to \(title)

        This folder is a vault: every Markdown note in it becomes a page, and the images beside the
        notes are resized and inlined into the pages. Build it with:

        ```sh
        notesite build      # writes the site into _site/
        notesite serve      # or: see it in the browser, rebuilt as you write
        ```

        ![[notesite.svg]]

        Link notes with `[[Another note]]` or `[text](Another%20note.md)`, add a picture with
        `![[photo.jpg]]`, and change the settings in `notesite.yml`: every one is listed there,
        commented out, with its default.

        """
    }

    /// The picture in the welcome note, drawn here so the template needs no binary file.
    static func picture() -> String {
        var bars = ""
        for index in 0..<8 {
            let height = 40 + (index * 37) % 120
            bars +=
                "  <rect x=\"\(40 + index * 70)\" y=\"\(260 - height)\" width=\"50\" height=\"\(height)\" rx=\"6\" fill=\"hsl(\(200 + index * 12), 60%, 55%)\"/>\n"
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="640" height="320" viewBox="0 0 640 320">
              <rect width="640" height="320" fill="#f4f1ea"/>
            \(bars)  <text x="320" y="300" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#333">notes in, a website out</text>
            </svg>

            """
    }

    /// `text` as a double-quoted YAML scalar, whatever it contains.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }

    static func configuration(title: String) -> String {
        let defaults = SiteConfiguration()
        return """
            # notesite settings. Every key is optional; each is shown here with its default, commented out.
            # Remove the `#` to change one. The guide's Configuration page explains them all.

            title: \(quoted(title))   # the site's name (default: the vault folder's name)
            # description: ""               # one sentence about the site, for the home page
            # author: ""                    # who writes the notes (templates: site.author)
            # language: en                  # the pages' language, a BCP 47 tag such as de or pt-BR
            # base_url: https://example.org/notes/   # where the site is published; enables sitemap.xml and feed.xml
            # social_cards: \(defaults.socialCards)            # with base_url, a link-card picture per page (cards/)
            # output: _site                 # where `notesite build` writes the site (--output wins)
            # exclude: [templates/, private/]   # paths left out: folder/, *.name, or a/**/path patterns
            # urls: files                   # files (trips/lisbon.html) or pretty (trips/lisbon/)
            # theme: _theme                 # folder whose files override the default theme's
            # allow_html: false             # true trusts HTML in notes as written; false keeps only safe HTML
            # embed_hosts: [\(defaults.embedHosts.joined(separator: ", "))]   # video players kept in safe HTML
            # properties: show              # show each note's front matter properties (show or hide)
            # recently_updated: \(defaults.recentlyUpdated)          # notes the home page lists by last update (0: none)
            # image_width: \(defaults.imageWidth)             # widest image rendition, in pixels (2x the column)
            # column_width: \(defaults.columnWidth)             # the reading column, in CSS pixels
            # image_format: auto            # auto, png, jpeg, webp, avif or original
            # image_quality: 80             # encoder quality 1-100 (default: each format's own)
            # max_pixels: \(defaults.maxPixels)         # larger images are refused (100 megapixels)
            # image_timeout: \(Int(defaults.imageTimeout))             # seconds one image may take before it is an error
            # inline: always                # images in the pages (always), as files (never), or auto
            # inline_max_bytes: \(defaults.inlineMaxBytes)      # with inline: auto, larger renditions become files
            # page_budget_bytes: \(defaults.pageBudgetBytes)    # warn when a page's inlined images pass this
            # preview_width: false          # a wider rendition for the click-to-enlarge preview, in pixels
            # cache: .notesite-cache        # image rendition cache folder, or false; keep it between CI runs

            """
    }
}
