/* notesite export: one HTML file holding one note or many (`notesite export`). Each note's HTML
   waits in a <script type="text/x-notesite-note"> element, decoded only when it is shown, its
   images in <script type="text/x-notesite-image"> elements, each stored once. The file's own hash
   routes show one note at a time: `#/guide/images.html` shows that note, `#/guide/images.html#id`
   scrolls to a heading; Back returns and any address can be bookmarked. A link to a note that is
   not in the file becomes plain text, or a link to the published site when one is set. Before
   printing, every note is shown, one after another. Own code, no dependencies, no requests. */
(function () {
  "use strict";

  // Interface strings, in one place.
  var TEXT = { separator: " · " };

  var settings = {};
  try {
    settings = JSON.parse(document.getElementById("notesite-export-settings").textContent);
  } catch (error) {
    settings = {};
  }
  var main = document.getElementById("main");
  var explorer = document.getElementById("notesite-explorer");
  var sources = {};
  var order = [];
  var nodes = document.querySelectorAll('script[type="text/x-notesite-note"]');
  for (var i = 0; i < nodes.length; i++) {
    var page = nodes[i].getAttribute("data-page");
    sources[page] = nodes[i];
    order.push(page);
  }
  var images = {};
  var root = new URL("./", location.href).href;
  var here = location.href.replace(/#.*$/, "");
  var current = null;
  var base = "https://notesite.invalid/";

  // The text as the builder wrote it before escaping (ImageShelf and RawText in the builder).
  function unescaped(text) {
    return text.replace(/<\\(\\|!--|\/script)/gi, function (match, rest) { return "<" + rest; });
  }

  function image(number) {
    if (!(number in images)) {
      var node = document.getElementById("notesite-export-image-" + number);
      images[number] = node ? unescaped(node.textContent) : "";
    }
    return images[number];
  }

  function html(page) {
    var text = unescaped(sources[page].textContent);
    return text.replace(/notesite-export-image:(\d+)/g, function (match, number) { return image(number); });
  }

  // A site path (`guide/images.html`, `guide/`, `guide/images`) as a page in the file, or null.
  function known(path) {
    var candidates = [path, path + "index.html", path + ".html", path + "/index.html"];
    if (path === "") candidates = ["index.html"];
    for (var i = 0; i < candidates.length; i++) {
      if (Object.prototype.hasOwnProperty.call(sources, candidates[i])) return candidates[i];
    }
    return null;
  }

  function route(page, id) {
    return "#/" + page + (id ? "#" + id : "");
  }

  // Links of a note written for its page: to notes in the file they become routes, to notes
  // left out plain text or the published site, to headings of the same note routes too.
  function rewrite(container, page) {
    var links = container.querySelectorAll("a[href]");
    for (var i = 0; i < links.length; i++) {
      var link = links[i];
      var href = link.getAttribute("href");
      if (/^(#|[a-z][a-z0-9+.-]*:)/i.test(href)) {
        if (href.charAt(0) === "#" && !/^#notesite-/.test(href) && href.length > 1) {
          link.setAttribute("href", route(page, decodeURIComponent(href.slice(1))));
        }
        continue;
      }
      var target = new URL(href, base + page);
      var path = decodeURIComponent(target.pathname.slice(1));
      var found = known(path);
      var id = target.hash ? decodeURIComponent(target.hash.slice(1)) : "";
      if (found) {
        link.setAttribute("href", route(found, id));
      } else if (settings.baseURL && settings.outside === "site") {
        link.setAttribute("href", settings.baseURL + target.pathname.slice(1) + target.hash);
      } else {
        var text = document.createElement("span");
        text.className = "export-outside-link";
        while (link.firstChild) text.appendChild(link.firstChild);
        link.parentNode.replaceChild(text, link);
      }
    }
  }

  function clear() {
    var children = Array.prototype.slice.call(main.childNodes);
    for (var i = 0; i < children.length; i++) {
      if (children[i] !== explorer) main.removeChild(children[i]);
    }
  }

  function markExplorer(page) {
    if (!explorer) return;
    var links = explorer.querySelectorAll("a[aria-current]");
    for (var i = 0; i < links.length; i++) links[i].removeAttribute("aria-current");
    var all = explorer.querySelectorAll("a[href]");
    for (var j = 0; j < all.length; j++) {
      if (all[j].href === root + page || all[j].getAttribute("href") === route(page)) {
        all[j].setAttribute("aria-current", "page");
      }
    }
  }

  function announce() {
    document.dispatchEvent(new CustomEvent("notesite:content"));
  }

  function show(page, id) {
    if (page !== current) {
      var source = sources[page];
      var holder = document.createElement("template");
      holder.innerHTML = html(page);
      rewrite(holder.content, page);
      clear();
      main.appendChild(holder.content);
      main.className = source.getAttribute("data-class") || "note";
      document.title = source.getAttribute("data-title") + (settings.title ? TEXT.separator + settings.title : "");
      current = page;
      markExplorer(page);
      announce();
    }
    var target = id ? document.getElementById(id) : null;
    if (target) {
      target.scrollIntoView();
    } else if (!id) {
      window.scrollTo(0, 0);
    }
  }

  // `#/page#id` as [page, id]; null for other hashes (an image preview, the explorer drawer).
  function parse(hash) {
    if (hash.indexOf("#/") !== 0) return null;
    var rest = hash.slice(2);
    var cut = rest.indexOf("#");
    var page = cut < 0 ? rest : rest.slice(0, cut);
    var id = cut < 0 ? "" : rest.slice(cut + 1);
    try {
      page = decodeURIComponent(page);
      id = decodeURIComponent(id);
    } catch (error) {
      return null;
    }
    var found = known(page);
    return found ? [found, id] : null;
  }

  function follow() {
    var wanted = parse(location.hash);
    if (wanted) {
      show(wanted[0], wanted[1]);
    } else if (current === null || location.hash === "" || location.hash === "#/") {
      // The file's own address (Back to where it opened): its first note.
      show(order[0], "");
    }
  }

  // Scripts of the theme link to pages by their site address (search results, the explorer's
  // tree): within the file, such an address is a route.
  function open(address) {
    if (address.indexOf(here + "#") === 0) {
      location.hash = address.slice(here.length);
      return true;
    }
    if (address.indexOf(root) !== 0) return false;
    var rest = address.slice(root.length);
    var cut = rest.indexOf("#");
    var found = known(decodeURIComponent(cut < 0 ? rest : rest.slice(0, cut)));
    if (!found) return false;
    location.hash = route(found, cut < 0 ? "" : decodeURIComponent(rest.slice(cut + 1)));
    return true;
  }
  window.notesiteNavigate = function (address) {
    if (!open(address)) location.href = address;
  };

  document.addEventListener("click", function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    var link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!link || link.getAttribute("href").charAt(0) === "#") return;
    if (link.href.indexOf("file:") === 0 || link.href.indexOf(root) === 0) {
      // An address in the file's folder is a note of the file or nothing: never a missing file.
      event.preventDefault();
      open(link.href);
    }
  });

  // A folder export keeps only its own notes in the explorer's tree.
  function prune(entries, folder) {
    return entries.filter(function (entry) {
      if (Array.isArray(entry[2])) {
        var key = (folder ? folder + "/" : "") + entry[1];
        entry[2] = prune(entry[2], key);
        return entry[2].length > 0;
      }
      var rel = entry[1];
      var page = rel.charAt(0) === "/" ? rel.slice(1) + ".html" : (folder ? folder + "/" : "") + rel + ".html";
      return known(page) !== null;
    });
  }
  if (window.notesiteExplorer && Array.isArray(window.notesiteExplorer.tree)) {
    window.notesiteExplorer.tree = prune(window.notesiteExplorer.tree, "");
  }
  if (explorer) rewrite(explorer, explorer.getAttribute("data-page") || "");

  // Printing shows every note of the file, each from a new page; then the note shown before.
  var printing = false;
  window.addEventListener("beforeprint", function () {
    if (printing || order.length < 2) return;
    printing = true;
    clear();
    main.className = "note export-print";
    for (var i = 0; i < order.length; i++) {
      var holder = document.createElement("template");
      holder.innerHTML = html(order[i]);
      rewrite(holder.content, order[i]);
      var section = document.createElement("section");
      section.className = "export-print-note";
      section.appendChild(holder.content);
      main.appendChild(section);
    }
    current = null;
    announce();
  });
  window.addEventListener("afterprint", function () {
    if (!printing) return;
    printing = false;
    current = null;
    follow();
  });

  window.addEventListener("hashchange", follow);
  if (order.length) follow();
  if (location.hash === "#notesite-print") window.dispatchEvent(new Event("beforeprint"));
})();
