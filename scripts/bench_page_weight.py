#!/usr/bin/env python3
"""Page weight of notesite against Hugo on the same notes and images, and how faithful each one's images are.

Usage: scripts/bench_page_weight.py [--notes 300] [--refs 454] [--quality Q] [--keep DIR]

The vault: NOTES notes of generated text, REFS image references between them (the first REFS - NOTES notes show
two images, the others one), cycling through every raster image of ../shared/corpora/images and Site/images that a
browser can show and Hugo can read (no AVIF, HEIC, TIFF or SVG; not the deliberately broken files). Hugo 0.111
builds the same Markdown twice: "resized", with an image render hook that does what notesite does by default (an
image wider than 1440 px resized to 1440 px with Hugo's defaults: the source's format, quality 75, box filter; any
other published as it is), and "as is", Hugo without a hook, which links every source file unchanged.

Page weight: every note page's HTML plus the images it shows (each file once a page), summed over the pages,
uncompressed; and as sent by a server that gzips HTML (images as they are). notesite inlines its images as base64
by default (a third more, which gzip takes back); Hugo links files. Scripts and style sheets are shared by every
page and cached after the first, and the Hugo pages here have none: they are printed apart, not counted.

Fidelity: each distinct image as shown (decoded, flattened over black by its alpha) against a lossless reference
of the same size: the source through its ICC profile to sRGB, turned upright, resized to the shown size by libvips
(lanczos3, no shrink-on-load). Images Hugo resized without their EXIF orientation are compared unturned (and
counted). PSNR over the R, G and B values; "exact" means equal pixels. PSNR is not what an eye sees (texture hides
noise that PSNR counts, flat skies show blocks it hardly counts), so each lossy image is also scored by butteraugli
(libjxl's `butteraugli_main`, Debian's libjxl-devtools; skipped when absent): its max-norm is the most visible spot
at 1:1 (below about 1.0 no difference is seen even flicking between the two, above 2 it is seen side by side), its
3-norm the image as a whole. Needs: hugo, numpy, pyvips.
"""
import argparse, base64, concurrent.futures, gzip, os, pathlib, random, re, shutil, statistics, subprocess, sys, tempfile

try:
    import numpy
    import pyvips
except ImportError as error:
    sys.exit(f"bench_page_weight: {error.name} is missing: scripts/setup --bench (or: python3 -m pip install pyvips numpy)")

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpora" / "images"
SKIPPED = re.compile(r"^(x.*\.png|truncated\..*|corrupt-header\.jpg|favicon\.ico|small\.bmp|65536-uint32-limit\.png"
                     r"|LICENSE.*|.*README|.*\.(svg|avif|heic|tif|tiff))$")
HOOK = """{{- $img := resources.Get .Destination -}}
{{- if $img -}}
{{- if in (slice "jpeg" "png" "gif" "webp" "bmp") $img.MediaType.SubType -}}
{{- if gt $img.Width 1440 -}}{{- $img = $img.Resize "1440x" -}}{{- end -}}
<img src="{{ $img.RelPermalink }}" alt="{{ .Text }}" width="{{ $img.Width }}" height="{{ $img.Height }}">
{{- else -}}<img src="{{ $img.RelPermalink }}" alt="{{ .Text }}">{{- end -}}
{{- end -}}
"""
WORDS = ("note image page vault link photo river colour light garden summer build paper window table music "
         "morning letter station bridge harbour field winter market island forest kitchen signal pattern").split()


def images() -> list[pathlib.Path]:
    found = sorted(CORPUS.glob("*/*.*")) + sorted(CORPUS.glob("*/*/*.*")) + sorted((ROOT / "Site" / "images").glob("*"))
    return [path for path in found if path.is_file() and not SKIPPED.match(path.name)]


def paragraph(rng: random.Random) -> str:
    sentences = []
    for _ in range(rng.randint(3, 6)):
        words = [rng.choice(WORDS) for _ in range(rng.randint(6, 14))]
        sentences.append(" ".join(words).capitalize() + ".")
    return " ".join(sentences)


