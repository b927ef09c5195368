#!/usr/bin/python3
"""Render a vault with the default theme, the way notesite will, for browser tests and screenshots.

    make_sample_site.py VAULT OUT_DIR

A stand-in for `notesite build` while it is not wired up: Markdown through the `cmark-gfm` (or `cmark`) command,
images through the `vips` command (upright, at most 1440 px wide, metadata stripped) inlined as
base64, pages through a small Mustache subset (variables, {{{raw}}}, sections, inverted sections,
partials) and the theme in Templates/theme. Output follows the site builder's markup contract.
"""

import base64
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

THEME = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Templates", "theme")
GENERATOR = "notesite 0.1.0"
IMAGE_WIDTH = 1440
COLUMN = 720

TAG = re.compile(r"\{\{(\{|[#^/>!&]?)\s*([\w.\-]+)\s*\}?\}\}")


def lookup(stack, name):
    if name == ".":
        return stack[-1]
    first, *rest = name.split(".")
    for frame in reversed(stack):
        if isinstance(frame, dict) and first in frame:
            value = frame[first]
            for part in rest:
                value = value.get(part) if isinstance(value, dict) else None
            return value
    return None


def render(template, stack, partials):
    out, pos = [], 0
    while (match := TAG.search(template, pos)) is not None:
        out.append(template[pos : match.start()])
        kind, name, pos = match.group(1), match.group(2), match.end()
        if kind in ("#", "^"):
            depth, scan = 1, pos
            while depth:
                inner_match = TAG.search(template, scan)
                if inner_match is None:
                    raise ValueError(f"unclosed section {name}")
                if inner_match.group(2) == name and inner_match.group(1) in ("#", "^"):
                    depth += 1
                elif inner_match.group(2) == name and inner_match.group(1) == "/":
                    depth -= 1
                scan = inner_match.end()
            inner, pos = template[pos : inner_match.start()], scan
            value = lookup(stack, name)
            if kind == "^":
                if not value:
                    out.append(render(inner, stack, partials))
            elif isinstance(value, list):
                out.extend(render(inner, stack + [item], partials) for item in value)
            elif value:
                out.append(render(inner, stack + [value], partials))
        elif kind == ">":
            out.append(render(partials.get(name, ""), stack, partials))
        elif kind in ("{", "&"):
            out.append(str(lookup(stack, name) or ""))
        elif kind == "":
            out.append(html.escape(str(lookup(stack, name) or "")))
    out.append(template[pos:])
    return "".join(out)


def slug(path):
    """`guide/Writing notes.md` -> `guide/writing-notes.html`."""
    stem = os.path.splitext(path)[0]
    return re.sub(r"\s+", "-", stem.strip()).lower() + ".html"


def vips_field(path, field):
    return subprocess.run(["vipsheader", "-f", field, path], check=True, capture_output=True, text=True).stdout.strip()


