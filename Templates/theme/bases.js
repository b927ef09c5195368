/* notesite bases: a table's header sorts its rows on a click (ascending, then descending), each
   group on its own, its summary row staying last; the header says how with aria-sort. Without this script the rows stay in the
   base's own order. */
(function () {
  "use strict";

  function key(cell) {
    if (!cell) return { empty: true, text: "" };
    var sort = cell.getAttribute("data-sort");
    if (sort !== null && sort !== "" && !isNaN(Number(sort))) return { number: Number(sort) };
    var text = cell.textContent.trim();
    return { empty: text === "", text: text };
  }

  function compare(a, b) {
    if (a.number !== undefined && b.number !== undefined) return a.number - b.number;
    if (a.empty || b.empty) return a.empty === b.empty ? 0 : a.empty ? 1 : -1;
    var left = a.number !== undefined ? String(a.number) : a.text;
    var right = b.number !== undefined ? String(b.number) : b.text;
    return left.localeCompare(right, undefined, { numeric: true, sensitivity: "base" });
  }

  function sortBy(table, headers, column) {
    var header = headers[column];
    var descending = header.getAttribute("aria-sort") === "ascending";
    headers.forEach(function (other) { other.removeAttribute("aria-sort"); });
    header.setAttribute("aria-sort", descending ? "descending" : "ascending");
    Array.prototype.forEach.call(table.tBodies, function (body) {
      var rows = Array.prototype.filter.call(body.rows, function (row) {
        return !row.classList.contains("base-group-row") && !row.classList.contains("base-group-summary");
      });
      var keyed = rows.map(function (row, index) {
        return { row: row, index: index, key: key(row.cells[column]) };
      });
      keyed.sort(function (a, b) {
        var order = compare(a.key, b.key);
        // Empty cells stay last either way; ties keep the base's order.
        if (order !== 0 && !a.key.empty && !b.key.empty && descending) order = -order;
        return order || a.index - b.index;
      });
      // The group's summary row stays last.
      var summary = body.querySelector("tr.base-group-summary");
      keyed.forEach(function (item) { body.insertBefore(item.row, summary); });
    });
  }

  function setUp(table) {
    var headers = Array.prototype.slice.call(table.tHead ? table.tHead.rows[0].cells : []);
    headers.forEach(function (header, column) {
      var button = document.createElement("button");
      button.type = "button";
      while (header.firstChild) button.appendChild(header.firstChild);
      header.appendChild(button);
      button.addEventListener("click", function () { sortBy(table, headers, column); });
    });
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("table.base-table"), setUp);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
