/// The helper each ``PygmentsProcess`` runs (`python3 -I -c <source>`), a small framed protocol
/// over stdin and stdout, bytes only:
/// - on start it writes `pygments <version>\n`, or `absent\n` when Pygments cannot be imported;
/// - a batch is `<count>\n`, then per block `<language>\n<byte count>\n<UTF-8 code>`;
/// - it reads the whole batch before answering (so neither side can block the other on a full
///   pipe), then writes per block, in order, `ok <n>\n<n bytes of HTML>`, `unknown 0\n` (no lexer
///   by that name or alias) or `error 0\n`.
/// The HTML is Pygments' `HtmlFormatter(nowrap=True)`: short class names, each line's spans
/// closed at its end, so lines can be numbered and marked afterwards.
enum PygmentsScript {
    static let source = #"""
        import sys
        out = sys.stdout.buffer
        try:
            import pygments
            from pygments import highlight
            from pygments.formatters import HtmlFormatter
            from pygments.lexers import get_lexer_by_name
            from pygments.util import ClassNotFound
        except ImportError:
            out.write(b"absent\n")
            out.flush()
            sys.exit(0)
        inp = sys.stdin.buffer
        out.write(("pygments %s\n" % pygments.__version__).encode())
        out.flush()
        formatter = HtmlFormatter(nowrap=True)
        lexers = {}
        def lexer(name):
            if name not in lexers:
                try:
                    lexers[name] = get_lexer_by_name(name, stripnl=False)
                except ClassNotFound:
                    lexers[name] = None
            return lexers[name]
        while True:
            line = inp.readline()
            if not line:
                break
            blocks = []
            for _ in range(int(line)):
                name = inp.readline()[:-1].decode("utf-8", "replace")
                size = int(inp.readline())
                blocks.append((name, inp.read(size).decode("utf-8", "replace")))
            for name, code in blocks:
                found = lexer(name)
                if found is None:
                    out.write(b"unknown 0\n")
                    continue
                try:
                    html = highlight(code, found, formatter).encode("utf-8")
                except Exception:
                    out.write(b"error 0\n")
                    continue
                out.write(b"ok %d\n" % len(html))
                out.write(html)
            out.flush()
        """#
}
