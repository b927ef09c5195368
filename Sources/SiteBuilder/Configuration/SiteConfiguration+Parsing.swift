import ImagePipeline
public import NoteModel
import YAMLReader

extension SiteConfiguration {
    /// Reads `notesite.yml`. Problems become diagnostics; a bad value keeps its default.
    public static func parse(_ text: String, file: String) -> (SiteConfiguration, [Diagnostic]) {
        var configuration = SiteConfiguration()
        let root: YAMLNode?
        do {
            root = try YAMLReader.parse(text, file: file)
        } catch {
            return (configuration, [error.diagnostic])
        }
        guard let root else { return (configuration, []) }
        guard case .mapping(let entries) = root.kind else {
            let message = "\(fileName) must be a mapping of settings, found \(root.typeDescription)"
            return (configuration, [.error(message, at: root.location)])
        }
        var diagnostics: [Diagnostic] = []
        var seen: Set<String> = []
        for entry in entries {
            guard case .scalar(let key, _) = entry.key.kind else { continue }
            guard let setter = keys[key] ?? graphKeys[key] ?? languageKeys[key] else {
                let known = (Array(keys.keys) + graphKeys.keys + languageKeys.keys).sorted().joined(
                    separator: ", ")
                diagnostics.append(
                    .warning("unknown setting '\(key)' (known: \(known))", at: entry.key.location))
                continue
            }
            if !seen.insert(key).inserted {
                diagnostics.append(
                    .warning("setting '\(key)' is given twice; the last wins", at: entry.key.location))
            }
            if let problem = setter(&configuration, entry.value) {
                diagnostics.append(.error("'\(key)' \(problem)", at: entry.value.location))
            }
        }
        return (configuration, diagnostics)
    }

    /// Each key's setter returns nil, or what is wrong with the value.
    typealias Setter = @Sendable (inout SiteConfiguration, YAMLNode) -> String?

