// A finished hand, one step at a time: the deal, the calls, each trick, the scores. Every step is
// on the page already (read without script); this shows one, stepped by the buttons or ← and →.
"use strict";

(function () {
  const root = document.getElementById("replay");
  if (!root) return;
  const words = JSON.parse(document.getElementById("replay-words").textContent);
  const steps = Array.from(root.querySelectorAll(".replay-step"));
  const back = document.getElementById("replay-back");
  const forward = document.getElementById("replay-forward");
  const where = document.getElementById("replay-where");
  let current = 0;

  function show(index) {
    current = Math.max(0, Math.min(index, steps.length - 1));
    steps.forEach((step, number) => { step.hidden = number !== current; });
    const focused = document.activeElement;
    back.disabled = current === 0;
    forward.disabled = current === steps.length - 1;
    // A button disabled under the keyboard's focus hands it to the other, so the focus is not lost.
    if (focused === back && back.disabled) forward.focus();
    if (focused === forward && forward.disabled) back.focus();
    where.textContent = words.step.replace("%(number)s", current + 1).replace("%(count)s", steps.length);
  }

  root.querySelector(".replay-controls").hidden = false;
  back.addEventListener("click", () => show(current - 1));
  forward.addEventListener("click", () => show(current + 1));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowRight") { show(current + 1); event.preventDefault(); }
    else if (event.key === "ArrowLeft") { show(current - 1); event.preventDefault(); }
  });
  show(0);
})();
