// The notation's legend (templates/jury/_notation_legend.html) stands open beside the fields on a
// laptop and stays folded on a phone, where it would push the fields off the screen.
(function () {
  "use strict";
  if (window.matchMedia("(min-width: 700px)").matches) {
    document.querySelectorAll("details.notation-legend").forEach(function (legend) { legend.open = true; });
  }
})();
