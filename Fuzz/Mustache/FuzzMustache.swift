import FuzzSupport
import Mustache

/// Mustache templates: parse and render, with partials and parents among them. No crash, no hang,
/// and a syntax error names its template.
enum MustacheTarget {
    static let names = ["page", "part", "layout"]

    /// Data shaped like a page's: strings that need escaping, lists, nested objects, empty values.
    static let context: TemplateValue = [
        "title": "<b>Tom & \"Jerry\"</b>", "count": 3, "ratio": 0.5, "flag": true, "off": false, "none": nil,
        "empty": "", "items": [["name": "a", "url": "a.html"], ["name": "b", "items": ["x", "y"]]],
        "page": ["title": "inner", "tags": ["one", "two"], "meta": ["depth": ["deeper": "yes"]]],
    ]

    static func run(_ bytes: [UInt8]) {
        // NUL separates the templates: page, then its partial and its parent.
        let parts = bytes.split(separator: 0, maxSplits: names.count - 1, omittingEmptySubsequences: false)
        var sources: [String: String] = [:]
        for (name, part) in zip(names, parts) { sources[name] = String(decoding: part, as: UTF8.self) }
        let library: TemplateLibrary
        do {
            library = try TemplateLibrary(sources: sources)
        } catch {
            FuzzReplay.check(names.contains(error.template), "an error naming no template: \(error)")
            FuzzReplay.check(error.line >= 1 && error.column >= 1, "an error at no place: \(error)")
            return
        }
        for name in library.names {
            _ = try? library.render(name, with: context)
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    MustacheTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if !FUZZING
    @main enum Replay {
        static func main() { FuzzReplay.main(MustacheTarget.run) }
    }
#endif
