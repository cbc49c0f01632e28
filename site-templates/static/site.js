// Progressive enhancement only: every page is complete without this script.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // Sample games: step through the moves instead of scrolling a long list.
  document.querySelectorAll("[data-replay]").forEach(function (replay) {
    var steps = replay.querySelectorAll(".step");
    if (steps.length === 0) return;
    var controls = document.createElement("div");
    controls.className = "replay-controls";
    var previous = button("◀ Previous");
    var next = button("Next ▶");
    var slider = document.createElement("input");
    slider.type = "range";
    slider.min = "0";
    slider.max = String(steps.length - 1);
    slider.value = "0";
    slider.setAttribute("aria-label", "Move");
    var label = document.createElement("span");
    label.setAttribute("aria-live", "polite");
    controls.append(previous, slider, next, label);
    replay.insertBefore(controls, replay.firstChild);
    replay.classList.add("stepping");
    var current = 0;
    function show(index) {
      current = Math.max(0, Math.min(steps.length - 1, index));
      steps.forEach(function (step, i) { step.classList.toggle("current", i === current); });
      slider.value = String(current);
      label.textContent = "Move " + (current + 1) + " of " + steps.length;
    }
    previous.addEventListener("click", function () { show(current - 1); });
    next.addEventListener("click", function () { show(current + 1); });
    slider.addEventListener("input", function () { show(Number(slider.value)); });
    show(0);
  });

  function button(text) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    return b;
  }

  // Search: the index is scripts in parts (static/search/*.js), so it works from file://
  // too; the games come first and are searched at once, the other parts as they arrive.
  var results = document.getElementById("search-results");
  if (!results) return;
  var input = document.getElementById("search-q");
  var status = document.getElementById("search-status");
  var expected = Number(results.getAttribute("data-parts")) || 0;
  var GROUPS = [
    ["game", "Games", "game"], ["ruleset", "Portal rulesets", "portal ruleset"],
    ["evidence", "Evidence records", "evidence record"], ["source", "Sources", "source"],
    ["claim", "Claims", "claim"]
  ];
  var SHOWN = 10;
  var entries = [];
  var loaded = 0;
  var expanded = {};
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function add(part) {
    loaded += 1;
    part.entries.forEach(function (e) {
      entries.push({
        kind: part.kind, title: e[0], url: e[1], text: e[2], games: e[3], number: e[4],
        foldedTitle: fold(e[0]), folded: fold(e[0] + " · " + e[2])
      });
    });
  }
  // The words around the first place a term is found, the term marked.
  function snippet(entry, terms) {
    var text = entry.text;
    var folded = fold(text);
    var at = -1, length = 0;
    terms.forEach(function (t) {
      var i = folded.indexOf(t);
      if (i >= 0 && (at < 0 || i < at)) { at = i; length = t.length; }
    });
    var p = document.createElement("p");
    p.className = "snippet";
    // Folding can change a text's length (a letter and its accent); then show its start.
    if (at < 0 || folded.length !== text.length) {
      p.textContent = text.length > 160 ? text.slice(0, 160) + "…" : text;
      return text ? p : null;
    }
    var from = Math.max(0, at - 70), to = Math.min(text.length, at + length + 90);
    var mark = document.createElement("mark");
    mark.textContent = text.slice(at, at + length);
    p.append((from > 0 ? "…" : "") + text.slice(from, at), mark, text.slice(at + length, to) + (to < text.length ? "…" : ""));
    return p;
  }
  function run(query) {
    var terms = fold(query).split(/\s+/).filter(Boolean);
    var phrase = terms.join(" ");
    results.textContent = "";
    document.body.classList.toggle("searching", terms.length > 0);
    if (terms.length === 0) { status.textContent = ""; return; }
    // Games whose name or another name is what was asked: theirs come first in every group.
    var named = {};
    entries.forEach(function (e) {
      if (e.kind !== "game") return;
      var names = [e.foldedTitle].concat(fold(e.text).split(" · "));
      if (names.indexOf(phrase) >= 0) named[e.games[0]] = true;
    });
    var found = entries.filter(function (e) {
      return terms.every(function (t) { return e.folded.indexOf(t) >= 0; });
    }).map(function (e) {
      var score = 0;
      if (e.kind === "game" && named[e.games[0]]) score += 1000;
      if (e.games.some(function (g) { return named[g]; })) score += 100;
      if (e.foldedTitle === phrase) score += 50;
      else if (e.foldedTitle.indexOf(phrase) === 0) score += 20;
      score += terms.filter(function (t) { return e.foldedTitle.indexOf(t) >= 0; }).length * 5;
      return { e: e, score: score };
    });
    found.sort(function (a, b) {
      return b.score - a.score ||
        (a.e.number !== null && b.e.number !== null ? a.e.number - b.e.number : 0) ||
        a.e.title.localeCompare(b.e.title);
    });
    var counts = [];
    GROUPS.forEach(function (group) {
      var inGroup = found.filter(function (f) { return f.e.kind === group[0]; });
      if (inGroup.length === 0) return;
      counts.push(inGroup.length + " " + (inGroup.length === 1 ? group[2] : group[1].toLowerCase()));
      var section = document.createElement("section");
      section.className = "result-group";
      var heading = document.createElement("h2");
      heading.textContent = group[1] + " (" + inGroup.length + ")";
      var list = document.createElement("ol");
      var limit = expanded[group[0]] ? inGroup.length : SHOWN;
      inGroup.slice(0, limit).forEach(function (f) {
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = f.e.url;
        a.textContent = f.e.title;
        li.append(a);
        var s = snippet(f.e, terms);
        if (s) li.append(s);
        list.appendChild(li);
      });
      section.append(heading, list);
      if (inGroup.length > limit) {
        var more = document.createElement("button");
        more.type = "button";
        more.textContent = "Show all " + inGroup.length;
        more.addEventListener("click", function () { expanded[group[0]] = true; run(input.value); });
        section.appendChild(more);
      }
      results.appendChild(section);
    });
    var waiting = loaded < expected ? " (still reading the index…)" : "";
    status.textContent = found.length + (found.length === 1 ? " result" : " results") + " for “" + query + "”" +
      (counts.length ? ": " + counts.join(", ") : "") + waiting;
    // When the page first showed results, and when the whole index was searched, for the
    // browser test.
    if (found.length > 0 && !document.body.hasAttribute("data-first-result-ms")) {
      document.body.setAttribute("data-first-result-ms", String(Math.round(performance.now())));
    }
    if (loaded >= expected) {
      document.body.setAttribute("data-complete-ms", String(Math.round(performance.now())));
    }
  }
  var query = new URLSearchParams(window.location.search).get("q") || "";
  input.value = query;
  (window.SEARCH_PARTS || []).forEach(add);
  window.SEARCH_PARTS = { push: function (part) { add(part); run(input.value); } };
  run(query);
  input.addEventListener("input", function () { expanded = {}; run(input.value); });
})();

