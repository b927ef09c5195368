// swift-tools-version:6.0
import PackageDescription

// libvips and the hundred libraries it needs cost about 16 MB of memory once mapped, libmicrohttpd
// with GnuTLS 2.5 MB: on Linux notesite links neither but loads each on first use (libvips when the
// first image is processed, libmicrohttpd in `serve`: Sources/CShims/lazy_libraries.c).
#if os(Linux)
    let lazyLinking: [LinkerSetting] = []
#else
    let lazyLinking: [LinkerSetting] = [.linkedLibrary("vips"), .linkedLibrary("microhttpd")]
#endif

// Pipeline order: scan -> parse (MarkdownReader) -> model (NoteModel) -> images (ImagePipeline)
// -> HTML (NoteHTML) -> templates (Mustache, DefaultTheme) -> site (SiteBuilder) -> CLI.
let package = Package(
    name: "notesite",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "notesite", targets: ["notesite"])
    ],
    targets: [
        // System libraries from Debian, one module map each.
        .systemLibrary(
            name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        // libvips's headers; the library itself is loaded on first use (CShims/lazy_libraries.c) on Linux.
        .systemLibrary(
            name: "CVips", pkgConfig: "gobject-2.0", providers: [.apt(["libvips-dev"])]),
        // GLib's checksums (SHA-256); GLib comes with libvips.
        .systemLibrary(
            name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(
            name: "CYaml", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // Its header only: the library is loaded by `serve` (CShims/lazy_libraries.c) on Linux.
        .systemLibrary(name: "CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
        // gumbo, the HTML5 parser the sanitizer reads authored HTML with.
        .systemLibrary(name: "CGumbo", pkgConfig: "gumbo", providers: [.apt(["libgumbo-dev"])]),
        // OpenSSL's libcrypto: PBKDF2, AES-256-GCM and random bytes for private notes.
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // Wrappers for the variadic libvips calls Swift cannot make; the functions of both libraries
        // that notesite calls, each loading its library on first use (lazy_functions.h, written by
        // scripts/lazy-symbols).
        .target(name: "CShims", dependencies: ["CVips", "CMicroHTTPD"], linkerSettings: lazyLinking),
        // Wrappers for libmicrohttpd's variadic start call and its macros.
        .target(name: "CMHDShims", dependencies: ["CMicroHTTPD", "CShims"]),

        .target(name: "NoteModel"),
        // Programs run as child processes with posix_spawn (Foundation's Process can crash on Linux).
        .target(name: "CChildProcess"),
        .target(name: "ChildProcess", dependencies: ["CChildProcess"]),
        // Glibc's file calls that need pointers (writing and comparing bytes lent as a span, a
        // folder's entries), behind safe functions.
        .target(name: "POSIXFiles"),
        // SHA-256 (GLib's) for cache keys and content-addressed names; the one 64-bit hash for
        // keys in memory.
        .target(name: "ContentDigest", dependencies: ["CGLib"]),
        // The one HTML escaper, shared by the HTML writer, the templates, the site and the server;
        // JSON strings safe inside a script, for the site's data scripts.
        .target(name: "HTMLText"),
        // Private notes sealed for the browser to open: libcrypto behind a safe API.
        .target(name: "NoteCrypto", dependencies: ["CCrypto"]),
        .target(name: "YAMLReader", dependencies: ["CYaml", "NoteModel"]),
        // libcmark's memory for one read, from an arena released at once (Sources/CCmarkArena).
        .target(name: "CCmarkArena", linkerSettings: [.linkedLibrary("cmark")]),
        .target(name: "MarkdownReader", dependencies: ["CCmark", "CCmarkArena", "NoteModel", "YAMLReader"]),
        .target(name: "NoteHTML", dependencies: ["NoteModel", "HTMLText"]),
        // Authored HTML in notes: parsed as one fragment with the rendered Markdown, kept by an allowlist.
        .target(name: "HTMLSanitizer", dependencies: ["CGumbo", "HTMLText"]),
        .target(name: "ImagePipeline", dependencies: ["CVips", "CShims", "NoteModel", "ContentDigest"]),
        .target(name: "Mustache", dependencies: ["HTMLText"]),
        // The search index the pages' script reads: notes' words to terms, postings and text shards.
        .target(name: "SearchIndex", dependencies: ["NoteModel", "HTMLText", "ContentDigest"]),
        // A force-directed layout of a graph (Barnes-Hut), the same picture for the same graph.
        .target(name: "GraphLayout"),
        // JSON Canvas 1.0 boards (`.canvas`): the model, read with the place of every node and string.
        .target(name: "JSONCanvas", dependencies: ["NoteModel"]),
        // Pygments helper processes, fed in batches, with their cache.
        .target(name: "CodeHighlighter", dependencies: ["HTMLText", "ChildProcess", "ContentDigest"]),
        // The default theme, embedded into the binary so notesite runs from anywhere.
        .target(
            name: "DefaultTheme", path: "Templates",
            resources: [.embedInCode("theme")]),
        // Obsidian Bases: `.base` files read (YAML, an expression language) and evaluated over rows
        // of notes into views of columns, groups and summaries.
        .target(name: "Bases", dependencies: ["NoteModel", "YAMLReader"]),
        .target(
            name: "SiteBuilder",
            dependencies: [
                "YAMLReader", "NoteModel", "MarkdownReader", "NoteHTML", "ImagePipeline", "Mustache",
                "HTMLText",
                "DefaultTheme", "CodeHighlighter", "ContentDigest", "SearchIndex",
                "Bases", "GraphLayout", "HTMLSanitizer", "JSONCanvas", "POSIXFiles", "NoteCrypto",
            ]),
        .target(
            name: "DevServer",
            dependencies: [
                "CMicroHTTPD", "CMHDShims", "SiteBuilder", "NoteModel", "HTMLText", "ContentDigest",
            ]),
        .target(
            name: "NotesiteCLI",
            dependencies: [
                "SiteBuilder", "MarkdownReader", "NoteHTML", "DevServer", "CYaml", "CMicroHTTPD", "CShims",
                "ChildProcess",
            ]),
        // jemalloc (Debian's libjemalloc2) as the program's malloc on Linux: a build allocates and
        // frees millions of small blocks from two threads, and glibc's malloc spent about a seventh
        // of its CPU doing so (scripts/bench-build: 5.04 s of CPU with glibc, 4.42 s with jemalloc).
        .executableTarget(
            name: "notesite", dependencies: ["NotesiteCLI"],
            linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]),

        .testTarget(
            name: "MarkdownReaderTests",
            dependencies: [
                "MarkdownReader", "NoteHTML", "CCmark", "CCmarkArena", "TestSupport", "ChildProcess",
            ],
            exclude: ["gfm-known-differences.json"]),
        // The model on its own: building, walking (by bytes as by String), a corrupt model written safely.
        .testTarget(
            name: "NoteModelTests", dependencies: ["NoteModel", "NoteHTML", "MarkdownReader", "TestSupport"]),
        // The HTML writer's code hooks, and the writer on models made by hand.
        .testTarget(name: "NoteHTMLTests", dependencies: ["NoteHTML", "NoteModel", "MarkdownReader"]),
        .testTarget(
            name: "ImagePipelineTests", dependencies: ["ImagePipeline", "CVips", "CShims", "ContentDigest"]),
        .testTarget(name: "ContentDigestTests", dependencies: ["ContentDigest", "TestSupport"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        // Boards read from the spec's sample and from broken files.
        .testTarget(name: "JSONCanvasTests", dependencies: ["JSONCanvas", "NoteModel"]),
        .testTarget(name: "HTMLTextTests", dependencies: ["HTMLText"]),
        // Seal and open round trips, refusals, and the parameters block read strictly.
        .testTarget(name: "NoteCryptoTests", dependencies: ["NoteCrypto", "TestSupport"]),
        .testTarget(name: "HTMLSanitizerTests", dependencies: ["HTMLSanitizer", "CGumbo", "TestSupport"]),
        .testTarget(name: "CodeHighlighterTests", dependencies: ["CodeHighlighter", "TestSupport"]),
        .testTarget(name: "ChildProcessTests", dependencies: ["ChildProcess"]),
        .testTarget(name: "POSIXFilesTests", dependencies: ["POSIXFiles"]),
        .testTarget(name: "YAMLReaderTests", dependencies: ["YAMLReader", "TestSupport"]),
        .testTarget(name: "BasesTests", dependencies: ["Bases", "NoteModel"]),
        // What several test targets share (a thread's CPU clock for the linear-time bounds).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "SiteBuilderTests",
            dependencies: [
                "SiteBuilder", "SearchIndex", "GraphLayout", "ChildProcess", "TestSupport", "JSONCanvas",
                "NoteCrypto",
            ]),
        // The search index's fast parts against plain definitions: tokenizer, postings, vocabulary, shards.
        .testTarget(
            name: "SearchIndexTests",
            dependencies: ["SearchIndex", "HTMLText", "MarkdownReader", "NoteModel", "TestSupport"]),
        // The layout the same at any number of threads; the quadtree's pushes summed in one fixed order.
        .testTarget(name: "GraphLayoutTests", dependencies: ["GraphLayout"]),
        .testTarget(name: "NotesiteCLITests", dependencies: ["NotesiteCLI", "YAMLReader", "ChildProcess"]),
        .testTarget(name: "DefaultThemeTests", dependencies: ["DefaultTheme", "Mustache"]),
        .testTarget(
            name: "DevServerTests", dependencies: ["DevServer", "SiteBuilder", "ChildProcess"],
            exclude: ["Browser"]),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets (Fuzz/), run by scripts/fuzz. A plain build makes each a replayer of input
// files, so they always compile and a crash found by the fuzzer can be rerun without it.
package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/Support"))
for (name, dependencies) in [
    ("Markdown", ["MarkdownReader", "NoteHTML", "NoteModel"]),
    ("FrontMatter", ["MarkdownReader", "SiteBuilder", "YAMLReader"]),
    ("Mustache", ["Mustache"]), ("Images", ["ImagePipeline"]), ("RequestPath", ["DevServer"]),
    ("HTMLSanitizer", ["HTMLSanitizer"]), ("Bases", ["Bases"]),
    ("Canvas", ["JSONCanvas", "SiteBuilder", "HTMLSanitizer", "HTMLText", "NoteModel"]),
] {
    package.targets.append(
        .executableTarget(
            name: "Fuzz\(name)", dependencies: ["FuzzSupport"] + dependencies.map { .target(name: $0) },
            path: "Fuzz/\(name)"))
}
