// The plan pages (a bout's and the standing plan): the engine's verdict on the
// plan as it is typed (POST to the form's data-validate-url; nothing is saved),
// shown line by line under the field. Once the plan is changed, the errors the
// server gave for the plan it refused are stale: they go.
(function () {
  "use strict";
  var form = document.querySelector("form.plan-form[data-validate-url]");
  if (!form) return;
  var out = document.getElementById("plan-check");
  var url = form.getAttribute("data-validate-url");
  var side = form.getAttribute("data-side");
  var token = form.querySelector("input[name=csrfmiddlewaretoken]");
  var text = form.querySelector("textarea");
  var fields = form.querySelectorAll("select, input[type=number], input[type=checkbox]");
  var timer = null;

  function planData() {
    if (text) return text.value;
    var data = {};
    fields.forEach(function (f) {
      if (f.type === "checkbox") { if (f.checked) data[f.name] = true; }
      else if (f.value !== "") data[f.name] = f.type === "number" ? Number(f.value) : f.value;
    });
    return data;
  }

  function show(verdict) {
    out.textContent = "";
    if (verdict.valid) { out.textContent = "The engine takes this plan."; return; }
    var list = document.createElement("ul");
    list.className = "field-errors";
    (verdict.errors || []).forEach(function (e) {
      var item = document.createElement("li");
      item.setAttribute("data-line", e.line || "");
      item.textContent = (e.line ? "Line " + e.line + ": " : "") + e.message;
      list.appendChild(item);
    });
    out.appendChild(list);
  }

  function check() {
    var data = planData();
    if (data === "" || (typeof data === "object" && !Object.keys(data).length)) { out.textContent = ""; return; }
    fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": token ? token.value : ""},
      body: JSON.stringify({side: side, data: data})
    }).then(function (r) { return r.ok ? r.json() : null; })
      .then(function (verdict) { if (verdict) show(verdict); })
      .catch(function () { out.textContent = ""; });
  }

  function clearStale() {
    var listing = document.getElementById("plan-lines");
    if (listing) listing.parentNode.removeChild(listing);
    form.querySelectorAll(".field-errors, .form-errors").forEach(function (e) {
      if (!out.contains(e)) e.parentNode.removeChild(e);
    });
    form.querySelectorAll(".has-error").forEach(function (e) { e.classList.remove("has-error"); });
  }

  function later() { clearStale(); clearTimeout(timer); timer = setTimeout(check, 400); }
  if (text) text.addEventListener("input", later);
  fields.forEach(function (f) { f.addEventListener("change", later); });
})();
