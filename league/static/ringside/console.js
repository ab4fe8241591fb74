/* Ringside console: the card's statuses and a play-until job's progress
   without a reload, and the division picker that submits itself. No build step, no external code. */
(function () {
  "use strict";

  // A destructive action asks first (no inline handlers: the CSP forbids them).
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.confirm(form.getAttribute("data-confirm"))) { event.preventDefault(); }
    });
  });

  document.querySelectorAll("select.auto-submit").forEach(function (select) {
    select.addEventListener("change", function () { select.form.submit(); });
  });

  // "Play until": the job's progress bar, polled until the job ends, then the
  // page reloads to show the league's new date, tables and the play form.
  var job = document.getElementById("job");
  if (job && job.getAttribute("data-active") === "1") {
    var jobUrl = job.getAttribute("data-job-url");
    var field = function (name) { return job.querySelector('[data-field="' + name + '"]'); };
    var watch = function () {
      fetch(jobUrl, { headers: { Accept: "application/json" }, credentials: "same-origin" })
        .then(function (answer) { return answer.json(); })
        .then(function (state) {
          field("bar").value = state.progress.percent;
          field("nights").textContent = state.progress.nights;
          field("bouts").textContent = state.progress.bouts_done;
          field("total").textContent = state.progress.bouts_total;
          if (field("season")) { field("season").textContent = state.progress.season; }
          field("status").textContent = state.status === "running" ? "Running" : state.status;
          if (state.status === "queued" || state.status === "running") {
            window.setTimeout(watch, 700);
          } else {
            window.location.reload();
          }
        })
        .catch(function () { window.setTimeout(watch, 3000); });
    };
    watch();
  }

  var table = document.getElementById("card");
  if (!table) { return; }
  var url = table.getAttribute("data-status-url");
  var live = document.getElementById("card-live");
  var delay = 1500;

  function show(row, bout) {
    var status = row.querySelector('[data-field="status"]');
    if (status.textContent !== bout.status_display) {
      status.textContent = bout.status_display;
      status.className = "status status-" + bout.status;
    }
    row.querySelector('[data-field="result"]').textContent = bout.result;
    row.querySelector('[data-field="failure"]').textContent = bout.failure_reason;
    row.querySelectorAll("[data-show-when]").forEach(function (el) {
      el.hidden = el.getAttribute("data-show-when") !== bout.status;
    });
  }

  var seenInFlight = false;

  // The line under the card says how far the workers are, in words, and that
  // the card is finished once the last bout is (never "fighting" over results).
  function progress(state) {
    var waiting = state.bouts.filter(function (bout) {
      return bout.status === "queued" || bout.status === "running";
    }).length;
    if (waiting) {
      var done = state.bouts.filter(function (bout) {
        return ["completed", "failed", "voided"].indexOf(bout.status) !== -1;
      }).length;
      return waiting + (waiting === 1 ? " bout is" : " bouts are") + " fighting, " +
        done + " finished (this updates by itself).";
    }
    return seenInFlight ? "Every bout of the card is finished." : "";
  }

  function poll() {
    fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (answer) { return answer.json(); })
      .then(function (state) {
        state.bouts.forEach(function (bout) {
          var row = table.querySelector('tr[data-bout-id="' + bout.id + '"]');
          if (row) { show(row, bout); }
        });
        if (live) { live.textContent = progress(state); }
        if (state.in_flight) { seenInFlight = true; }
        if (state.in_flight) { window.setTimeout(poll, delay); }
      })
      .catch(function () { window.setTimeout(poll, delay * 4); });
  }

  poll();
})();