def make_sites(work: pathlib.Path, notes: int, refs: int) -> tuple[pathlib.Path, pathlib.Path, dict[str, pathlib.Path]]:
    vault, hugo = work / "vault", work / "hugo"
    (vault / "images").mkdir(parents=True)
    (hugo / "assets" / "images").mkdir(parents=True)
    (hugo / "content").mkdir()
    (hugo / "layouts" / "_default" / "_markup").mkdir(parents=True)
    (hugo / "hugo.toml").write_text('baseURL = "http://example.org/"\ntimeout = "900s"\ndisableKinds = ["taxonomy", "term", "robotsTXT",'
                                    ' "sitemap", "RSS"]\n')
    for name in ("single.html", "list.html"):
        (hugo / "layouts" / "_default" / name).write_text(
            "<!doctype html><html><head><title>{{ .Title }}</title></head><body>{{ .Content }}</body></html>\n")
    (hugo / "layouts" / "_default" / "_markup" / "render-image.html").write_text(HOOK)
    (vault / "notesite.yml").write_text("title: page weight\n")
    sources: dict[str, pathlib.Path] = {}
    for path in images():
        flat = re.sub(r"[/ ]", "_", str(path.relative_to(CORPUS if CORPUS in path.parents else ROOT)))
        sources[flat] = path
        for folder in (vault / "images", hugo / "assets" / "images"):
            shutil.copyfile(path, folder / flat)
    names = sorted(sources)
    rng = random.Random(11)
    cursor = 0
    for index in range(notes):
        shown = 2 if index < refs - notes else 1
        body = [f"---\ntitle: Note {index:03}\n---\n"]
        for _ in range(shown):
            name = names[cursor % len(names)]
            cursor += 1
            body += [paragraph(rng), f"![{name}](images/{name})"]
        body.append(paragraph(rng))
        text = "\n\n".join(body) + "\n"
        (vault / f"Note {index:03}.md").write_text(text)
        (hugo / "content" / f"note-{index:03}.md").write_text(text)
    plain = work / "hugo-plain"
    shutil.copytree(hugo, plain)
    shutil.rmtree(plain / "layouts" / "_default" / "_markup")
    shutil.move(plain / "assets", plain / "static")
    for note in (plain / "content").iterdir():
        note.write_text(note.read_text().replace("](images/", "](/images/"))
    return vault, hugo, sources


TAG = re.compile(r"<(img|script|link)\b[^>]*>", re.I)
ATTRIBUTE = re.compile(r'\b(src|href|alt|rel)\s*=\s*"([^"]*)"', re.I)


def page_weight(page: pathlib.Path, site: pathlib.Path) -> tuple[dict[str, int], list[tuple[str, bytes]]]:
    """What the page loads: its HTML with the images it shows ("bytes"), the same sent compressed as a server
    sends HTML ("transfer": HTML gzipped, images as they are), its scripts and style sheets ("assets", shared
    by every page); and (alt, bytes) of each image it shows."""
    html = page.read_bytes()
    weight = {"bytes": len(html), "transfer": len(gzip.compress(html, 6, mtime=0)), "assets": 0}
    loaded, shown = set(), []
    for match in TAG.finditer(html.decode("utf-8", "replace")):
        attributes = {key.lower(): value for key, value in ATTRIBUTE.findall(match.group(0))}
        kind = match.group(1).lower()
        if kind == "link" and "stylesheet" not in attributes.get("rel", ""):
            continue
        url = attributes.get("href" if kind == "link" else "src", "")
        if url.startswith("data:"):
            data = base64.b64decode(url.split(",", 1)[1]) if ";base64," in url[:80] else b""
        elif url and not re.match(r"^[a-z]+:", url):
            file = (site / url.lstrip("/")) if url.startswith("/") else (page.parent / url)
            file = pathlib.Path(os.path.normpath(file.as_posix().split("?")[0]))
            if not file.is_file():
                continue
            data = file.read_bytes()
            if file not in loaded:
                loaded.add(file)
                if kind == "img":
                    weight["bytes"] += len(data)
                    weight["transfer"] += len(data)
                else:
                    weight["assets"] += len(gzip.compress(data, 6, mtime=0))
        else:
            continue
        if kind == "img" and attributes.get("alt"):
            shown.append((attributes["alt"], data))
    return weight, shown


def pixels(image: "pyvips.Image", size: tuple[int, int] | None = None, upright: bool = True) -> numpy.ndarray:
    """8-bit sRGB values, H x W x 3, premultiplied by alpha: the image as shown over black. With `size`, the
    lossless reference: through the ICC profile, turned upright (unless not `upright`), resized to `size`."""
    if size:
        if image.get_typeof("icc-profile-data"):
            image = image.icc_transform("srgb", embedded=True, intent="relative")
        if upright:
            image = image.autorot()
        if (image.width, image.height) != size:
            image = image.resize(size[0] / image.width, vscale=size[1] / image.height)
    image = image.colourspace("srgb").cast("uchar")
    values = numpy.ndarray(buffer=image.write_to_memory(), dtype=numpy.uint8,
                           shape=(image.height, image.width, image.bands)).astype(numpy.float64)
    colour = values[:, :, :3]
    return colour * (values[:, :, 3:4] / 255) if image.bands == 4 else colour


