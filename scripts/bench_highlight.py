#!/usr/bin/env python3
"""Code highlighting's cost, for scripts/bench-build (or alone: scripts/bench_highlight.py [--runs R]).

The vault is the code of ../shared/corpora/text/hugo-docs and rust-book (one copy each). The reference is Pygments'
own speed: one in-process loop (Debian's /usr/bin/python3) over exactly the fenced blocks CommonMark finds
(`cmark -t xml`, as notesite's reader), timed in CPU seconds after imports. notesite's cold cost is the CPU time of
a build with its highlight cache emptied less that of a warm build (its helper processes are its waited-for
children, so wait4 counts them), with one helper and with one per core. Only the highlight cache is emptied: the
rest of the vault's cache (the graph's layout) is kept, as it is in the warm build, or the cold cost would count
laying out the graph again (about 0.2x of Pygments' time on this vault). Each round runs a cold build, a warm
build and the reference back to back, and the ratio is the median of the rounds' ratios, so a machine whose speed
drifts moves both sides of a ratio alike. The warm cost is the highlight stage against the whole warm build, both
wall time.
"""
import argparse, json, os, pathlib, re, shutil, statistics, subprocess, sys, tempfile
import xml.etree.ElementTree as ElementTree

ROOT = pathlib.Path(__file__).resolve().parent.parent
TEXT = ROOT.parent / "shared" / "corpora" / "text"
CORPORA = {"hugo": TEXT / "hugo-docs" / "content", "rust": TEXT / "rust-book" / "src"}
SHORTCODE = re.compile(r"\{\{[<%].*?[%>]\}\}", re.S)
PYGMENTS_LOOP = """
import sys, json, time
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound
chroma = {"go-html-template": "html+django", "go-text-template": "django", "go-template": "django"}
blocks = json.load(sys.stdin)
formatter = HtmlFormatter(nowrap=True)
lexers = {}
start = time.process_time()
size = count = 0
for language, code in blocks:
    name = chroma.get(language.lower(), language.lower())
    if name not in lexers:
        try:
            lexers[name] = get_lexer_by_name(name, stripnl=False)
        except ClassNotFound:
            lexers[name] = None
    if lexers[name] is None:
        continue
    highlight(code, lexers[name], formatter)
    size += len(code.encode())
    count += 1
print(json.dumps([time.process_time() - start, count, size]))
"""


def code_blocks(text: str) -> set[tuple[str, str]]:
    xml = subprocess.run(["cmark", "-t", "xml"], input=text, capture_output=True, text=True, check=True).stdout
    blocks = set()
    for node in ElementTree.fromstring(xml).iter("{http://commonmark.org/xml/1.0}code_block"):
        words = (node.get("info") or "").replace("{", " ").split()
        if words and words[0] != "mermaid":
            blocks.add((words[0], node.text or ""))
    return blocks


def timed_build(notesite: pathlib.Path, vault: pathlib.Path, out: pathlib.Path, jobs: int | None):
    """The highlight stage's and the whole build's wall seconds, the build's CPU seconds, and the code line."""
    command = [str(notesite), "build", str(vault), "--output", str(out), "--verbose"]
    if jobs:
        command += ["--jobs", str(jobs)]
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors)
        _, _, usage = os.wait4(process.pid, 0)
        errors.seek(0)
        printed = errors.read().decode()
    stage = re.search(r"([0-9.]+) s  highlight", printed)
    total = re.search(r" in ([0-9.]+) s", printed)
    blocks = re.search(r"code blocks: .*", printed)
    if not stage or not total:
        sys.exit(f"bench: no highlight timing in:\n{printed[-2000:]}")
    return float(stage.group(1)), float(total.group(1)), usage.ru_utime + usage.ru_stime, blocks.group(0) if blocks else ""


def bench_highlight(notesite: pathlib.Path, work: pathlib.Path, runs: int) -> None:
    vault = work / "code-vault"
    blocks = set()
    for name, corpus in CORPORA.items():
        for source in sorted(corpus.rglob("*.md")):
            text = SHORTCODE.sub("", source.read_text(encoding="utf-8", errors="replace"))
            target = vault / name / source.relative_to(corpus)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            blocks |= code_blocks(text)

    def reference() -> tuple[float, int, int]:
        """Pygments' own CPU seconds over the blocks, the blocks it highlighted and their bytes."""
        ran = subprocess.run(["/usr/bin/python3", "-c", PYGMENTS_LOOP], input=json.dumps(sorted(blocks)),
                             capture_output=True, text=True, check=True)
        return tuple(json.loads(ran.stdout))

    seconds, count, size = reference()
    print(f"\nhighlighting: {len(blocks)} distinct fenced blocks with a language in hugo-docs + rust-book")
    print(f"Pygments in-process, one CPU   {seconds:6.3f} s CPU   {count} blocks highlighted, {size / 1e6:.2f} MB, "
          f"{size / 1e6 / seconds:.2f} MB/s")
    cache = vault / ".notesite-cache" / "highlight"
    # One build first, so every measured build updates its output in place (the first made every file).
    timed_build(notesite, vault, work / "code-out", None)
    for jobs in (1, None):
        cold, warm, ratios = [], [], []
        for _ in range(runs):
            shutil.rmtree(cache, ignore_errors=True)
            cold.append(timed_build(notesite, vault, work / "code-out", jobs))
            warm.append(timed_build(notesite, vault, work / "code-out", jobs))
            ratios.append((cold[-1][2] - warm[-1][2]) / reference()[0])
        cpu = statistics.median(c[2] for c in cold) - statistics.median(w[2] for w in warm)
        label = "one helper" if jobs == 1 else f"{os.cpu_count()} helpers"
        print(f"notesite cold, {label:13}  {cpu:6.3f} s CPU = {statistics.median(ratios):4.2f}x Pygments' own "
              f"({min(ratios):.2f}x to {max(ratios):.2f}x over {runs} rounds; budget 1.15x); "
              f"stage {statistics.median(c[0] for c in cold):.3f} s wall   {cold[0][3]}")
    stage = statistics.median(w[0] for w in warm)
    total = statistics.median(w[1] for w in warm)
    print(f"notesite warm                  {stage:6.3f} s = {100 * stage / total:4.2f}% of the {total:.3f} s build "
          f"of one copy (the 2% budget is against the whole bench-build vault, which it prints)   {warm[0][3]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    notesite = ROOT / ".build" / "release" / "notesite"
    if not notesite.exists():
        sys.exit("bench: build notesite first: swift build -c release (or scripts/site)")
    with tempfile.TemporaryDirectory(prefix="notesite-bench-code-") as temp:
        bench_highlight(notesite, pathlib.Path(temp), args.runs)


if __name__ == "__main__":
    main()