// Index pages: filter rows by the selects of a form, sort by a column heading.
(function () {
  "use strict";
  document.querySelectorAll("form[data-filter-table]").forEach(function (form) {
    var table = document.getElementById(form.getAttribute("data-filter-table"));
    if (!table) return;
    var rows = Array.prototype.slice.call(table.tBodies[0].rows);
    var count = form.querySelector(".filter-count");
    var warning = form.querySelector(".filter-warning");
    function apply() {
      var shown = 0;
      var wanted = Array.prototype.map.call(form.querySelectorAll("select"), function (s) {
        return { name: s.name, value: s.value };
      }).filter(function (w) { return w.value !== ""; });
      rows.forEach(function (row) {
        var keep = wanted.every(function (w) {
          var have = row.getAttribute("data-" + w.name) || "";
          return have.split("; ").indexOf(w.value) >= 0;
        });
        row.hidden = !keep;
        if (keep) shown += 1;
      });
      if (count) count.textContent = shown + " of " + rows.length + " shown";
      table.dispatchEvent(new Event("filtered"));
    }
    // A filter can be given in the address (evidence/index.html?game=Senet), so that other
    // pages can link to a filtered list. Case does not matter; a value no row has is said so.
    var params = new URLSearchParams(window.location.search);
    var unknown = [];
    form.querySelectorAll("select").forEach(function (select) {
      var given = params.get(select.name);
      if (given === null || given === "") return;
      var match = Array.prototype.find.call(select.options, function (option) {
        return option.value !== "" && option.value.toLowerCase() === given.toLowerCase();
      });
      if (match) {
        select.value = match.value;
      } else {
        var label = select.parentNode.firstChild.textContent.trim().toLowerCase();
        unknown.push("no " + label + " is called “" + given + "”");
      }
    });
    if (warning && unknown.length > 0) {
      warning.textContent = "Not filtered: " + unknown.join("; ") + ". Choose from the lists.";
      warning.hidden = false;
    }
    form.addEventListener("change", function () {
      if (warning) warning.hidden = true;
      apply();
    });
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    apply();
  });
  document.querySelectorAll("table.sortable").forEach(function (table) {
    var headings = table.tHead.rows[0].cells;
    var buttons = [];
    Array.prototype.forEach.call(headings, function (heading, column) {
      var kind = heading.getAttribute("data-sort");
      if (!kind) return;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      button.textContent = heading.textContent;
      heading.textContent = "";
      heading.appendChild(button);
      var arrow = document.createElement("span");
      arrow.className = "sort-arrow";
      arrow.setAttribute("aria-hidden", "true");
      button.appendChild(arrow);
      buttons.push({ heading: heading, arrow: arrow });
      function mark() {
        buttons.forEach(function (b) {
          var state = b.heading.getAttribute("aria-sort");
          b.arrow.textContent = state === "ascending" ? " ▲" : state === "descending" ? " ▼" : "";
        });
      }
      mark();
      button.addEventListener("click", function () {
        var ascending = heading.getAttribute("aria-sort") !== "ascending";
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        // A cell without a value (an undated record) sorts last in both directions.
        function key(row) {
          var cell = row.cells[column];
          var value = cell.hasAttribute("data-key") ? cell.getAttribute("data-key") : cell.textContent.trim();
          if (value === "") return null;
          return kind === "text" ? value.toLowerCase() : Number(value);
        }
        rows.sort(function (a, b) {
          var x = key(a), y = key(b);
          if (x === null || y === null) return (x === null) - (y === null);
          return (x < y ? -1 : x > y ? 1 : 0) * (ascending ? 1 : -1);
        });
        rows.forEach(function (row) { body.appendChild(row); });
        buttons.forEach(function (b) { b.heading.removeAttribute("aria-sort"); });
        heading.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        mark();
        table.dispatchEvent(new Event("sorted"));
      });
    });
  });
})();

