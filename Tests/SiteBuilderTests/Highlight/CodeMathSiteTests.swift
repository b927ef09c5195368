import Foundation
import Testing

@testable import SiteBuilder

/// Highlighted code, math and diagrams through a whole build.
@Suite(.serialized) struct CodeMathSiteTests {
    static let pygments =
        FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/pygments/__init__.py")
    static let katex = KaTeXFiles.installed != nil
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    static let code = """
        # Code

        ```python {linenums=true hl_lines="2-3"}
        def greet(name):
            message = "hello " + name  # say it
            return message.upper()
        ```

        ```rust
        fn main() { let x: u32 = 0x1F; println!("{}", x); }
        ```

        ```unknown-language
        <kept> & plain
        ```
        """

    static let formulas = """
        # Formulas

        Inline $\\frac{a}{b}$, $\\sqrt[3]{x^2 + y}$ and $e^{i\\pi} + 1 = 0$; money: $5 and $10.

        $$
        \\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}
        \\begin{bmatrix} a \\\\ b \\end{bmatrix}
        $$

        $$
        \\begin{aligned} f(x) &= (x + 1)^2 \\\\ &= x^2 + 2x + 1 \\end{aligned}
        $$

        Chemistry: $\\ce{H2O + CO2 -> H2CO3}$ and $\\ce{^{227}_{90}Th+}$.

        $$\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}$$
        """

    static func build(_ files: [String: String]) async throws -> (TestVault, BuildReport) {
        let vault = try TestVault()
        for (path, text) in files { try vault.write(text, to: path) }
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        return (vault, report)
    }

    @Test(.enabled(if: pygments || isCI, "python3-pygments is absent")) func codeIsHighlightedAtBuildTime()
        async throws
    {
        let (vault, report) = try await Self.build(["code.md": Self.code, "plain.md": "No code.\n"])
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.stages.map(\.name).contains("highlight"))
        let page = try vault.read("_site/code.html")
        #expect(page.contains("<pre class=\"highlight\"><code class=\"language-python\">"))
        #expect(page.contains("<span class=\"hll\"><span class=\"linenos\">2</span>"))
        #expect(page.contains("<span class=\"k\">fn</span>"))
        #expect(page.contains("<pre><code class=\"language-unknown-language\">&lt;kept&gt; &amp; plain\n"))
        #expect(page.contains("assets/code.js"))
        #expect(!(try vault.read("_site/plain.html")).contains("assets/code.js"))
        // The cache answers the second build.
        let again = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        #expect(try vault.read("_site/code.html") == page)
        #expect(vault.exists(".notesite-cache/highlight/entries.pack"))
        #expect(again.diagnostics.isEmpty)
        // `notesite clean --cache` takes the highlighting cache too.
        #expect(CacheCleaning.removeCache(vault: vault.root) != nil)
        #expect(!vault.exists(".notesite-cache"))
    }

    @Test func highlightFalseWritesCodeAsCmarkDoes() async throws {
        let (vault, report) = try await Self.build([
            "code.md": Self.code, "notesite.yml": "highlight: false\n",
        ])
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let page = try vault.read("_site/code.html")
        #expect(page.contains("<pre><code class=\"language-python\">def greet(name):\n"))
        #expect(!page.contains("class=\"highlight\""))
        #expect(!vault.exists(".notesite-cache/highlight/entries.pack"))
    }

    @Test(.enabled(if: katex || isCI, "libjs-katex is absent")) func katexOnlyWhereMathIs() async throws {
        let (vault, report) = try await Self.build(["formulas.md": Self.formulas, "plain.md": "No math.\n"])
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let page = try vault.read("_site/formulas.html")
        #expect(page.contains("assets/katex/katex.min.js"))
        #expect(page.contains("<span class=\"math inline\">\\(\\frac{a}{b}\\)</span>"))
        #expect(!(try vault.read("_site/plain.html")).contains("katex"))
        let css = try vault.read("_site/assets/katex/katex.css")
        #expect(css.contains("url(data:font/woff2;base64,"))
        #expect(!css.contains("url(fonts/"))
        #expect(vault.exists("_site/assets/katex/mhchem.js"))

        let (none, _) = try await Self.build(["plain.md": "No math, $5 and $10.\n"])
        defer { none.remove() }
        #expect(!none.exists("_site/assets/katex"))
    }

    @Test func diagramsKeepTheirSourceWithoutAScript() async throws {
        let (vault, report) = try await Self.build(["d.md": "```mermaid\ngraph TD; A-->B\n```\n"])
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty)
        let page = try vault.read("_site/d.html")
        #expect(page.contains("<pre class=\"mermaid\">graph TD; A--&gt;B\n</pre>"))
        #expect(!page.contains("mermaid.min.js"))
    }

    @Test func theMermaidSettingPublishesAndLoadsTheScript() async throws {
        let (vault, report) = try await Self.build([
            "d.md": "```mermaid\ngraph TD; A-->B\n```\n", "plain.md": "Text.\n",
            "notesite.yml": "mermaid: tools/mermaid.min.js\n",
            "tools/mermaid.min.js": "window.mermaid = {};\n",
        ])
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(try vault.read("_site/assets/mermaid.min.js") == "window.mermaid = {};\n")
        #expect(try vault.read("_site/d.html").contains("assets/mermaid.min.js"))
        #expect(!(try vault.read("_site/plain.html")).contains("mermaid"))

        let (missing, broken) = try await Self.build([
            "d.md": "```mermaid\nx\n```\n", "notesite.yml": "mermaid: nowhere.js\n",
        ])
        defer { missing.remove() }
        #expect(broken.diagnostics.map(\.message) == ["'mermaid' names 'nowhere.js', which cannot be read"])
        #expect(try missing.read("_site/d.html").contains("<pre class=\"mermaid\">x\n</pre>"))
    }

    /// Tests/Browser/code_math_test.py in headless Chromium: token contrast in both schemes, the
    /// copy button, KaTeX with mhchem, a rejected formula, the Mermaid hook, no-JavaScript reading.
    @Test(BrowserScript.timeLimit(minutes: 3)) func codeMathAndDiagramsInARealBrowser() async throws {
        guard BrowserScript.isAvailable() else { return }
        let standIn = """
            window.mermaid = { initialize: function (config) {
              function run() {
                document.querySelectorAll("pre.mermaid").forEach(function (pre) {
                  pre.textContent = "drawn (" + config.theme + "): " + pre.textContent.trim();
                });
              }
              if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run); else run();
            } };
            """
        let (vault, report) = try await Self.build([
            "code.md": Self.code, "formulas.md": Self.formulas,
            "broken.md": "# Broken\n\nGood $x^2$, bad $\\frac{1}{$.\n",
            "diagram.md": "# Diagram\n\n```mermaid\ngraph TD; A-->B\n```\n",
            "notesite.yml": "mermaid: mermaid.min.js\n", "mermaid.min.js": standIn,
        ])
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let script = DemoVaultTests.packageRoot.appendingPathComponent("Tests/Browser/code_math_test.py")
        try BrowserScript.run([script.path, vault.root.appendingPathComponent("_site").path])
    }
}
