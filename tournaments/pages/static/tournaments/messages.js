/* A page's messages ("Saved: Pagátok.") are shown once. A page brought back whole by the browser's
 * Back or Forward (its back-forward cache) would show them again, as if the change were new: they
 * are taken away then. */
(function () {
  "use strict";
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) { return; }
    document.querySelectorAll("main .messages").forEach(function (list) { list.remove(); });
  });
}());
