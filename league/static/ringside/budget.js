/* Points left on the career fighter form: the budget minus each ability times its
   price (the server checks the same sum; this is only a guide while typing). */
(function () {
  "use strict";
  var form = document.getElementById("career-fighter");
  var out = document.getElementById("points-left");
  if (!form || !out) { return; }
  var budget = parseInt(form.getAttribute("data-budget"), 10);
  var inputs = form.querySelectorAll("input[data-price]");
  function update() {
    var spent = 0;
    for (var i = 0; i < inputs.length; i++) {
      var value = parseInt(inputs[i].value, 10);
      if (!isNaN(value)) { spent += value * parseInt(inputs[i].getAttribute("data-price"), 10); }
    }
    var left = budget - spent;
    out.textContent = String(left);
    out.className = left < 0 ? "over" : "";
  }
  for (var i = 0; i < inputs.length; i++) { inputs[i].addEventListener("input", update); }
  update();
})();
