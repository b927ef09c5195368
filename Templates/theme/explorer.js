/* notesite explorer: the vault's folder tree beside the note, a drawer on narrow screens.
   The tree comes from assets/explorer-data.js, one file for the whole site (`window.notesiteExplorer
   = {tree: [...]}`: a note is [title, page], a folder [name, slug, [entries]]; a page is written
   from its folder without ".html", or from the site's root when it starts with "/"). The page's own
   list, the way from the root to it, is what readers without JavaScript get; this replaces it with
   the whole tree, drawing a folder's entries the first time it opens. Open folders are kept in
   localStorage, shared by every page of the site (file:// included). Keys: Enter or Space on a
   folder's arrow opens or closes it, Up/Down move, Right/Left open/close, Esc closes the drawer.
   Own code. */
(function () {
  "use strict";

  var KEY = "notesite-explorer-open";
  var nav = document.getElementById("notesite-explorer");
  if (!nav) return;
  var script = document.currentScript;
  // The site root, from this script's own address (`<root>assets/explorer.js`).
  var root = script && script.src ? new URL("../", script.src) : new URL("./", location.href);
  var page = nav.getAttribute("data-page") || "";
  var pretty = nav.hasAttribute("data-pretty");
  var opener = document.querySelector(".explorer-open");
  var closer = nav.querySelector(".explorer-close");
  var folders = {};
  var open = {};
  var current = null; // the folder holding this page, or the page's own folder

  nav.classList.add("is-enhanced");

  function readOpen() {
    try {
      var saved = JSON.parse(localStorage.getItem(KEY) || "[]");
      return Array.isArray(saved) ? saved : [];
    } catch (error) {
      return []; // storage disabled or damaged: nothing remembered
    }
  }

  function saveOpen() {
    try {
      localStorage.setItem(KEY, JSON.stringify(Object.keys(open).sort()));
    } catch (error) {
      // storage disabled or full: the tree still works, it just forgets
    }
  }

  function href(pagePath) {
    var path = pretty ? pagePath.replace(/(^|\/)index\.html$/, "$1") : pagePath;
    return new URL(path || "./", root).href;
  }

  function pageOf(entry, folder) {
    var rel = entry[1];
    if (rel.charAt(0) === "/") return rel.slice(1) + ".html";
    return (folder.key ? folder.key + "/" : "") + rel + ".html";
  }

  // Every folder by key, and the folder this page is in (or is), without drawing anything.
  function index(tree) {
    var top = { key: "", name: "", entries: tree, parent: null, page: "index.html" };
    folders[""] = top;
    var stack = [top];
    while (stack.length) {
      var folder = stack.pop();
      for (var i = 0; i < folder.entries.length; i++) {
        var entry = folder.entries[i];
        if (Array.isArray(entry[2])) {
          var key = (folder.key ? folder.key + "/" : "") + entry[1];
          var child = { key: key, name: entry[0], entries: entry[2], parent: folder, page: key + "/index.html" };
          folders[key] = child;
          if (child.page === page) current = child;
          stack.push(child);
        } else if (!current && pageOf(entry, folder) === page) {
          current = folder;
        }
      }
    }
    return top;
  }

  var ARROW = '<svg aria-hidden="true" focusable="false" width="12" height="12" viewBox="0 0 12 12">' +
    '<path d="M4 2l4 4-4 4" fill="none" stroke="currentColor" stroke-width="2"/></svg>';

  function link(title, pagePath) {
    var a = document.createElement("a");
    a.href = href(pagePath);
    a.textContent = title;
    if (pagePath === page) {
      a.setAttribute("aria-current", "page");
    }
    return a;
  }

  // A folder's entries as <li>s, into its (empty) <ul>.
  function draw(folder) {
    folder.drawn = true;
    var list = folder.list;
    for (var i = 0; i < folder.entries.length; i++) {
      var entry = folder.entries[i];
      var item = document.createElement("li");
      if (Array.isArray(entry[2])) {
        var child = folders[(folder.key ? folder.key + "/" : "") + entry[1]];
        item.className = "explorer-folder";
        item.setAttribute("data-key", child.key);
        var row = document.createElement("div");
        row.className = "explorer-row";
        var button = document.createElement("button");
        button.type = "button";
        button.className = "explorer-arrow";
        button.setAttribute("aria-expanded", "false");
        button.setAttribute("aria-label", entry[0]);
        button.innerHTML = ARROW;
        button.addEventListener("click", toggle.bind(null, child));
        row.appendChild(button);
        row.appendChild(link(entry[0], child.page));
        item.appendChild(row);
        child.list = document.createElement("ul");
        child.list.hidden = true;
        item.appendChild(child.list);
        child.button = button;
        if (open[child.key]) show(child, true);
      } else {
        item.appendChild(link(entry[0], pageOf(entry, folder)));
      }
      list.appendChild(item);
    }
  }

  function show(folder, shown) {
    if (shown && !folder.drawn) draw(folder);
    folder.list.hidden = !shown;
    folder.button.setAttribute("aria-expanded", shown ? "true" : "false");
    if (shown) {
      open[folder.key] = true;
    } else {
      delete open[folder.key];
    }
  }

  function toggle(folder) {
    show(folder, !open[folder.key]);
    saveOpen();
  }

  // The current entry in the middle of the explorer's own scroll box (never the page's).
  function reveal() {
    var mark = nav.querySelector('[aria-current="page"]');
    if (!mark) return;
    var top = mark.getBoundingClientRect().top - nav.getBoundingClientRect().top + nav.scrollTop;
    nav.scrollTop = Math.max(0, top - nav.clientHeight / 3);
  }

  function build(tree) {
    var top = index(tree);
    readOpen().forEach(function (key) {
      if (folders[key]) open[key] = true;
    });
    for (var folder = current; folder && folder.key; folder = folder.parent) open[folder.key] = true;
    top.list = document.createElement("ul");
    top.list.className = "explorer-list explorer-tree";
    draw(top);
    var old = nav.querySelector(".explorer-list");
    if (old) {
      old.parentNode.replaceChild(top.list, old);
    } else {
      nav.appendChild(top.list);
    }
  }

  // Up/Down through what is shown; Right opens a folder, Left closes it or goes to its folder.
  function visible() {
    return Array.prototype.filter.call(nav.querySelectorAll(".explorer-tree a, .explorer-tree button"),
      function (element) { return element.getClientRects().length > 0; });
  }

  nav.addEventListener("keydown", function (event) {
    var target = event.target;
    if (!target.closest || !target.closest(".explorer-tree")) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      var items = visible();
      var next = items[items.indexOf(target) + (event.key === "ArrowDown" ? 1 : -1)];
      if (next) next.focus();
      event.preventDefault();
    } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      var item = target.closest("li");
      var inRow = target.parentNode.classList.contains("explorer-row");
      var folder = inRow ? folders[item.getAttribute("data-key")] : null;
      // Right to left, the arrow pointing into the tree (opening a folder) is the left one.
      var inward = document.documentElement.dir === "rtl" ? "ArrowLeft" : "ArrowRight";
      if (folder && !!open[folder.key] !== (event.key === inward)) {
        toggle(folder);
      } else if (event.key !== inward) {
        var up = item.parentNode.closest(".explorer-folder");
        if (up) up.querySelector(".explorer-arrow").focus();
      }
      event.preventDefault();
    }
  });

  // The drawer (narrow screens): the button beside the breadcrumbs opens it; Esc, the close
  // button, a click outside or Tab out of it close it.
  function drawerOpen() {
    return nav.classList.contains("is-open");
  }

  function setDrawer(shown, returnFocus) {
    nav.classList.toggle("is-open", shown);
    document.documentElement.classList.toggle("explorer-drawer-open", shown);
    if (opener) opener.setAttribute("aria-expanded", shown ? "true" : "false");
    if (shown) {
      reveal();
      var target = nav.querySelector('[aria-current="page"]') || nav.querySelector("a, button");
      if (target) target.focus({ preventScroll: true });
    } else if (returnFocus && opener) {
      opener.focus();
    }
  }

  function asButton(element, action) {
    if (!element) return;
    element.setAttribute("role", "button");
    element.addEventListener("click", function (event) {
      event.preventDefault();
      action();
    });
    element.addEventListener("keydown", function (event) {
      if (event.key === " ") {
        event.preventDefault();
        action();
      }
    });
  }

  if (opener) opener.setAttribute("aria-expanded", "false");
  asButton(opener, function () { setDrawer(!drawerOpen(), true); });
  asButton(closer, function () { setDrawer(false, true); });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && drawerOpen()) {
      event.preventDefault();
      setDrawer(false, true);
    }
  });
  document.addEventListener("click", function (event) {
    if (drawerOpen() && !nav.contains(event.target) && !(opener && opener.contains(event.target))) {
      setDrawer(false, false);
    }
  });
  nav.addEventListener("focusout", function (event) {
    var next = event.relatedTarget;
    if (drawerOpen() && next && !nav.contains(next)) setDrawer(false, false);
  });

  var began = window.performance ? performance.now() : 0;
  var data = window.notesiteExplorer;
  if (data && Array.isArray(data.tree)) build(data.tree);
  reveal();
  // The time to draw the tree, for the browser test and anyone profiling a large vault.
  try {
    performance.measure("notesite-explorer", { start: began });
  } catch (error) {
    // an older browser without measure options: nothing to record
  }
})();