// Long lists a page at a time: a table or list marked `data-page-size` shows that many of its
// rows (those its filters keep, in the order its sorting gives), with a pager and counts.
// Filters and sorting act on every row; without this script every row is shown.
(function () {
  "use strict";
  document.querySelectorAll("[data-page-size]").forEach(function (list) {
    var size = Number(list.getAttribute("data-page-size"));
    var table = list.tagName === "TABLE";
    var body = table ? list.tBodies[0] : list;
    var page = 0;
    var pager = document.createElement("nav");
    pager.className = "pager";
    pager.setAttribute("aria-label", "Pages of " + (list.getAttribute("aria-label") || "the list"));
    var previous = document.createElement("button");
    previous.type = "button";
    previous.textContent = "◀ Previous";
    var next = document.createElement("button");
    next.type = "button";
    next.textContent = "Next ▶";
    var where = document.createElement("span");
    where.setAttribute("aria-live", "polite");
    var all = document.createElement("button");
    all.type = "button";
    all.textContent = "Show all";
    pager.append(previous, where, next, all);
    var anchor = table && list.parentNode.classList.contains("table-wrap") ? list.parentNode : list;
    anchor.parentNode.insertBefore(pager, anchor.nextSibling);
    function show() {
      var rows = Array.prototype.filter.call(body.children, function (row) { return !row.hidden; });
      var pages = Math.max(1, Math.ceil(rows.length / size));
      page = Math.max(0, Math.min(page, pages - 1));
      Array.prototype.forEach.call(body.children, function (row) { row.classList.add("off-page"); });
      rows.slice(page * size, (page + 1) * size).forEach(function (row) { row.classList.remove("off-page"); });
      var first = rows.length === 0 ? 0 : page * size + 1;
      var last = Math.min(rows.length, (page + 1) * size);
      where.textContent = first + "–" + last + " of " + rows.length + " (page " + (page + 1) + " of " + pages + ")";
      previous.disabled = page === 0;
      next.disabled = page >= pages - 1;
      pager.hidden = rows.length <= size;
    }
    previous.addEventListener("click", function () { page -= 1; show(); });
    next.addEventListener("click", function () { page += 1; show(); });
    all.addEventListener("click", function () { size = Infinity; show(); pager.hidden = true; });
    list.addEventListener("filtered", function () { page = 0; show(); });
    list.addEventListener("sorted", function () { page = 0; show(); });
    // A link to a row (the map's circles link to their cells) opens the row's page.
    function reveal() {
      var target = window.location.hash && document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
      if (!target || target.parentNode !== body || target.hidden) return;
      var rows = Array.prototype.filter.call(body.children, function (row) { return !row.hidden; });
      page = Math.floor(rows.indexOf(target) / size);
      show();
      target.scrollIntoView();
    }
    window.addEventListener("hashchange", reveal);
    show();
    reveal();
  });
})();

