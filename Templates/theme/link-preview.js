/* notesite link previews: hovering a link to a note (after a short pause) or focusing it shows a
   popover with the note's title and first section, or the section a `#heading` link names. The
   previews are written at build time into shards under assets/previews/ (`N.js` adds its notes to
   `window.notesitePreviews[N]`; `index.js` sets `window.notesitePreviewShards`); a shard is loaded
   with a <script> tag the first time a link into it is hovered, so it works from file:// and no
   page carries the site's previews. The shard is the low bits of the 32-bit FNV-1a hash of the
   page path, as the builder computes it. Esc or leaving closes the popover; touch screens (no
   hover) get none: the link just opens. Own code. */
(function () {
  "use strict";

  if (!window.matchMedia) return;
  // Asked at each event: a laptop with a touch screen changes its primary pointer.
  var noHover = window.matchMedia("(hover: none)");

  var SHOW_DELAY = 400;
  var HIDE_DELAY = 250;
  var MARGIN = 8;
  var script = document.currentScript;
  // The site root, from this script's own address (`<root>assets/link-preview.js`).
  var root = script && script.src ? new URL("../", script.src) : new URL("./", location.href);
  var loads = {};
  var popover = null;
  var current = null;
  var showTimer = 0;
  var hideTimer = 0;
  var request = 0;

  // Loads a script once; `done` runs when it has run or failed (then the data is simply absent).
  function load(path, done) {
    var known = loads[path];
    if (known === true) return done();
    if (known) return known.push(done);
    loads[path] = [done];
    var tag = document.createElement("script");
    tag.src = new URL(path, root).href;
    tag.onload = tag.onerror = function () {
      var waiting = loads[path];
      loads[path] = true;
      waiting.forEach(function (callback) { callback(); });
    };
    document.head.appendChild(tag);
  }

  function utf8(text) {
    if (window.TextEncoder) return new TextEncoder().encode(text);
    return unescape(encodeURIComponent(text)).split("").map(function (c) { return c.charCodeAt(0); });
  }

  function shardOf(path, count) {
    var hash = 0x811c9dc5;
    var bytes = utf8(path);
    for (var i = 0; i < bytes.length; i++) {
      hash ^= bytes[i];
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash & (count - 1);
  }

  function decode(text) {
    try { return decodeURIComponent(text); } catch (e) { return text; }
  }

  // The page and `#id` a link leads to inside this site, or null (other sites, files, this page).
  function targetOf(link) {
    if (!link.closest("main") || link.closest("nav, .link-preview")) return null;
    if (!link.getAttribute("href")) return null;
    var url;
    try { url = new URL(link.href); } catch (e) { return null; }
    if (url.protocol !== root.protocol || url.host !== root.host) return null;
    if (url.pathname.indexOf(root.pathname) !== 0) return null;
    var path = decode(url.pathname.slice(root.pathname.length));
    if (path === "" || path.slice(-1) === "/") path += "index.html";
    if (!/\.html$/.test(path)) return null;
    var anchor = url.hash ? decode(url.hash.slice(1)) : "";
    var here = url.pathname === location.pathname;
    if (here && !anchor) return null;
    return { path: path, anchor: anchor, here: here };
  }

  function lookup(target, done) {
    load("assets/previews/index.js", function () {
      var count = window.notesitePreviewShards;
      if (!count) return done(null);
      var shard = shardOf(target.path, count);
      load("assets/previews/" + shard + ".js", function () {
        var notes = (window.notesitePreviews || {})[shard] || {};
        done(Object.prototype.hasOwnProperty.call(notes, target.path) ? notes[target.path] : null);
      });
    });
  }

  function make() {
    popover = document.createElement("div");
    popover.className = "link-preview";
    popover.id = "link-preview";
    popover.setAttribute("role", "tooltip");
    popover.hidden = true;
    popover.addEventListener("pointerenter", function () { clearTimeout(hideTimer); });
    popover.addEventListener("pointerleave", function () { hideSoon(); });
    document.body.appendChild(popover);
  }

  // Preview links are written relative to the site root: aim them from this page. Links to a
  // place in the previewed page's own text (footnotes) lead nowhere here and are made inert.
  function aim(body) {
    body.querySelectorAll("a").forEach(function (a) {
      var href = a.getAttribute("href");
      a.tabIndex = -1;
      if (href === null) return;
      if (href === "" || href.charAt(0) === "#") return a.removeAttribute("href");
      if (!/^[a-z][a-z0-9+.-]*:/i.test(href) && href.charAt(0) !== "/") a.href = new URL(href, root).href;
    });
  }

  function fill(entry, target) {
    var section = target.anchor && entry.h ? entry.h[target.anchor] : null;
    if (target.anchor && !section && target.here) return false;
    popover.textContent = "";
    var title = document.createElement("p");
    title.className = "link-preview-title";
    title.textContent = entry.t;
    if (section && section[0]) {
      var part = document.createElement("span");
      part.className = "link-preview-section";
      part.textContent = section[0];
      title.appendChild(document.createTextNode(" "));
      title.appendChild(part);
    }
    popover.appendChild(title);
    var html = section ? section[1] : entry.s;
    if (html) {
      var body = document.createElement("div");
      body.className = "link-preview-body";
      body.innerHTML = html;
      aim(body);
      popover.appendChild(body);
    }
    return true;
  }

  // Below the link when it fits (or has more room than above), else above; inside the viewport.
  function place(link) {
    var rects = link.getClientRects();
    var box = rects.length ? rects[0] : link.getBoundingClientRect();
    var width = document.documentElement.clientWidth;
    var height = window.innerHeight;
    popover.style.left = "0px";
    popover.style.top = "0px";
    popover.style.maxHeight = "";
    popover.hidden = false;
    var below = height - box.bottom - MARGIN * 2;
    var above = box.top - MARGIN * 2;
    var downwards = popover.offsetHeight <= below || below >= above;
    popover.style.maxHeight = Math.max(80, Math.min(popover.offsetHeight, downwards ? below : above)) + "px";
    var left = Math.max(MARGIN, Math.min(box.left, width - popover.offsetWidth - MARGIN));
    var top = downwards ? box.bottom + MARGIN : box.top - MARGIN - popover.offsetHeight;
    popover.style.left = left + window.scrollX + "px";
    popover.style.top = Math.max(MARGIN, top) + window.scrollY + "px";
  }

  function show(link) {
    var target = targetOf(link);
    if (!target) return;
    var asked = ++request;
    lookup(target, function (entry) {
      if (asked !== request || !entry) return;
      if (!popover) make();
      if (!fill(entry, target)) return;
      hide();
      current = link;
      link.setAttribute("aria-describedby", popover.id);
      place(link);
    });
  }

  function hide() {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    if (current) current.removeAttribute("aria-describedby");
    current = null;
    if (popover) popover.hidden = true;
  }

  function hideSoon() {
    clearTimeout(showTimer);
    request++;
    clearTimeout(hideTimer);
    hideTimer = setTimeout(hide, HIDE_DELAY);
  }

  function linkIn(event) {
    var node = event.target;
    return node && node.closest ? node.closest("a[href]") : null;
  }

  document.addEventListener("pointerover", function (event) {
    if (event.pointerType === "touch" || noHover.matches) return;
    var link = linkIn(event);
    if (!link || !targetOf(link)) return;
    clearTimeout(hideTimer);
    if (link === current) return;
    clearTimeout(showTimer);
    showTimer = setTimeout(function () { show(link); }, SHOW_DELAY);
  });

  document.addEventListener("pointerout", function (event) {
    var link = linkIn(event);
    if (!link) return;
    var to = event.relatedTarget;
    if (to && (link.contains(to) || (popover && popover.contains(to)))) return;
    hideSoon();
  });

  document.addEventListener("focusin", function (event) {
    var link = linkIn(event);
    if (noHover.matches || !link || link === current || !targetOf(link)) return;
    clearTimeout(showTimer);
    show(link);
  });

  document.addEventListener("focusout", function (event) {
    if (current && event.target === current) {
      request++;
      hide();
    }
  });

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || !current) return;
    request++;
    hide();
  });

  document.addEventListener("click", function () {
    request++;
    hide();
  });

  window.addEventListener("resize", function () { hide(); });
})();
