/* notesite graph: draws the vault's notes and links on a <canvas>. The layout is computed when the
   site is built and shipped in assets/graph-data.js (`window.notesiteGraph`: `n` notes, then tags;
   `x`, `y` whole-number coordinates; `t` titles; `u` pages from the site root; `l` links as flat
   index pairs), a script rather than fetched JSON so it works from file://. The graph page draws
   the whole of it; a note page draws its own neighbourhood (links and backlinks, `data-depth` 1 or
   2) in rings around it, loading the shared file only when that part of the page comes near the
   screen. Drag or arrow keys pan, the wheel or +/- zoom, 0 fits, hovering (or the keyboard's
   centre node) lights up the neighbours, a click or Enter opens the note. Own code. */
(function () {
  "use strict";

  // The interface's words in the site's language, from assets/strings.js, `{name}` filled in.
  function words(key, values) {
    var table = window.notesiteStrings || {};
    var text = table[key] || key;
    for (var name in values || {}) text = text.split("{" + name + "}").join(values[name]);
    return text;
  }

  var script = document.currentScript;
  // The site root, from this script's own address (`<root>assets/graph.js`).
  var root = script && script.src ? new URL("../", script.src) : new URL("./", location.href);
  var LOCAL_LIMIT = 150;
  var PAN_STEP = 60;
  var ZOOM_STEP = 1.25;
  var views = [];
  var data = null;
  window.notesiteGraphViews = views;

  // ---- the shared data: adjacency and page lookup, made once ----

  function prepare(raw) {
    var count = raw.t.length;
    var degree = new Int32Array(count + 1);
    var links = raw.l;
    for (var i = 0; i < links.length; i += 2) {
      degree[links[i] + 1]++;
      degree[links[i + 1] + 1]++;
    }
    for (var j = 0; j < count; j++) degree[j + 1] += degree[j];
    var offsets = degree;
    var fill = Int32Array.from(offsets);
    var targets = new Int32Array(links.length);
    for (var k = 0; k < links.length; k += 2) {
      targets[fill[links[k]]++] = links[k + 1];
      targets[fill[links[k + 1]]++] = links[k];
    }
    var byPage = Object.create(null);
    for (var p = 0; p < count; p++) byPage[raw.u[p]] = p;
    return { raw: raw, count: count, notes: raw.n, offsets: offsets, targets: targets, byPage: byPage };
  }

  function neighbours(index) {
    return data.targets.subarray(data.offsets[index], data.offsets[index + 1]);
  }

  function loadData(done) {
    if (data) return done();
    if (window.notesiteGraph) {
      data = prepare(window.notesiteGraph);
      return done();
    }
    var tag = document.createElement("script");
    tag.src = new URL("assets/graph-data.js", root).href;
    tag.onload = function () {
      if (!window.notesiteGraph) return;
      data = prepare(window.notesiteGraph);
      done();
    };
    document.head.appendChild(tag);
  }

  // This page's path from the site root, as the data file names pages.
  function currentPage() {
    var here = decodeURIComponent(location.pathname);
    var base = decodeURIComponent(root.pathname);
    var page = here.indexOf(base) === 0 ? here.slice(base.length) : here;
    return page === "" || page.charAt(page.length - 1) === "/" ? page + "index.html" : page;
  }

  // ---- what a view shows: node indices, their places, their links ----

  function wholeGraph() {
    var raw = data.raw;
    var nodes = new Int32Array(data.count);
    for (var i = 0; i < data.count; i++) nodes[i] = i;
    return { nodes: nodes, x: Float64Array.from(raw.x), y: Float64Array.from(raw.y), links: raw.l, centre: -1 };
  }

  function angleFrom(centre, node) {
    return Math.atan2(data.raw.y[node] - data.raw.y[centre], data.raw.x[node] - data.raw.x[centre]);
  }

  // The note and the nodes `depth` links away, in rings around it, each ring in the order of the
  // whole layout's directions (so the picture agrees with the graph page's).
  function neighbourhood(centre, depth) {
    var ring = { };
    ring[centre] = 0;
    var rings = [[centre]];
    var total = 1;
    for (var level = 1; level <= depth && total < LOCAL_LIMIT; level++) {
      var next = [];
      rings[level - 1].forEach(function (node) {
        // Tags lead to every note carrying them: not walked past.
        if (level > 1 && node >= data.notes) return;
        var around = neighbours(node);
        for (var i = 0; i < around.length && total < LOCAL_LIMIT; i++) {
          var other = around[i];
          if (ring[other] !== undefined) continue;
          ring[other] = level;
          next.push({ node: other, parent: node });
          total++;
        }
      });
      if (!next.length) break;
      next.forEach(function (entry) {
        entry.angle = angleFrom(centre, entry.parent === centre ? entry.node : entry.parent);
        entry.own = angleFrom(centre, entry.node);
      });
      next.sort(function (a, b) { return a.angle - b.angle || a.own - b.own || a.node - b.node; });
      rings.push(next.map(function (entry) { return entry.node; }));
    }
    var nodes = [].concat.apply([], rings);
    var x = new Float64Array(nodes.length);
    var y = new Float64Array(nodes.length);
    var at = 1;
    for (var r = 1; r < rings.length; r++) {
      var members = rings[r];
      var start = angleFrom(centre, members[0]);
      for (var m = 0; m < members.length; m++, at++) {
        var angle = start + (2 * Math.PI * m) / members.length;
        x[at] = Math.cos(angle) * 100 * r;
        y[at] = Math.sin(angle) * 100 * r;
      }
    }
    var links = [];
    var local = Object.create(null);
    nodes.forEach(function (node, index) { local[node] = index; });
    nodes.forEach(function (node, index) {
      var around = neighbours(node);
      for (var i = 0; i < around.length; i++) {
        var other = local[around[i]];
        if (other !== undefined && other > index) links.push(index, other);
      }
    });
    return { nodes: Int32Array.from(nodes), x: x, y: y, links: links, local: true, centre: 0 };
  }

  // ---- drawing ----

  function colours() {
    var style = getComputedStyle(document.documentElement);
    function read(name) { return style.getPropertyValue(name).trim(); }
    return {
      bg: read("--bg"), text: read("--text"), node: read("--muted"), link: read("--border"),
      hot: read("--link"), current: read("--accent"), tag: read("--c-teal"), font: read("--font")
    };
  }

  function View(element, shape) {
    this.element = element;
    this.canvas = element.querySelector("canvas");
    this.status = element.querySelector(".graph-status");
    this.shape = shape;
    this.context = this.canvas.getContext("2d");
    this.colours = colours();
    this.hover = -1;
    this.focused = -1;
    this.panning = false;
    this.cache = null;
    this.scale = 1;
    this.panX = 0;
    this.panY = 0;
    this.width = 0;
    this.height = 0;
    this.pending = false;
    this.firstDrawAt = 0;
    this.drawTimes = [];
    this.degree = new Float64Array(shape.nodes.length);
    for (var i = 0; i < shape.links.length; i++) this.degree[shape.links[i]]++;
    this.localIndex = Object.create(null);
    for (var n = 0; n < shape.nodes.length; n++) this.localIndex[shape.nodes[n]] = n;
    this.neighbours = this.localNeighbours();
  }

  View.prototype.localNeighbours = function () {
    var lists = [];
    for (var i = 0; i < this.shape.nodes.length; i++) lists.push([]);
    var links = this.shape.links;
    for (var k = 0; k < links.length; k += 2) {
      lists[links[k]].push(links[k + 1]);
      lists[links[k + 1]].push(links[k]);
    }
    return lists;
  };

  View.prototype.resize = function () {
    var box = this.canvas.getBoundingClientRect();
    var ratio = window.devicePixelRatio || 1;
    var first = this.width === 0;
    this.width = box.width;
    this.height = box.height;
    this.canvas.width = Math.max(1, Math.round(box.width * ratio));
    this.canvas.height = Math.max(1, Math.round(box.height * ratio));
    this.context.setTransform(ratio, 0, 0, ratio, 0, 0);
    if (first) this.fit();
    this.request();
  };

  View.prototype.fit = function () {
    var shape = this.shape;
    var minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    for (var i = 0; i < shape.nodes.length; i++) {
      minX = Math.min(minX, shape.x[i]);
      maxX = Math.max(maxX, shape.x[i]);
      minY = Math.min(minY, shape.y[i]);
      maxY = Math.max(maxY, shape.y[i]);
    }
    var spanX = Math.max(maxX - minX, 1), spanY = Math.max(maxY - minY, 1);
    var margin = this.shape.local ? 60 : 24;
    this.scale = Math.min((this.width - 2 * margin) / spanX, (this.height - 2 * margin) / spanY);
    if (!isFinite(this.scale) || this.scale <= 0) this.scale = 1;
    this.scale = Math.min(this.scale, 4);
    this.panX = this.width / 2 - ((minX + maxX) / 2) * this.scale;
    this.panY = this.height / 2 - ((minY + maxY) / 2) * this.scale;
    this.request();
  };

  View.prototype.request = function () {
    if (this.pending) return;
    this.pending = true;
    var view = this;
    requestAnimationFrame(function () {
      view.pending = false;
      view.draw();
    });
  };

  View.prototype.radius = function (index) {
    var base = this.shape.local ? 5 : 2.2;
    var size = base + Math.min(Math.sqrt(this.degree[index]), 6) * (this.shape.local ? 0.8 : 0.6);
    return size * Math.min(Math.max(Math.sqrt(this.scale), 0.6), 2.5);
  };

  // The node that lights up: the one under the pointer, else the keyboard's.
  View.prototype.active = function () {
    return this.hover >= 0 ? this.hover : this.focused;
  };

  // A frame: everything is painted through one, onto the canvas or onto the panning cache.
  View.prototype.frame = function (context, width, height, panX, panY) {
    return { c: context, w: width, h: height, panX: panX, panY: panY, scale: this.scale };
  };

  View.prototype.draw = function () {
    var started = performance.now();
    var active = this.active();
    if (this.panning) {
      this.blit(active);
    } else {
      this.cache = null;
      this.paint(this.frame(this.context, this.width, this.height, this.panX, this.panY), active);
    }
    var took = performance.now() - started;
    this.drawTimes.push(took);
    if (this.drawTimes.length > 200) this.drawTimes.shift();
    if (!this.firstDrawAt) this.firstDrawAt = performance.now();
  };

  // While dragging, the graph is painted once onto a larger hidden canvas and each frame only
  // copies it at the new offset: a big graph pans at the speed of one image copy.
  View.prototype.blit = function (active) {
    var margin = Math.round(Math.max(this.width, this.height) / 2);
    var cache = this.cache;
    var dx = cache ? this.panX - cache.panX : 0, dy = cache ? this.panY - cache.panY : 0;
    if (!cache || cache.scale !== this.scale || cache.active !== active || cache.colours !== this.colours ||
        Math.abs(dx) > margin || Math.abs(dy) > margin) {
      var ratio = window.devicePixelRatio || 1;
      var canvas = cache ? cache.canvas : document.createElement("canvas");
      canvas.width = Math.round((this.width + 2 * margin) * ratio);
      canvas.height = Math.round((this.height + 2 * margin) * ratio);
      var context = canvas.getContext("2d");
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      this.paint(this.frame(context, this.width + 2 * margin, this.height + 2 * margin,
        this.panX + margin, this.panY + margin), active);
      cache = this.cache = { canvas: canvas, scale: this.scale, active: active, colours: this.colours,
        panX: this.panX, panY: this.panY };
      dx = dy = 0;
    }
    var c = this.context;
    c.fillStyle = this.colours.bg;
    c.fillRect(0, 0, this.width, this.height);
    c.drawImage(cache.canvas, dx - margin, dy - margin, this.width + 2 * margin, this.height + 2 * margin);
  };

  View.prototype.paint = function (f, active) {
    var c = f.c, shape = this.shape, colours = this.colours;
    c.fillStyle = colours.bg;
    c.fillRect(0, 0, f.w, f.h);
    var lit = active >= 0 ? this.neighbours[active] : null;
    var links = shape.links, scale = f.scale, panX = f.panX, panY = f.panY;
    c.lineWidth = 1;
    c.strokeStyle = colours.link;
    c.beginPath();
    for (var k = 0; k < links.length; k += 2) {
      var a = links[k], b = links[k + 1];
      c.moveTo(shape.x[a] * scale + panX, shape.y[a] * scale + panY);
      c.lineTo(shape.x[b] * scale + panX, shape.y[b] * scale + panY);
    }
    c.stroke();
    if (lit) {
      c.lineWidth = 2;
      c.strokeStyle = colours.hot;
      c.beginPath();
      for (var m = 0; m < lit.length; m++) {
        c.moveTo(shape.x[active] * scale + panX, shape.y[active] * scale + panY);
        c.lineTo(shape.x[lit[m]] * scale + panX, shape.y[lit[m]] * scale + panY);
      }
      c.stroke();
    }
    this.paintNodes(f, lit, active);
    this.paintLabels(f, lit, active);
  };

  View.prototype.paintNodes = function (f, lit, active) {
    var c = f.c, shape = this.shape, scale = f.scale;
    var notes = data.notes;
    var batches = [[this.colours.node, false], [this.colours.tag, true]];
    for (var batch = 0; batch < batches.length; batch++) {
      c.fillStyle = batches[batch][0];
      c.beginPath();
      for (var i = 0; i < shape.nodes.length; i++) {
        if ((shape.nodes[i] >= notes) !== batches[batch][1]) continue;
        var px = shape.x[i] * scale + f.panX, py = shape.y[i] * scale + f.panY;
        if (px < -20 || py < -20 || px > f.w + 20 || py > f.h + 20) continue;
        var r = this.radius(i);
        c.moveTo(px + r, py);
        c.arc(px, py, r, 0, 2 * Math.PI);
      }
      c.fill();
    }
    var marked = (lit ? Array.from(lit) : []).concat(active >= 0 ? [active] : []);
    if (shape.centre >= 0) marked.push(shape.centre);
    for (var j = 0; j < marked.length; j++) {
      var node = marked[j];
      c.fillStyle = node === active || node === shape.centre ? this.colours.current : this.colours.hot;
      c.beginPath();
      c.arc(shape.x[node] * scale + f.panX, shape.y[node] * scale + f.panY, this.radius(node) + 1.5, 0, 2 * Math.PI);
      c.fill();
    }
  };

  // Titles: of the lit nodes always; of the rest once zoomed in far enough to read them.
  View.prototype.paintLabels = function (f, lit, active) {
    var c = f.c, shape = this.shape, scale = f.scale, titles = data.raw.t;
    c.font = "12px " + (this.colours.font || "sans-serif");
    c.textAlign = "center";
    c.textBaseline = "top";
    c.lineWidth = 3;
    c.strokeStyle = this.colours.bg;
    c.fillStyle = this.colours.text;
    var chosen = [];
    if (shape.local || scale >= 1.2) {
      for (var i = 0; i < shape.nodes.length && chosen.length < 400; i++) {
        var x = shape.x[i] * scale + f.panX, y = shape.y[i] * scale + f.panY;
        if (x >= 0 && y >= 0 && x <= f.w && y <= f.h) chosen.push(i);
      }
    }
    if (lit) chosen = chosen.concat(Array.from(lit).slice(0, 60));
    if (active >= 0) chosen.push(active);
    for (var k = 0; k < chosen.length; k++) {
      var node = chosen[k];
      var px = shape.x[node] * scale + f.panX, py = shape.y[node] * scale + f.panY;
      if (px < -100 || py < -20 || px > f.w + 100 || py > f.h + 20) continue;
      var title = titles[shape.nodes[node]];
      if (title.length > 40) title = title.slice(0, 39) + "…";
      var below = py + this.radius(node) + 3;
      c.strokeText(title, px, below);
      c.fillText(title, px, below);
    }
  };

  // ---- interaction ----

  View.prototype.nodeAt = function (clientX, clientY) {
    var box = this.canvas.getBoundingClientRect();
    var px = clientX - box.left, py = clientY - box.top;
    var best = -1, bestDistance = Infinity, shape = this.shape;
    for (var i = 0; i < shape.nodes.length; i++) {
      var dx = shape.x[i] * this.scale + this.panX - px;
      var dy = shape.y[i] * this.scale + this.panY - py;
      var distance = dx * dx + dy * dy;
      var reach = this.radius(i) + 4;
      if (distance <= reach * reach && distance < bestDistance) {
        best = i;
        bestDistance = distance;
      }
    }
    return best;
  };

  View.prototype.nearestCentre = function () {
    var best = -1, bestDistance = Infinity, shape = this.shape;
    var cx = (this.width / 2 - this.panX) / this.scale, cy = (this.height / 2 - this.panY) / this.scale;
    for (var i = 0; i < shape.nodes.length; i++) {
      var distance = (shape.x[i] - cx) * (shape.x[i] - cx) + (shape.y[i] - cy) * (shape.y[i] - cy);
      if (distance < bestDistance) {
        best = i;
        bestDistance = distance;
      }
    }
    return best;
  };

  View.prototype.open = function (index) {
    if (index < 0) return;
    location.href = new URL(data.raw.u[this.shape.nodes[index]], root).href;
  };

  View.prototype.zoom = function (factor, atX, atY) {
    var next = Math.min(Math.max(this.scale * factor, 0.02), 40);
    factor = next / this.scale;
    if (atX === undefined) {
      atX = this.width / 2;
      atY = this.height / 2;
    }
    this.panX = atX - (atX - this.panX) * factor;
    this.panY = atY - (atY - this.panY) * factor;
    this.scale = next;
    this.settle();
  };

  View.prototype.pan = function (dx, dy) {
    this.panX += dx;
    this.panY += dy;
    this.settle();
  };

  // After the keyboard moved the view, the node in the middle is the one Enter opens.
  View.prototype.settle = function () {
    if (document.activeElement === this.canvas) this.focusNode(this.nearestCentre());
    this.request();
  };

  View.prototype.focusNode = function (index) {
    this.focused = index;
    if (this.status) {
      this.status.textContent = index >= 0
        ? words("graph_node", { title: data.raw.t[this.shape.nodes[index]], count: this.neighbours[index].length })
        : "";
    }
    this.request();
  };

  View.prototype.wire = function () {
    var view = this, canvas = this.canvas, drag = null;
    canvas.addEventListener("pointerdown", function (event) {
      if (event.button !== 0) return;
      drag = { x: event.clientX, y: event.clientY, moved: false };
      if (canvas.setPointerCapture) canvas.setPointerCapture(event.pointerId);
    });
    canvas.addEventListener("pointermove", function (event) {
      if (drag) {
        var dx = event.clientX - drag.x, dy = event.clientY - drag.y;
        if (drag.moved || Math.abs(dx) + Math.abs(dy) > 3) {
          drag.moved = true;
          view.panning = true;
          drag.x = event.clientX;
          drag.y = event.clientY;
          view.panX += dx;
          view.panY += dy;
          view.request();
        }
        return;
      }
      var hover = view.nodeAt(event.clientX, event.clientY);
      if (hover !== view.hover) {
        view.hover = hover;
        canvas.style.cursor = hover >= 0 ? "pointer" : "";
        view.request();
      }
    });
    canvas.addEventListener("pointerup", function (event) {
      var clicked = drag && !drag.moved ? view.nodeAt(event.clientX, event.clientY) : -1;
      drag = null;
      if (view.panning) {
        view.panning = false;
        view.request();
      }
      view.open(clicked);
    });
    canvas.addEventListener("pointercancel", function () {
      drag = null;
      view.panning = false;
      view.request();
    });
    canvas.addEventListener("pointerleave", function () {
      if (drag) return;
      view.hover = -1;
      view.request();
    });
    if (!this.shape.local) {
      canvas.addEventListener("wheel", function (event) {
        event.preventDefault();
        var box = canvas.getBoundingClientRect();
        view.zoom(Math.pow(1.0015, -event.deltaY), event.clientX - box.left, event.clientY - box.top);
      }, { passive: false });
    }
    canvas.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      var step = event.shiftKey ? PAN_STEP * 4 : PAN_STEP;
      var handled = true;
      switch (event.key) {
        case "ArrowLeft": view.pan(step, 0); break;
        case "ArrowRight": view.pan(-step, 0); break;
        case "ArrowUp": view.pan(0, step); break;
        case "ArrowDown": view.pan(0, -step); break;
        case "+": case "=": view.zoom(ZOOM_STEP); break;
        case "-": case "_": view.zoom(1 / ZOOM_STEP); break;
        case "0": view.fit(); view.settle(); break;
        case "Enter": view.open(view.focused); break;
        default: handled = false;
      }
      if (handled) event.preventDefault();
    });
    canvas.addEventListener("focus", function () { view.focusNode(view.nearestCentre()); });
    canvas.addEventListener("blur", function () { view.focusNode(-1); });
    this.element.querySelectorAll("[data-graph-action]").forEach(function (button) {
      button.addEventListener("click", function () {
        var action = button.getAttribute("data-graph-action");
        if (action === "in") view.zoom(ZOOM_STEP);
        else if (action === "out") view.zoom(1 / ZOOM_STEP);
        else view.fit();
      });
    });
    if (window.ResizeObserver) {
      new ResizeObserver(function () { view.resize(); }).observe(canvas);
    } else {
      window.addEventListener("resize", function () { view.resize(); });
    }
  };

  // ---- the test and tooling hook: where a node is, what is lit ----

  View.prototype.api = function () {
    var view = this;
    return {
      kind: view.shape.local ? "local" : "site",
      element: view.element,
      nodes: function () { return Array.from(view.shape.nodes); },
      title: function (index) { return data.raw.t[view.shape.nodes[index]]; },
      page: function (index) { return data.raw.u[view.shape.nodes[index]]; },
      screenOf: function (index) {
        var box = view.canvas.getBoundingClientRect();
        return [box.left + view.shape.x[index] * view.scale + view.panX,
          box.top + view.shape.y[index] * view.scale + view.panY];
      },
      lit: function () {
        var active = view.active();
        return active < 0 ? [] : [active].concat(view.neighbours[active]);
      },
      state: function () { return { scale: view.scale, panX: view.panX, panY: view.panY, focused: view.focused }; },
      firstDrawAt: function () { return view.firstDrawAt; },
      drawTimes: function () { return view.drawTimes.slice(); }
    };
  };

  function start(element, shape) {
    var view = new View(element, shape);
    view.wire();
    view.resize();
    views.push(view.api());
    var theme = function () {
      view.colours = colours();
      view.request();
    };
    new MutationObserver(theme).observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
    if (window.matchMedia) {
      var scheme = window.matchMedia("(prefers-color-scheme: dark)");
      if (scheme.addEventListener) scheme.addEventListener("change", theme);
    }
    return view;
  }

  function showSite(element) {
    loadData(function () {
      var fallback = document.querySelector(".graph-fallback");
      if (fallback) fallback.hidden = true;
      element.hidden = false;
      start(element, wholeGraph());
    });
  }

  function showLocal(element) {
    var section = element.closest(".local-graph");
    loadData(function () {
      var centre = data.byPage[currentPage()];
      if (centre === undefined || centre >= data.notes || !neighbours(centre).length) return;
      var depth = element.getAttribute("data-depth") === "2" ? 2 : 1;
      if (section) section.hidden = false;
      start(element, neighbourhood(centre, depth));
    });
  }

  // A note page loads the shared file only when its graph is about to be seen.
  function whenNear(element, action) {
    var anchor = element.closest(".local-graph");
    var marker = anchor ? anchor.previousElementSibling || anchor.parentNode : element;
    if (!window.IntersectionObserver || !marker) return action();
    var watcher = new IntersectionObserver(function (entries) {
      if (!entries.some(function (entry) { return entry.isIntersecting; })) return;
      watcher.disconnect();
      action();
    }, { rootMargin: "400px 0px" });
    watcher.observe(marker);
  }

  function wire() {
    document.querySelectorAll(".graph-view[data-graph]").forEach(function (element) {
      if (element.getAttribute("data-graph") === "site") {
        showSite(element);
      } else {
        whenNear(element, function () { showLocal(element); });
      }
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", wire);
  } else {
    wire();
  }
})();