    static let keys: [String: Setter] = [
        "protect": protectSetter,
        "opaque_urls": opaqueURLsSetter,
        "keep_unlocked": keepUnlockedSetter,
        "title": text { $0.title = $1 },
        "description": text { $0.description = $1 },
        "author": text { $0.author = $1 },
        "base_url": text { configuration, value in
            guard value.hasPrefix("https://") || value.hasPrefix("http://"), !value.contains(" ") else {
                return
                    "must be an absolute http(s) URL such as 'https://example.org/notes/', found '\(value)'"
            }
            configuration.baseURL = value.hasSuffix("/") ? value : value + "/"
            return nil
        },
        "exclude": { configuration, node in
            switch node.kind {
            case .scalar(let value, _) where !value.isEmpty:
                configuration.exclude = [value]
            case .sequence(let items):
                var patterns: [String] = []
                for item in items {
                    guard case .scalar(let value, _) = item.kind, !value.isEmpty else {
                        return "must be a list of path patterns, found \(item.typeDescription) in it"
                    }
                    patterns.append(value)
                }
                configuration.exclude = patterns
            default:
                return "must be a list of path patterns, found \(node.typeDescription)"
            }
            return nil
        },
        "output": text { configuration, value in
            guard isFolderInsideVault(value), value != "." else {
                return
                    "must be a folder inside the vault, found '\(value)'; to build outside the vault, name the folder on the command line"
            }
            configuration.output = value
            return nil
        },
        "urls": text { configuration, value in
            guard let style = URLStyle(rawValue: value) else {
                return "must be 'files' or 'pretty', found '\(value)'"
            }
            configuration.urls = style
            return nil
        },
        "theme": text { configuration, value in
            guard isFolderInsideVault(value) else {
                return "must be a folder inside the vault, found '\(value)'"
            }
            configuration.theme = value
            return nil
        },
        "allow_html": { configuration, node in
            guard case .bool(let value) = node.scalarValue else {
                return "must be true or false, found \(node.typeDescription)"
            }
            configuration.allowHTML = value
            return nil
        },
        "embed_hosts": { configuration, node in
            let wanted = "must be a list of host names such as 'www.youtube.com'"
            let items: [YAMLNode]
            switch node.kind {
            case .sequence(let list): items = list
            case .scalar where node.scalarValue != .null: items = [node]
            default: return "\(wanted), found \(node.typeDescription)"
            }
            var hosts: [String] = []
            for item in items {
                guard case .scalar(let value, _) = item.kind, isHostName(value) else {
                    let found =
                        if case .scalar(let value, _) = item.kind { "'\(value)'" } else {
                            item.typeDescription
                        }
                    return "\(wanted), found \(found)"
                }
                hosts.append(value.lowercased())
            }
            configuration.embedHosts = hosts
            return nil
        },
        "image_format": text { configuration, value in
            guard let policy = ImageFormatPolicy(setting: value) else {
                return "must be one of auto, png, jpeg, webp, avif, original; found '\(value)'"
            }
            configuration.imageFormat = policy
            return nil
        },
        "image_quality": { configuration, node in
            guard case .int(let value) = node.scalarValue, (1...100).contains(value) else {
                return "must be a whole number from 1 to 100, found \(node.typeDescription)"
            }
            configuration.imageQuality = value
            return nil
        },
        "max_pixels": { configuration, node in
            guard case .int(let value) = node.scalarValue, value >= 1 else {
                return
                    "must be a whole number of pixels (100000000 is 100 megapixels), found \(node.typeDescription)"
            }
            configuration.maxPixels = value
            return nil
        },
        "image_timeout": { configuration, node in
            let seconds: Double? =
                switch node.scalarValue {
                case .int(let value): Double(value)
                case .double(let value): value
                default: nil
                }
            guard let seconds, seconds > 0, seconds.isFinite else {
                return "must be a number of seconds above 0, found \(node.typeDescription)"
            }
            configuration.imageTimeout = seconds
            return nil
        },
        "cache": { configuration, node in
            switch node.scalarValue {
            case .bool(false): configuration.cache = nil
            case .string(let folder)
            where isFolderInsideVault(folder):
                configuration.cache = folder
            default:
                return
                    "must be a folder inside the vault, or false for no cache; found \(node.typeDescription)"
            }
            return nil
        },
        "inline": text { configuration, value in
            guard let inlining = ImageInlining(rawValue: value) else {
                return "must be one of always, auto, never; found '\(value)'"
            }
            configuration.inline = inlining
            return nil
        },
        "inline_max_bytes": bytes { $0.inlineMaxBytes = $1 },
        "page_budget_bytes": bytes { $0.pageBudgetBytes = $1 },
        "preview_width": { configuration, node in
            switch node.scalarValue {
            case .bool(false), .null:
                configuration.previewWidth = nil
                return nil
            case .int(let value) where (16...16384).contains(value):
                configuration.previewWidth = value
                return nil
            default:
                return "must be a width in pixels from 16 to 16384, or false; found \(node.typeDescription)"
            }
        },
        "highlight": { configuration, node in
            guard case .bool(let value) = node.scalarValue else {
                return "must be true or false, found \(node.typeDescription)"
            }
            configuration.highlight = value
            return nil
        },
        "search": { configuration, node in
            guard case .bool(let value) = node.scalarValue else {
                return "must be true or false, found \(node.typeDescription)"
            }
            configuration.search = value
            return nil
        },
        "social_cards": { configuration, node in
            guard case .bool(let value) = node.scalarValue else {
                return "must be true or false, found \(node.typeDescription)"
            }
            configuration.socialCards = value
            return nil
        },
        "properties": text { configuration, value in
            switch value {
            case "show": configuration.showProperties = true
            case "hide": configuration.showProperties = false
            default: return "must be 'show' or 'hide', found '\(value)'"
            }
            return nil
        },
        "mermaid": text { configuration, value in
            guard isFolderInsideVault(value), value.hasSuffix(".js") else {
                return "must be a .js file inside the vault (a local mermaid.min.js), found '\(value)'"
            }
            configuration.mermaid = value
            return nil
        },
        "favicon": { configuration, node in
            let wanted = "must be an .ico, .png or .svg file inside the vault"
            guard case .scalar(let value, _) = node.kind, node.scalarValue != .null else {
                return "\(wanted), found \(node.typeDescription)"
            }
            guard isFolderInsideVault(value), Favicon.mimeType(of: value) != nil else {
                return "\(wanted), found '\(value)'"
            }
            configuration.favicon = value
            configuration.faviconLocation = node.location
            return nil
        },
        "explorer": { configuration, node in
            guard case .bool(let value) = node.scalarValue else {
                return "must be true or false, found \(node.typeDescription)"
            }
            configuration.explorer = value
            return nil
        },
        "breadcrumbs": { configuration, node in
            guard case .bool(let value) = node.scalarValue else {
                return "must be true or false, found \(node.typeDescription)"
            }
            configuration.breadcrumbs = value
            return nil
        },
        "link_previews": { configuration, node in
            guard case .bool(let value) = node.scalarValue else {
                return "must be true or false, found \(node.typeDescription)"
            }
            configuration.linkPreviews = value
            return nil
        },
        "recently_updated": { configuration, node in
            guard case .int(let value) = node.scalarValue, (0...1000).contains(value) else {
                return "must be a number of notes from 0 (no list) to 1000, found \(node.typeDescription)"
            }
            configuration.recentlyUpdated = value
            return nil
        },
        "image_width": pixels(in: 16...16384) { $0.imageWidth = $1 },
        "column_width": pixels(in: 160...4096) { $0.columnWidth = $1 },
    ]