def inline_image(source, alt, title, tmp):
    if source.lower().endswith(".svg"):
        with open(source, "rb") as f:
            data = f.read()
        found = re.search(rb'<svg[^>]*\bwidth="(\d+)"[^>]*\bheight="(\d+)"', data)
        width, height = (int(found.group(1)), int(found.group(2))) if found else (COLUMN, COLUMN // 2)
        mime = "image/svg+xml"
    else:
        alpha = vips_field(source, "bands") in ("2", "4")
        out = os.path.join(tmp, "rendition." + ("png" if alpha else "jpg"))
        options = "[strip,compression=9]" if alpha else "[Q=82,strip]"
        subprocess.run(["vips", "thumbnail", source, out + options, str(IMAGE_WIDTH), "--size", "down",
                        "--height", "100000"], check=True)
        width, height = int(vips_field(out, "width")), int(vips_field(out, "height"))
        with open(out, "rb") as f:
            data = f.read()
        mime = "image/png" if alpha else "image/jpeg"
    css_width = min(COLUMN, width)  # the rendition is up to 2x the column, for sharp screens
    css_height = round(height * css_width / width)
    uri = f"data:{mime};base64," + base64.b64encode(data).decode("ascii")
    title_attr = f' title="{title}"' if title else ""
    return (f'<img class="notesite-image" src="{uri}" width="{css_width}" height="{css_height}" alt="{alt}"'
            f'{title_attr} decoding="async" tabindex="0">')


def body_html(vault, note_path, tmp):
    with open(os.path.join(vault, note_path), encoding="utf-8") as f:
        markdown = f.read()
    # cmark-gfm for tables when it is there, as notesite renders them; plain cmark otherwise.
    command = ["cmark-gfm", "-e", "table", "-e", "strikethrough"] if shutil.which("cmark-gfm") else ["cmark"]
    body = subprocess.run(command, input=markdown, check=True, capture_output=True, text=True).stdout
    folder = os.path.dirname(os.path.join(vault, note_path))

    def image(match):
        src, alt, title = match.group(1), match.group(2), match.group(3) or ""
        path = os.path.normpath(os.path.join(folder, urllib.parse.unquote(html.unescape(src))))
        if not os.path.isfile(path):
            return f'<span class="notesite-missing">missing image: {html.escape(os.path.basename(path))}</span>'
        return inline_image(path, alt, title, tmp)

    def link(match):
        target = urllib.parse.unquote(html.unescape(match.group(1)))
        return f'href="{html.escape(slug(target))}"'

    body = re.sub(r'<img src="([^"]*)" alt="([^"]*)"(?: title="([^"]*)")? />', image, body)
    body = re.sub(r'href="([^":]*\.md)"', link, body)
    title_match = re.search(r"^#\s+(.+)$", markdown, re.MULTILINE)
    title = title_match.group(1).strip() if title_match else os.path.splitext(os.path.basename(note_path))[0]
    return title, body


def site_title(vault):
    try:
        with open(os.path.join(vault, "notesite.yml"), encoding="utf-8") as f:
            found = re.search(r"^title:\s*(.+)$", f.read(), re.MULTILINE)
            return found.group(1).strip() if found else "Notes"
    except FileNotFoundError:
        return "Notes"


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: make_sample_site.py VAULT OUT_DIR")
    vault, out = (os.path.abspath(a) for a in sys.argv[1:])
    partials = {}
    for name in os.listdir(THEME):
        if name.endswith(".mustache"):
            with open(os.path.join(THEME, name), encoding="utf-8") as f:
                partials[name[: -len(".mustache")]] = f.read()
    os.makedirs(os.path.join(out, "assets"), exist_ok=True)
    for asset in ("style.css", "preview.js", "search.js", "theme-toggle.js"):
        shutil.copy(os.path.join(THEME, asset), os.path.join(out, "assets", asset))
    site = {"title": site_title(vault)}
    notes = []
    with tempfile.TemporaryDirectory() as tmp:
        for folder, dirs, files in os.walk(vault):
            dirs[:] = sorted(d for d in dirs if not d.startswith((".", "_")))
            for name in sorted(files):
                if not name.endswith(".md"):
                    continue
                path = os.path.relpath(os.path.join(folder, name), vault)
                title, body = body_html(vault, path, tmp)
                url = slug(path)
                root = "../" * url.count("/")
                context = {"title": title, "body": body, "root": root, "site": site, "path": path,
                           "generator": GENERATOR}
                os.makedirs(os.path.dirname(os.path.join(out, url)), exist_ok=True)
                with open(os.path.join(out, url), "w", encoding="utf-8") as f:
                    f.write(render(partials["page"], [context], partials))
                notes.append({"title": title, "url": url, "path": path})
    notes.sort(key=lambda note: note["path"].lower())
    context = {"title": site["title"], "root": "", "site": site, "notes": notes, "generator": GENERATOR}
    with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as f:
        f.write(render(partials["index"], [context], partials))
    print(f"wrote {len(notes)} notes to {out}")


if __name__ == "__main__":
    main()
