/* Ringside: a fight night's card, results appearing bout by bout while the night
   is fought, without a reload. Polls the card's JSON (/events/<id>/status.json):
   often while bouts are with the workers, now and then while bouts wait for the
   night to fire, never once every bout is over. No build step, no external code. */
(function () {
  "use strict";

  var card = document.getElementById("card");
  if (!card || !card.hasAttribute("data-status-url")) { return; }
  var url = card.getAttribute("data-status-url");
  var live = document.getElementById("card-live");
  var FIGHTING = 2000;
  var WAITING = 20000;
  var UNFINISHED = ["scheduled", "queued", "running"];

  function show(row, bout) {
    if (row.getAttribute("data-status") === bout.status) { return; }
    row.setAttribute("data-status", bout.status);
    var cell = row.querySelector("td.result");
    var link = document.createElement("a");
    link.href = row.getAttribute("data-report-url");
    link.textContent = bout.result || bout.status_display;
    if (!bout.result) { link.className = "muted"; }
    cell.textContent = "";
    cell.appendChild(link);
    if (bout.failure_reason) {
      var why = document.createElement("span");
      why.className = "muted small";
      why.textContent = " " + bout.failure_reason;
      cell.appendChild(why);
    }
  }

  function poll() {
    fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (answer) { return answer.json(); })
      .then(function (state) {
        var waiting = false;
        state.bouts.forEach(function (bout) {
          var row = card.querySelector('tr[data-bout-id="' + bout.id + '"]');
          if (row) { show(row, bout); }
          waiting = waiting || UNFINISHED.indexOf(bout.status) >= 0;
        });
        if (live) {
          live.textContent = state.in_flight
            ? "Being fought now: results appear here as each bout ends."
            : "";
        }
        if (state.in_flight) { window.setTimeout(poll, FIGHTING); }
        else if (waiting) { window.setTimeout(poll, WAITING); }
      })
      .catch(function () { window.setTimeout(poll, WAITING); });
  }

  poll();
})();