    /// A relative path that cannot climb out of the vault (`output`, `theme`, `cache`).
    private static func isFolderInsideVault(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.split(separator: "/").contains("..")
    }

    /// A host name as `embed_hosts` takes it: labels of letters, digits and `-`, no scheme or path.
    private static func isHostName(_ value: String) -> Bool {
        let labels = value.split(separator: ".", omittingEmptySubsequences: false)
        return !value.isEmpty && value.utf8.count <= 253
            && labels.allSatisfy { label in
                !label.isEmpty && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
    }

    /// A setting that takes one line of text.
    private static func text(_ set: @escaping @Sendable (inout SiteConfiguration, String) -> Void) -> Setter {
        text { configuration, value in
            set(&configuration, value)
            return nil
        }
    }

    private static func text(
        _ set: @escaping @Sendable (inout SiteConfiguration, String) -> String?
    ) -> Setter {
        { configuration, node in
            guard case .scalar(let value, _) = node.kind, node.scalarValue != .null else {
                return "must be text, found \(node.typeDescription)"
            }
            return set(&configuration, value)
        }
    }

    /// A size in bytes: a whole number, at least 1.
    private static func bytes(_ set: @escaping @Sendable (inout SiteConfiguration, Int) -> Void) -> Setter {
        { configuration, node in
            guard case .int(let value) = node.scalarValue, value >= 1 else {
                return "must be a whole number of bytes (1000000 is 1 MB), found \(node.typeDescription)"
            }
            set(&configuration, value)
            return nil
        }
    }

    private static func pixels(
        in range: ClosedRange<Int>, _ set: @escaping @Sendable (inout SiteConfiguration, Int) -> Void
    ) -> Setter {
        { configuration, node in
            guard case .int(let value) = node.scalarValue else {
                return "must be a whole number of pixels, found \(node.typeDescription)"
            }
            guard range.contains(value) else {
                return "must be between \(range.lowerBound) and \(range.upperBound), found \(value)"
            }
            set(&configuration, value)
            return nil
        }
    }
}