def orientation(image: "pyvips.Image") -> int:
    return image.get("orientation") if image.get_typeof("orientation") else 1


def butteraugli(a: numpy.ndarray, b: numpy.ndarray) -> tuple[float, float]:
    """butteraugli's (max-norm, 3-norm) of `a` against the reference `b`, both as shown over black; nan when
    libjxl's tool is missing."""
    if not shutil.which("butteraugli_main"):
        return float("nan"), float("nan")
    with tempfile.TemporaryDirectory(prefix="notesite-butteraugli-") as temp:
        files = []
        for name, values in (("reference", b), ("shown", a)):
            data = numpy.ascontiguousarray(numpy.clip(numpy.rint(values), 0, 255).astype(numpy.uint8))
            path = os.path.join(temp, name + ".png")
            pyvips.Image.new_from_memory(data.tobytes(), data.shape[1], data.shape[0], 3, "uchar").write_to_file(path)
            files.append(path)
        output = subprocess.run(["butteraugli_main", *files, "--pnorm", "3"], capture_output=True, text=True).stdout
    numbers = re.findall(r"[0-9]+(?:\.[0-9]+)?", output)
    return (float(numbers[0]), float(numbers[-1])) if len(numbers) >= 2 else (float("nan"), float("nan"))


def psnr(shown: bytes, source: pathlib.Path) -> tuple[float, bool, tuple[float, float]]:
    """PSNR of one shown image against its reference (inf when exact); whether it was shown unturned (a source
    with an EXIF orientation re-encoded without it: compared with the unturned reference, which matches better);
    butteraugli's (max-norm, 3-norm) against the same reference ((0, 0) when exact)."""
    if shown == source.read_bytes():
        return float("inf"), False, (0.0, 0.0)
    a = pixels(pyvips.Image.new_from_buffer(shown, ""))
    original = pyvips.Image.new_from_file(str(source))
    size = (a.shape[1], a.shape[0])
    scores, references = {}, {}
    for upright in ((True, False) if orientation(original) > 1 else (True,)):
        b = pixels(original, size, upright)
        if a.shape == b.shape:
            mse = float(numpy.mean((a - b) ** 2))
            scores[upright] = float("inf") if mse == 0 else float(10 * numpy.log10(255 * 255 / mse))
            references[upright] = b
    if not scores:
        return float("nan"), False, (float("nan"), float("nan"))
    best = max(scores, key=lambda upright: scores[upright])
    seen = (0.0, 0.0) if scores[best] == float("inf") else butteraugli(a, references[best])
    return scores[best], not best, seen


def measure(name: str, site: pathlib.Path, pages: list[pathlib.Path], sources: dict[str, pathlib.Path]) -> dict:
    totals, image_bytes, distinct = {"bytes": 0, "transfer": 0, "assets": 0}, 0, {}
    for page in pages:
        weight, shown = page_weight(page, site)
        for key in totals:
            totals[key] += weight[key]
        for alt, data in shown:
            if alt in sources:
                distinct.setdefault(alt, data)
    scores, seen, unturned = {}, {}, 0
    items = sorted(distinct.items())
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        results = pool.map(lambda item: psnr(item[1], sources[item[0]]), items)
        for (alt, data), (value, turned, perceived) in zip(items, results):
            scores[alt] = value
            if value != float("inf"):
                seen[alt] = perceived
            unturned += turned
            image_bytes += len(data)
    lossy = sorted(value for value in scores.values() if value != float("inf"))
    worst = min(scores, key=lambda alt: scores[alt]) if scores else "-"
    return {"name": name, "pages": len(pages), **totals, "images": len(distinct), "image_bytes": image_bytes,
            "exact": len(scores) - len(lossy), "lossy": lossy, "worst": worst,
            "worst_value": scores.get(worst, float("nan")), "unturned": unturned, "seen": seen,
            "median_all": statistics.median(scores.values()) if scores else float("nan")}


