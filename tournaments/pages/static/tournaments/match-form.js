/* A match's particulars: each seat's list offers its team's own players first (the substitute
 * included, R14) as soon as the team is chosen; the server orders them the same way. */
(function () {
  "use strict";

  function teamFirst(seat, teamName) {
    var group = Array.prototype.find.call(seat.querySelectorAll("optgroup"), function (candidate) {
      return candidate.label === teamName;
    });
    var blank = seat.querySelector("option[value='']");
    if (group && blank) { seat.insertBefore(group, blank.nextSibling); }
  }

  function onTeamChange(event) {
    var team = event.target;
    if (!team.id || !/^id_team_[ab]$/.test(team.id)) { return; }
    var name = team.selectedOptions[0] ? team.selectedOptions[0].textContent : "";
    document.querySelectorAll("select[data-team-field='" + team.id + "']").forEach(function (seat) {
      teamFirst(seat, name);
    });
  }

  document.addEventListener("change", onTeamChange);
}());
