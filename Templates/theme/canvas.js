/* notesite boards (.canvas pages and their embeds). Without this script a board is the list of its
   nodes in reading order. With it, the nodes take their places on the plane, the board opens fitted
   to its view, and the reader pans (drag, arrow keys) and zooms (wheel, pinch, + and -, "Fit"). */
(function () {
  "use strict";

  var MIN_SCALE = 0.05;
  var MAX_SCALE = 4;
  var STEP = 1.25;
  var PAN = 60;

  function clamp(scale) {
    return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
  }

  function setUp(root) {
    if (root.classList.contains("canvas-live")) return;
    var viewport = root.querySelector(".canvas-viewport");
    var board = viewport && viewport.querySelector(".canvas-board");
    if (!board) return;
    var width = parseFloat(root.getAttribute("data-canvas-width")) || 1;
    var height = parseFloat(root.getAttribute("data-canvas-height")) || 1;
    var view = { x: 0, y: 0, scale: 1 };
    var moved = false;
    root.classList.add("canvas-live");
    viewport.tabIndex = 0;
    viewport.setAttribute(
      "aria-roledescription", "board: drag or use the arrow keys to pan, + and - to zoom, 0 to fit");

    function apply() {
      board.style.transform =
        "translate(" + view.x + "px," + view.y + "px) scale(" + view.scale + ")";
      root.setAttribute("data-scale", view.scale.toFixed(4));
    }

    function fit() {
      var w = viewport.clientWidth;
      var h = viewport.clientHeight;
      view.scale = clamp(Math.min(w / width, h / height, 1));
      view.x = (w - width * view.scale) / 2;
      view.y = (h - height * view.scale) / 2;
      moved = false;
      apply();
    }

    function zoom(factor, x, y) {
      var scale = clamp(view.scale * factor);
      var k = scale / view.scale;
      view.x = x - (x - view.x) * k;
      view.y = y - (y - view.y) * k;
      view.scale = scale;
      moved = true;
      apply();
    }

    function pan(dx, dy) {
      view.x += dx;
      view.y += dy;
      moved = true;
      apply();
    }

    function zoomCentre(factor) {
      zoom(factor, viewport.clientWidth / 2, viewport.clientHeight / 2);
    }

    var controls = document.createElement("div");
    controls.className = "canvas-controls";
    [
      ["+", "Zoom in", function () { zoomCentre(STEP); }],
      ["\u2212", "Zoom out", function () { zoomCentre(1 / STEP); }],
      ["Fit", "Fit the board to the view", fit]
    ].forEach(function (entry) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = entry[0];
      button.title = entry[1];
      button.setAttribute("aria-label", entry[1]);
      button.addEventListener("click", entry[2]);
      controls.appendChild(button);
    });
    root.appendChild(controls);

    // A node's own scrolling content keeps the wheel while it can scroll that way.
    function scrolls(target, deltaY) {
      var content = target.closest && target.closest(".canvas-node-content");
      if (!content || !viewport.contains(content)) return false;
      if (content.scrollHeight <= content.clientHeight) return false;
      if (deltaY < 0) return content.scrollTop > 0;
      return content.scrollTop + content.clientHeight < content.scrollHeight - 1;
    }

    viewport.addEventListener("wheel", function (event) {
      if (!event.ctrlKey && scrolls(event.target, event.deltaY)) return;
      event.preventDefault();
      var box = viewport.getBoundingClientRect();
      var amount = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      zoom(Math.exp(-amount * 0.0015), event.clientX - box.left, event.clientY - box.top);
    }, { passive: false });

    var pointers = new Map();
    var pinch = 0;

    function spread() {
      var points = Array.from(pointers.values());
      var dx = points[0].x - points[1].x;
      var dy = points[0].y - points[1].y;
      return {
        distance: Math.sqrt(dx * dx + dy * dy),
        x: (points[0].x + points[1].x) / 2,
        y: (points[0].y + points[1].y) / 2
      };
    }

    viewport.addEventListener("pointerdown", function (event) {
      if (event.pointerType === "mouse" && event.button !== 0) return;
      if (event.target.closest("a, button, input, select, textarea, audio, video, summary, object")) return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      try {
        viewport.setPointerCapture(event.pointerId);
      } catch (error) {
        // A pointer the browser no longer tracks: the drag goes on without capture.
      }
      if (pointers.size === 2) pinch = spread().distance;
      root.classList.add("canvas-dragging");
    });

    viewport.addEventListener("pointermove", function (event) {
      var last = pointers.get(event.pointerId);
      if (!last) return;
      event.preventDefault();
      if (pointers.size === 1) {
        pan(event.clientX - last.x, event.clientY - last.y);
        pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
        return;
      }
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      var now = spread();
      if (pinch > 0 && now.distance > 0) {
        var box = viewport.getBoundingClientRect();
        zoom(now.distance / pinch, now.x - box.left, now.y - box.top);
      }
      pinch = now.distance;
    });

    function release(event) {
      pointers.delete(event.pointerId);
      pinch = pointers.size === 2 ? spread().distance : 0;
      if (pointers.size === 0) root.classList.remove("canvas-dragging");
    }
    viewport.addEventListener("pointerup", release);
    viewport.addEventListener("pointercancel", release);

    viewport.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      var handled = true;
      switch (event.key) {
        case "ArrowLeft": pan(PAN, 0); break;
        case "ArrowRight": pan(-PAN, 0); break;
        case "ArrowUp": pan(0, PAN); break;
        case "ArrowDown": pan(0, -PAN); break;
        case "+": case "=": zoomCentre(STEP); break;
        case "-": case "_": zoomCentre(1 / STEP); break;
        case "0": fit(); break;
        default: handled = false;
      }
      if (handled) event.preventDefault();
    });

    // A group's background image as the layer's own background, filling the group as the board
    // says: cover (all of it, cropped), ratio (the whole image, its proportions kept) or repeat
    // (tiled at the image's size); the image element is the list's, without the script.
    root.querySelectorAll(".canvas-group-background").forEach(function (layer) {
      var image = layer.querySelector("img");
      var source = image && (image.currentSrc || image.getAttribute("src"));
      if (!source) return;
      layer.style.backgroundImage =
        'url("' + source.replace(/["\\]/g, "\\$&").replace(/\n/g, "\\a ") + '")';
      if (layer.classList.contains("canvas-background-repeat")) {
        var width = parseFloat(image.getAttribute("width")) || image.naturalWidth;
        var height = parseFloat(image.getAttribute("height")) || image.naturalHeight;
        if (width > 0 && height > 0) layer.style.backgroundSize = width + "px " + height + "px";
      }
      layer.classList.add("canvas-background-drawn");
    });

    // A board the reader has not moved follows its view's size (rotation, a resized window).
    window.addEventListener("resize", function () {
      if (!moved) fit();
    });

    fit();
  }

  function start() {
    document.querySelectorAll(".canvas").forEach(setUp);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
