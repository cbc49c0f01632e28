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

  // Search: the index is a script (search-index.js), so it works from file:// too.
  var results = document.getElementById("search-results");
  if (!results || !window.SEARCH_INDEX) return;
  var input = document.getElementById("search-q");
  var status = document.getElementById("search-status");
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  var entries = window.SEARCH_INDEX.map(function (e) {
    return { entry: e, title: fold(e.title), text: fold(e.title + " " + e.text) };
  });
  function run(query) {
    var terms = fold(query).split(/\s+/).filter(Boolean);
    results.textContent = "";
    document.body.classList.toggle("searching", terms.length > 0);
    if (terms.length === 0) { status.textContent = ""; return; }
    var found = entries
      .filter(function (e) { return terms.every(function (t) { return e.text.indexOf(t) >= 0; }); })
      .map(function (e) {
        var score = terms.reduce(function (s, t) { return s + (e.title.indexOf(t) >= 0 ? 10 : 1); }, 0);
        return { e: e, score: score };
      })
      .sort(function (a, b) { return b.score - a.score || a.e.entry.title.localeCompare(b.e.entry.title); });
    status.textContent = found.length + (found.length === 1 ? " result" : " results") + " for “" + query + "”";
    // How long the page took from navigation to its first results, for the browser test.
    document.body.setAttribute("data-first-result-ms", String(Math.round(performance.now())));
    found.forEach(function (f) {
      var li = document.createElement("li");
      var kind = document.createElement("span");
      kind.className = "kind";
      kind.textContent = f.e.entry.kind;
      var a = document.createElement("a");
      a.href = f.e.entry.url;
      a.textContent = f.e.entry.title;
      li.append(kind, " ", a);
      results.appendChild(li);
    });
  }
  var query = new URLSearchParams(window.location.search).get("q") || "";
  input.value = query;
  run(query);
  input.addEventListener("input", function () { run(input.value); });
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
