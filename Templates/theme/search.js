/* notesite search: ranked results as you type. The first time the search box gets focus, this
   loads assets/search-engine.js (tokenising and ranking) and assets/search-index.js (the index the
   builder writes: titles, URLs, a vocabulary with postings), as script files rather than fetched
   JSON so it works from file:// and offline. Snippets come from text shards
   (assets/search-text/N.js), loaded only for the notes a result list shows. Keys: `/` focuses the
   box, arrows move, Enter opens, Esc clears. Own code. */
(function () {
  "use strict";

  // The interface's words in the site's language, from assets/strings.js, `{name}` filled in.
  function words(key, values) {
    var table = window.notesiteStrings || {};
    var text = table[key] || key;
    for (var name in values || {}) text = text.split("{" + name + "}").join(values[name]);
    return text;
  }

  var LIMIT = 10;
  var SNIPPET = 180;
  var script = document.currentScript;
  // The site root, from this script's own address (`<root>assets/search.js`).
  var root = script && script.src ? new URL("../", script.src) : new URL("./", location.href);
  var form = null;
  var input = null;
  var list = null;
  var status = null;
  var engine = null;
  var found = { total: 0, results: [], marks: new Map() };
  var active = -1;
  // 0: not asked for, 1: loading, 2: loaded, 3: failed.
  var indexState = 0;
  var shards = {};

  function addScript(path, done, failed) {
    var tag = document.createElement("script");
    tag.src = new URL(path, root).href;
    tag.onload = done;
    tag.onerror = failed;
    document.head.appendChild(tag);
  }

  function loadIndex() {
    if (indexState !== 0) return;
    // Already in the page (a file made by `notesite export`): nothing to load.
    if (window.notesiteSearch && window.notesiteSearchEngine) {
      indexState = 2;
      engine = window.notesiteSearchEngine.create(window.notesiteSearch);
      refresh();
      return;
    }
    indexState = 1;
    var waiting = 2;
    function loaded() {
      waiting -= 1;
      if (waiting || indexState !== 1) return;
      var ready = window.notesiteSearch && window.notesiteSearchEngine;
      indexState = ready ? 2 : 3;
      if (ready) engine = window.notesiteSearchEngine.create(window.notesiteSearch);
      refresh();
    }
    function failed() {
      indexState = 3;
      refresh();
    }
    addScript("assets/search-engine.js", loaded, failed);
    addScript("assets/search-index.js", loaded, failed);
  }

  // The text shard a result's snippet is in; the results are drawn again when it arrives.
  function loadShard(number) {
    if (shards[number]) return;
    shards[number] = true;
    addScript("assets/search-text/" + number + ".js", function () {
      if (found.results.some(function (result) { return result.shard === number; })) render(false);
    }, function () {});
  }

  function refresh() {
    if (!input) return;
    found = engine && input.value.trim() ? engine.search(input.value, LIMIT) : { total: 0, results: [], marks: new Map() };
    render(true);
  }

  // Text with the given [start, end) ranges wrapped in <mark>, built as DOM nodes (never as HTML).
  function marked(text, ranges) {
    var fragment = document.createDocumentFragment();
    var position = 0;
    ranges.forEach(function (range) {
      fragment.appendChild(document.createTextNode(text.slice(position, range[0])));
      var node = document.createElement("mark");
      node.textContent = text.slice(range[0], range[1]);
      fragment.appendChild(node);
      position = range[1];
    });
    fragment.appendChild(document.createTextNode(text.slice(position)));
    return fragment;
  }

  function resultItem(result, position) {
    var item = document.createElement("li");
    item.id = "notesite-search-result-" + position;
    item.setAttribute("role", "option");
    var link = document.createElement("a");
    link.href = new URL(result.url, root).href;
    link.tabIndex = -1;
    var title = document.createElement("span");
    title.className = "search-result-title";
    var name = result.title || result.url;
    title.appendChild(marked(name, engine.titleMarks(name, found.marks)));
    link.appendChild(title);
    var snippet = engine.snippet(result.doc, found.marks, SNIPPET);
    if (snippet === null) loadShard(result.shard);
    if (snippet && snippet.text) {
      var context = document.createElement("span");
      context.className = "search-result-text";
      if (snippet.before) context.appendChild(document.createTextNode("\u2026"));
      context.appendChild(marked(snippet.text, snippet.marks));
      if (snippet.after) context.appendChild(document.createTextNode("\u2026"));
      link.appendChild(context);
    }
    item.appendChild(link);
    item.addEventListener("mousemove", function () { select(position); });
    return item;
  }

  function describe(query) {
    var count = found.total;
    if (!query) return "";
    if (indexState === 1) return words("search_loading");
    if (indexState === 3) return words("search_unavailable");
    if (!count) return words("search_no_match", { query: query });
    var notes = count === 1 ? words("notes_count_one") : words("notes_count", { count: count });
    return count > found.results.length ? words("search_best", { shown: found.results.length, count: count, notes: notes }) : notes;
  }

  // Draws the results; `fresh` is a new result list (the first is selected), otherwise the same
  // list with more snippets (the selection stays).
  function render(fresh) {
    var keep = active;
    list.textContent = "";
    found.results.forEach(function (result, position) { list.appendChild(resultItem(result, position)); });
    var query = input.value.trim();
    status.textContent = describe(query);
    var count = found.results.length;
    list.hidden = !count;
    status.hidden = !query;
    input.setAttribute("aria-expanded", count ? "true" : "false");
    select(fresh ? (count ? 0 : -1) : Math.min(keep, count - 1));
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
    refresh();
  }

  function onKey(event) {
    var count = found.results.length;
    if (event.key === "ArrowDown" && count) {
      select((active + 1) % count);
      event.preventDefault();
    } else if (event.key === "ArrowUp" && count) {
      select((active - 1 + count) % count);
      event.preventDefault();
    } else if (event.key === "Escape") {
      if (input.value) { clear(); } else { input.blur(); }
      event.preventDefault();
    }
  }

  function onSlash(event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    var focused = document.activeElement;
    var typing = focused && (focused.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(focused.tagName));
    if (typing || document.querySelector("dialog[open]")) return;
    event.preventDefault();
    input.focus();
    input.select();
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
      var chosen = found.results[Math.max(active, 0)];
      if (chosen) {
        var address = new URL(chosen.url, root).href;
        // A file made by `notesite export` opens its notes itself (export.js).
        if (window.notesiteNavigate) window.notesiteNavigate(address); else location.href = address;
      }
    });
    input.addEventListener("input", refresh);
    input.addEventListener("focus", function () {
      loadIndex();
      if (input.value.trim()) refresh();
    });
    input.addEventListener("keydown", onKey);
    document.addEventListener("click", function (event) {
      if (!form.contains(event.target)) {
        list.hidden = true;
        status.hidden = true;
        input.setAttribute("aria-expanded", "false");
      }
    });
    document.addEventListener("keydown", onSlash);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", wire);
  } else {
    wire();
  }
})();
