// The sandbox page: its progress line, polled until the try is finished; then the
// page is read again with the figures.
(function () {
  "use strict";
  var page = document.getElementById("sandbox");
  if (!page || page.getAttribute("data-finished") === "1") return;
  var out = document.getElementById("sandbox-progress");
  var url = page.getAttribute("data-progress-url");
  function poll() {
    fetch(url, {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (p) {
        if (!p) { setTimeout(poll, 2000); return; }
        out.textContent = p.words;
        if (p.finished) { window.location.reload(); return; }
        setTimeout(poll, 700);
      })
      .catch(function () { setTimeout(poll, 2000); });
  }
  poll();
})();
