/* notesite search: results as you type, over the index the builder writes to
   assets/search-index.js (`window.notesiteSearch = {"notes": [{t, u, h, g, x}]}`: title, URL from the
   site root, headings, tags, plain text). A script file rather than fetched JSON, so it works from
   file:// and offline. It is loaded the first time the search box gets focus, not with every page:
   a large vault's index is megabytes. Keys: `/` focuses the box, arrows move, Enter opens, Esc
   clears. Own code. */
(function () {
  "use strict";

  var LIMIT = 10;
  var script = document.currentScript;
  // The site root, from this script's own address (`<root>assets/search.js`).
  var root = script && script.src ? new URL("../", script.src) : new URL("./", location.href);
  var form = null;
  var input = null;
  var list = null;
  var status = null;
  var entries = null;
  var results = [];
  var active = -1;

  // Lower case, accents removed: "Café" matches "cafe".
  function fold(text) {
    return String(text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function load() {
    if (entries) return entries;
    var notes = (window.notesiteSearch && window.notesiteSearch.notes) || [];
    entries = notes.map(function (note) {
      return {
        note: note,
        title: fold(note.t),
        headings: (note.h || []).map(fold),
        tags: (note.g || []).map(fold),
        text: fold(note.x)
      };
    });
    return entries;
  }

  // 0: not asked for, 1: loading, 2: loaded, 3: failed.
  var indexState = window.notesiteSearch ? 2 : 0;

  function loadIndex() {
    if (indexState !== 0) return;
    indexState = 1;
    var tag = document.createElement("script");
    tag.src = new URL("assets/search-index.js", root).href;
    tag.onload = function () {
      indexState = window.notesiteSearch ? 2 : 3;
      entries = null;
      refresh();
    };
    tag.onerror = function () {
      indexState = 3;
      refresh();
    };
    document.head.appendChild(tag);
  }

  function refresh() {
    if (!input) return;
    results = search(input.value);
    render();
  }

  function startsWord(haystack, at) {
    return at === 0 || /[^a-z0-9]/.test(haystack.charAt(at - 1));
  }

  function scoreField(field, term, weight) {
    var at = field.indexOf(term);
    if (at < 0) return 0;
    return weight * (startsWord(field, at) ? 2 : 1);
  }

  // Every term must appear somewhere; titles weigh most, then tags, headings, then the text.
  function score(entry, terms) {
    var total = 0;
    for (var i = 0; i < terms.length; i++) {
      var term = terms[i];
      var best = scoreField(entry.title, term, 20);
      for (var g = 0; g < entry.tags.length; g++) best = Math.max(best, scoreField(entry.tags[g], term, 8));
      for (var h = 0; h < entry.headings.length; h++) best = Math.max(best, scoreField(entry.headings[h], term, 6));
      best = Math.max(best, scoreField(entry.text, term, 1));
      if (best === 0) return 0;
      total += best;
    }
    if (entry.title === terms.join(" ")) total += 50;
    return total;
  }

  function search(query) {
    var terms = fold(query).split(/\s+/).filter(Boolean);
    if (!terms.length) return [];
    var found = [];
    load().forEach(function (entry) {
      var value = score(entry, terms);
      if (value > 0) found.push({ entry: entry, score: value });
    });
    found.sort(function (a, b) {
      return b.score - a.score || a.entry.title.localeCompare(b.entry.title);
    });
    return found.slice(0, LIMIT).map(function (item) { return { entry: item.entry, terms: terms }; });
  }

  // Text with the terms wrapped in <mark>, built as DOM nodes (never as HTML).
  function highlighted(text, terms) {
    var fragment = document.createDocumentFragment();
    var folded = fold(text);
    if (folded.length !== text.length) {
      fragment.appendChild(document.createTextNode(text));
      return fragment;
    }
    var marks = [];
    terms.forEach(function (term) {
      var at = folded.indexOf(term);
      while (at >= 0 && term) {
        marks.push([at, at + term.length]);
        at = folded.indexOf(term, at + term.length);
      }
    });
    marks.sort(function (a, b) { return a[0] - b[0]; });
    var position = 0;
    marks.forEach(function (mark) {
      if (mark[0] < position) return;
      fragment.appendChild(document.createTextNode(text.slice(position, mark[0])));
      var node = document.createElement("mark");
      node.textContent = text.slice(mark[0], mark[1]);
      fragment.appendChild(node);
      position = mark[1];
    });
    fragment.appendChild(document.createTextNode(text.slice(position)));
    return fragment;
  }

  // About 160 characters of the text around the first term found in it.
  function snippet(entry, terms) {
    var text = String(entry.note.x || "");
    var at = -1;
    for (var i = 0; i < terms.length && at < 0; i++) at = entry.text.indexOf(terms[i]);
    if (at < 0 || entry.text.length !== text.length) return text.slice(0, 160);
    var start = Math.max(0, at - 60);
    var space = text.lastIndexOf(" ", start);
    if (start > 0 && space > start - 20) start = space + 1;
    return (start > 0 ? "\u2026" : "") + text.slice(start, start + 160) + (start + 160 < text.length ? "\u2026" : "");
  }

  function noteURL(note) {
    return new URL(note.u, root).href;
  }

  function render() {
    list.textContent = "";
    active = results.length ? 0 : -1;
    results.forEach(function (result, position) {
      var note = result.entry.note;
      var item = document.createElement("li");
      item.id = "notesite-search-result-" + position;
      item.setAttribute("role", "option");
      var link = document.createElement("a");
      link.href = noteURL(note);
      link.tabIndex = -1;
      var title = document.createElement("span");
      title.className = "search-result-title";
      title.appendChild(highlighted(note.t || note.u, result.terms));
      link.appendChild(title);
      var text = snippet(result.entry, result.terms);
      if (text) {
        var context = document.createElement("span");
        context.className = "search-result-text";
        context.appendChild(highlighted(text, result.terms));
        link.appendChild(context);
      }
      item.appendChild(link);
      item.addEventListener("mousemove", function () { select(position); });
      list.appendChild(item);
    });
    var query = input.value.trim();
    var count = results.length;
    if (!query) {
      status.textContent = "";
    } else if (indexState === 1) {
      status.textContent = "Loading the search index\u2026";
    } else if (indexState === 3) {
      status.textContent = "Search is not available: the search index did not load.";
    } else {
      status.textContent = count ? count + (count === 1 ? " note" : " notes") + (count === LIMIT ? " or more" : "") : "No notes match \u201c" + query + "\u201d.";
    }
    var open = !!query;
    list.hidden = !count;
    status.hidden = !open;
    input.setAttribute("aria-expanded", count ? "true" : "false");
    select(active);
  }

  function select(position) {
    var items = list.children;
    for (var i = 0; i < items.length; i++) items[i].setAttribute("aria-selected", i === position ? "true" : "false");
    active = position;
    if (position >= 0 && items[position]) {
      input.setAttribute("aria-activedescendant", items[position].id);
      items[position].scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  }

  function clear() {
    input.value = "";
    results = [];
    render();
  }

  function wire() {
    form = document.querySelector(".site-search");
    if (!form) return;
    input = form.querySelector("input");
    list = form.querySelector(".search-results");
    status = form.querySelector(".search-status");
    if (!input || !list || !status) return;
    form.hidden = false;
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (results.length) location.href = noteURL(results[Math.max(active, 0)].entry.note);
    });
    input.addEventListener("input", refresh);
    input.addEventListener("focus", function () {
      loadIndex();
      if (input.value.trim()) render();
    });
    input.addEventListener("keydown", function (event) {
      if (event.key === "ArrowDown" && results.length) {
        select((active + 1) % results.length);
        event.preventDefault();
      } else if (event.key === "ArrowUp" && results.length) {
        select((active - 1 + results.length) % results.length);
        event.preventDefault();
      } else if (event.key === "Escape") {
        if (input.value) { clear(); } else { input.blur(); }
        event.preventDefault();
      }
    });
    document.addEventListener("click", function (event) {
      if (!form.contains(event.target)) {
        list.hidden = true;
        status.hidden = true;
        input.setAttribute("aria-expanded", "false");
      }
    });
    document.addEventListener("keydown", function (event) {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      var focused = document.activeElement;
      var typing = focused && (focused.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(focused.tagName));
      if (typing || document.querySelector("dialog[open]")) return;
      event.preventDefault();
      input.focus();
      input.select();
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", wire);
  } else {
    wire();
  }
})();