def report(result: dict) -> str:
    lossy = result["lossy"]
    median = f"{statistics.median(lossy):.1f} dB" if lossy else "-"
    below = sum(1 for value in lossy if value < 35)
    all_median = result["median_all"]
    all_text = "exact" if all_median == float("inf") else f"{all_median:.1f} dB"
    worst = "exact" if result["worst_value"] == float("inf") else f"{result['worst_value']:.1f} dB ({result['worst']})"
    return (f"{result['name']:16} pages {result['bytes'] / 1e6:6.2f} MB, sent gzipped {result['transfer'] / 1e6:6.2f} MB "
            f"(+ scripts and styles {result['assets'] / max(1, result['pages']) / 1e3:.1f} KB a page, gzipped, not "
            f"counted); {result['images']} distinct images {result['image_bytes'] / 1e6:.2f} MB: {result['exact']} "
            f"exact, {len(lossy)} lossy; PSNR median {all_text}, of the lossy {median}, worst {worst}, {below} below "
            f"35 dB" + (f", {result['unturned']} shown unturned" if result["unturned"] else "") + seen_report(result["seen"]))


def seen_report(seen: dict[str, tuple[float, float]]) -> str:
    """butteraugli of the lossy images: medians of both norms, how many pass 1.0 and 2.0 at their worst spot,
    and the worst image."""
    maxima = {alt: values for alt, values in seen.items() if values[0] == values[0]}
    if not maxima:
        return "; butteraugli: -" if seen else ""
    worst = max(maxima, key=lambda alt: maxima[alt][0])
    return (f"; butteraugli of the lossy: max-norm median {statistics.median(v[0] for v in maxima.values()):.2f}, "
            f"3-norm median {statistics.median(v[1] for v in maxima.values()):.2f}, "
            f"{sum(1 for v in maxima.values() if v[0] > 1)} over 1.0, {sum(1 for v in maxima.values() if v[0] > 2)} "
            f"over 2.0, worst {maxima[worst][0]:.2f} ({worst})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--notes", type=int, default=300)
    parser.add_argument("--refs", type=int, default=454)
    parser.add_argument("--notesite", default=str(ROOT / ".build" / "release" / "notesite"))
    parser.add_argument("--keep", help="build in this folder and leave it there")
    parser.add_argument("--quality", type=int, help="notesite's quality setting (default: each format's own)")
    args = parser.parse_args()
    for tool in ("hugo", args.notesite):
        if not shutil.which(tool):
            sys.exit(f"bench_page_weight: {tool} not found (scripts/setup --bench; swift build -c release)")
    if not CORPUS.is_dir():
        sys.exit(f"bench_page_weight: {CORPUS} not found")
    with tempfile.TemporaryDirectory(prefix="notesite-weight-") as temp:
        work = pathlib.Path(args.keep) if args.keep else pathlib.Path(temp)
        if args.keep:
            shutil.rmtree(work, ignore_errors=True)
        vault, hugo, sources = make_sites(work, args.notes, args.refs)
        if args.quality:
            (vault / "notesite.yml").write_text(f"title: page weight\nimage_quality: {args.quality}\n")
        built = subprocess.run([args.notesite, "build", str(vault), "--output", str(work / "out"), "--quiet"],
                               capture_output=True, text=True)
        if built.returncode not in (0, 1):
            sys.exit(f"bench_page_weight: notesite build failed:\n{built.stderr[-2000:]}")
        for site in ("hugo", "hugo-plain"):
            subprocess.run(["hugo", "--quiet", "-d", str(work / f"{site}-out")], cwd=work / site, check=True)
        ours = measure("notesite", work / "out", sorted((work / "out").glob("note-*.html")), sources)
        results = [ours] + [
            measure(name, work / f"{site}-out", sorted((work / f"{site}-out").glob("note-*/index.html")), sources)
            for name, site in (("Hugo, resized", "hugo"), ("Hugo, as is", "hugo-plain"))]
        print(f"page weight: {args.notes} notes, {args.refs} image references, {len(sources)} distinct images "
              f"({sum(p.stat().st_size for p in sources.values()) / 1e6:.2f} MB of sources)")
        for result in results:
            print(report(result))
        for theirs in results[1:]:
            print(f"page weight: notesite {ours['bytes'] / theirs['bytes']:.2f}x {theirs['name']} "
                  f"(sent gzipped {ours['transfer'] / theirs['transfer']:.2f}x; target: at most 0.45x)")


if __name__ == "__main__":
    main()
