public import NoteModel
import YAMLReader

/// Everything `notesite.yml` can set, typed, with the defaults a vault without one gets.
/// Later stages add their settings here, each with one entry in `SiteConfiguration.keys`.
public struct SiteConfiguration: Sendable, Hashable {
    /// The site's name, in the header of every page and the home page's title;
    /// nil means the vault folder's name.
    public var title: String?
    /// The widest image rendition in device pixels (1440 fills a 720 px column at 2x).
    public var imageWidth = 1440
    /// The reading column in CSS pixels; image `width`/`height` attributes fit inside it.
    public var columnWidth = 720
    /// Raw HTML in notes is left out unless this is on (then it is kept as written).
    public var allowHTML = false

    public init() {}

    /// The name of the configuration file in the vault's root.
    public static let fileName = "notesite.yml"
}

extension SiteConfiguration {
    /// Reads `notesite.yml`. Problems become diagnostics; a bad value keeps its default.
    public static func parse(_ text: String, file: String) -> (SiteConfiguration, [Diagnostic]) {
        var configuration = SiteConfiguration()
        var diagnostics: [Diagnostic] = []
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
        var seen: Set<String> = []
        for entry in entries {
            guard case .scalar(let key, _) = entry.key.kind else { continue }
            guard let setting = keys[key] else {
                let known = keys.keys.sorted().joined(separator: ", ")
                diagnostics.append(
                    .warning("unknown setting '\(key)' (known: \(known))", at: entry.key.location))
                continue
            }
            if !seen.insert(key).inserted {
                diagnostics.append(
                    .warning("setting '\(key)' is given twice; the last wins", at: entry.key.location))
            }
            if let problem = setting(&configuration, entry.value) {
                diagnostics.append(.error("'\(key)' \(problem)", at: entry.value.location))
            }
        }
        return (configuration, diagnostics)
    }

    /// Each key's setter returns nil or what is wrong with the value.
    typealias Setter = @Sendable (inout SiteConfiguration, YAMLNode) -> String?

    static let keys: [String: Setter] = [
        "title": { configuration, node in
            guard case .scalar(let text, _) = node.kind, !text.isEmpty else {
                return "must be text, found \(node.typeDescription)"
            }
            configuration.title = text
            return nil
        },
        "allow_html": { configuration, node in
            guard case .bool(let value) = node.scalarValue else {
                return "must be true or false, found \(node.typeDescription)"
            }
            configuration.allowHTML = value
            return nil
        },
        "image_width": { configuration, node in
            positiveInt(node, in: 16...16384).map { configuration.imageWidth = $0 }.failure
        },
        "column_width": { configuration, node in
            positiveInt(node, in: 160...4096).map { configuration.columnWidth = $0 }.failure
        },
    ]

    private static func positiveInt(_ node: YAMLNode, in range: ClosedRange<Int>) -> Result<Int, Problem> {
        guard case .int(let value) = node.scalarValue else {
            return .failure(Problem("must be a whole number of pixels, found \(node.typeDescription)"))
        }
        guard range.contains(value) else {
            return .failure(
                Problem("must be between \(range.lowerBound) and \(range.upperBound), found \(value)"))
        }
        return .success(value)
    }

    struct Problem: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }
}

extension Result where Failure == SiteConfiguration.Problem {
    fileprivate var failure: String? {
        if case .failure(let problem) = self { return problem.text }
        return nil
    }
}