// Maps that zoom and pan in the page, without a server: the buttons, the wheel, dragging,
// and two fingers pinching on a touch screen.
// Circles keep about their size on screen as the map grows, so that near places part.
(function () {
  "use strict";
  document.querySelectorAll("figure.zoom svg.map").forEach(function (svg) {
    var base = svg.getAttribute("viewBox").split(/\s+/).map(Number);
    var view = base.slice();
    var circles = Array.prototype.map.call(svg.querySelectorAll("circle"), function (c) {
      return { circle: c, r: Number(c.getAttribute("r")) };
    });
    svg.classList.add("zoomable");
    function draw() {
      svg.setAttribute("viewBox", view.map(function (v) { return v.toFixed(2); }).join(" "));
      var zoom = base[2] / view[2];
      svg.setAttribute("data-zoom", zoom.toFixed(2));
      circles.forEach(function (c) { c.circle.setAttribute("r", (c.r / Math.sqrt(zoom)).toFixed(2)); });
    }
    // Zoom by `factor` about a point of the map (its centre when none is given).
    function zoomBy(factor, cx, cy) {
      if (cx === undefined) { cx = view[0] + view[2] / 2; cy = view[1] + view[3] / 2; }
      var width = Math.min(base[2], Math.max(base[2] / 40, view[2] / factor));
      var height = width * base[3] / base[2];
      view = [cx - (cx - view[0]) * width / view[2], cy - (cy - view[1]) * height / view[3], width, height];
      clamp();
      draw();
    }
    function clamp() {
      view[0] = Math.max(base[0], Math.min(base[0] + base[2] - view[2], view[0]));
      view[1] = Math.max(base[1], Math.min(base[1] + base[3] - view[3], view[1]));
    }
    function point(event) {
      var box = svg.getBoundingClientRect();
      return [view[0] + (event.clientX - box.left) / box.width * view[2],
              view[1] + (event.clientY - box.top) / box.height * view[3]];
    }
    var controls = document.createElement("div");
    controls.className = "map-controls";
    [["+", "Zoom in", function () { zoomBy(2); }], ["−", "Zoom out", function () { zoomBy(0.5); }],
     ["Whole map", "Show the whole map", function () { view = base.slice(); draw(); }]].forEach(function (b) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = b[0];
      button.setAttribute("aria-label", b[1]);
      button.addEventListener("click", b[2]);
      controls.appendChild(button);
    });
    svg.parentNode.insertBefore(controls, svg);
    svg.addEventListener("wheel", function (event) {
      event.preventDefault();
      var p = point(event);
      zoomBy(event.deltaY < 0 ? 1.25 : 0.8, p[0], p[1]);
    }, { passive: false });
    // Pointers down on the map, by id: one drags, two pinch (touch screens).
    var pointers = {};
    var drag = null, pinch = null, pinched = false, dragged = false;
    function down() { return Object.keys(pointers).map(function (id) { return pointers[id]; }); }
    // Two fingers' distance apart and the point between them, on the screen.
    function spread() {
      var p = down();
      return { distance: Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y),
               clientX: (p[0].x + p[1].x) / 2, clientY: (p[0].y + p[1].y) / 2 };
    }
    svg.addEventListener("pointerdown", function (event) {
      pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
      if (down().length === 2) {
        drag = null;
        pinch = spread();
        pinched = true;
      } else if (down().length === 1) {
        drag = { x: event.clientX, y: event.clientY, view: view.slice(), moved: false };
      }
    });
    svg.addEventListener("pointermove", function (event) {
      if (!(event.pointerId in pointers)) return;
      pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
      if (pinch && down().length === 2) {
        // The map grows as the fingers part, about the point between them.
        var now = spread();
        if (pinch.distance > 0 && now.distance > 0) {
          var p = point(now);
          zoomBy(now.distance / pinch.distance, p[0], p[1]);
        }
        pinch = now;
        return;
      }
      if (!drag) return;
      var box = svg.getBoundingClientRect();
      var dx = (event.clientX - drag.x) / box.width * view[2];
      var dy = (event.clientY - drag.y) / box.height * view[3];
      if (Math.abs(dx) + Math.abs(dy) > 0) drag.moved = true;
      view = [drag.view[0] - dx, drag.view[1] - dy, view[2], view[3]];
      clamp();
      draw();
    });
    ["pointerup", "pointerleave", "pointercancel"].forEach(function (name) {
      svg.addEventListener(name, function (event) {
        delete pointers[event.pointerId];
        dragged = (drag !== null && drag.moved) || pinched;
        drag = null;
        if (down().length < 2) pinch = null;
        if (down().length === 0) pinched = false;
      });
    });
    // A drag that ends on a circle does not open it.
    svg.addEventListener("click", function (event) {
      if (dragged) event.preventDefault();
      dragged = false;
    }, true);
    svg.zoomBy = zoomBy;
  });
})();
