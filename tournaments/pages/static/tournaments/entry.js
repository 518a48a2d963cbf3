/* The jury's entry page, keyboard first. No scoring here: every score comes from the server.
 *
 * Enter moves to the next field of the hand (in the announcements, Enter on an empty line does);
 * Enter on the hand's last field stores the hand (htmx posts it) and moves to the next hand not
 * stored, or to "Submit for confirmation" once every hand is stored. After a refusal the first
 * marked field has the focus. While the juror types, the hand is kept on the server (nothing typed
 * is lost) and the engine's score comes back. Hand 1's attackers decide the later hands' (R3).
 * Submitting, withdrawing, confirming or sending back swaps the page's main part for the answer, and
 * a stored hand's answer carries the match's state: the state shown changes without a reload.
 *
 * The same keyboard serves the blind confirmation (one form, a fieldset a hand: Enter on a hand's
 * last field goes on to the next hand, then to "Compare") and a correction (then to its reason).
 * With the full deal open, Enter on an empty line of the deal goes on to the tricks, and on an
 * empty line of the tricks finishes the hand. Alt+Shift and the letter shown on a button (S
 * submit, C confirm, B send back, W withdraw, K correct, R replace theirs after a lost race) reach
 * it from anywhere on the page; Alt+Shift and a hand's number, that hand's first field. In a
 * send-back's comment Enter sends it back (Shift+Enter: a new line).
 */
(function () {
  "use strict";

  var KEEP_DELAY = 500;
  var FLOW = ["attackers", "a_trumps", "a_honours", "a_high", "b_trumps", "b_honours", "b_high",
              "announcements", "silent"];
  var B_FIELDS = ["b_trumps", "b_honours", "b_high"];

  var FULL = ["deal", "tricks"];

  function field(form, name) {
    return form.querySelector("[name='h" + form.dataset.number + "-" + name + "']");
  }

  function fieldName(input) {
    return input.name.replace(/^h\d+-/, "");
  }

  function bTyped(form) {
    return B_FIELDS.some(function (name) { var input = field(form, name); return input && input.value.trim(); });
  }

  /* The fields Enter walks through: attackers only in hand 1 (later hands follow it, R3), B's
   * holdings only when the juror typed some (empty, they follow from A's), the deal and the tricks
   * once their box is open. */
  function flow(form) {
    var number = Number(form.dataset.number);
    var full = form.querySelector("details.full-record");
    var names = FLOW.concat(full && full.open ? FULL : []);
    return names.filter(function (name) {
      if (name === "attackers") { return number === 1; }
      if (B_FIELDS.indexOf(name) >= 0) { return bTyped(form); }
      return true;
    }).map(function (name) { return field(form, name); }).filter(Boolean);
  }

  /* A hand of the page: the entry page's form, or a fieldset of the blind confirmation's or the
   * correction's one form. */
  function handOf(element) {
    return element.closest ? element.closest(".hand[data-number]") : null;
  }

  function focusField(input) {
    if (!input) { return; }
    input.focus();
    if (input.select && input.tagName !== "SELECT" && input.tagName !== "TEXTAREA") { input.select(); }
    if (input.tagName === "TEXTAREA") { input.selectionStart = input.selectionEnd = input.value.length; }
  }

  function firstField(form) {
    return flow(form)[0];
  }

  function handForm(number) {
    return document.getElementById("hand-" + number);
  }

  /* Enter in the announcements: a new line, unless the caret ends an empty line (or the field). */
  function enterLeavesTextarea(textarea) {
    var before = textarea.value.slice(0, textarea.selectionStart);
    var after = textarea.value.slice(textarea.selectionEnd);
    if (after.trim()) { return false; }
    if (!before.trim()) { return true; }
    if (/\n\s*$/.test(before)) {
      textarea.value = before.replace(/\s+$/, "");
      return true;
    }
    return false;
  }

  /* A stored hand the juror has not changed: Enter walks through it to the next hand, storing
   * nothing again, so that Enter can lead from hand 1 to the hand to change. Its fields are compared
   * with what the page showed (an Enter at the end of the announcements adds a line that the next
   * Enter takes away again). */
  function handValues(form) {
    return Array.prototype.filter.call(form.elements, function (element) {
      return element.name && element.type !== "hidden" && element.tagName !== "BUTTON";
    }).map(function (element) { return element.value.replace(/\s+$/, ""); }).join("\u0001");
  }

  function rememberStoredHands() {
    document.querySelectorAll("form.hand.hand-stored").forEach(function (form) {
      if (form._shown === undefined) { form._shown = handValues(form); }
    });
  }

  function unchangedStoredHand(form) {
    return form.classList.contains("hand-stored") && !form.classList.contains("hand-invalid") &&
      form._shown !== undefined && form._shown === handValues(form);
  }

  function finishHand(form) {
    if (form.tagName !== "FORM" || unchangedStoredHand(form)) { goPastHand(form); return; }
    clearTimeout(form._keepTimer);
    form._finishing = true;
    if (form.requestSubmit) { form.requestSubmit(); } else { form.submit(); }
  }

  /* A hand of one form for the whole match (blind, correction): on to the next hand, and after the
   * last to what ends the form (the correction's reason, else its button), nothing sent yet. */
  function goPastHand(hand) {
    var next = handForm(Number(hand.dataset.number) + 1);
    if (next && next.dataset.number) { focusField(firstField(next)); return; }
    if (hand.tagName === "FORM") {  // the entry page's last hand: on to Submit, else its own Save
      focusField(document.getElementById("submit-match") || hand.querySelector("button[type=submit]"));
      return;
    }
    var form = hand.closest("form");
    var end = form && (form.querySelector("[name='reason']") || form.querySelector("button[type=submit]"));
    if (end) { focusField(end); }
  }

  function onKeydown(event) {
    var input = event.target;
    var form = handOf(input);
    if (!form || event.key !== "Enter" || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    if (input.tagName === "SUMMARY") { openFullRecord(event, input); return; }
    if (input.tagName === "BUTTON" || input.tagName === "A") { return; }
    if (input.tagName === "TEXTAREA" && !enterLeavesTextarea(input)) { return; }
    event.preventDefault();
    var steps = flow(form);
    var at = steps.indexOf(input);
    // A field Enter's walk passes over (a later hand's attackers, B's holdings left to follow A's):
    // on to the walk's next field after it, never straight to storing the hand.
    var next = at >= 0 ? steps[at + 1] : steps.filter(function (step) {
      return input.compareDocumentPosition(step) & Node.DOCUMENT_POSITION_FOLLOWING;
    })[0];
    if (next) {
      focusField(next);
    } else {
      finishHand(form);
    }
  }

  /* Enter in a send-back's comment sends the match back with it; Shift+Enter starts a new line.
   * The comment is short (one or two sentences of what to check): Enter ending it is the juror's
   * "done", as in a chat box. */
  function onCommentKey(event) {
    var textarea = event.target;
    if (event.key !== "Enter" || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) { return; }
    if (textarea.tagName !== "TEXTAREA" || !textarea.closest("form.send-back")) { return; }
    event.preventDefault();
    var form = textarea.form;
    if (form.requestSubmit) { form.requestSubmit(); } else { form.submit(); }
  }

  /* While typing: keep the hand on the server (htmx, no swap; the answer's parts say what it did:
   * the engine's score on the entry page, "kept" on the blind confirmation's). A hand is the entry
   * page's form, or a fieldset of the blind confirmation's one form (which posts every hand; the
   * server keeps this one). */
  function onInput(event) {
    fitLines(event.target);
    var hand = event.target.closest && event.target.closest("[data-keep]");
    if (!hand || !window.htmx) { return; }
    if (fieldName(event.target) === "attackers" && hand.dataset.number === "1") { followAttack(event.target.value); }
    clearTimeout(hand._keepTimer);
    hand._keepTimer = setTimeout(function () {
      window.htmx.ajax("POST", hand.dataset.keep, {source: hand, swap: "none"});
    }, KEEP_DELAY);
  }

  /* R3: attack alternates from hand 1; hands not stored yet follow hand 1's choice. */
  function followAttack(first) {
    var other = first === "A" ? "B" : "A";
    document.querySelectorAll(".hand.hand-empty[data-number]").forEach(function (form) {
      var select = field(form, "attackers");
      var number = Number(form.dataset.number);
      if (select && number > 1) { select.value = number % 2 ? first : other; }
    });
  }

  /* After a hand is stored or refused: the first marked field, else the next hand, else Submit. */
  function afterHandSaved(number) {
    var form = handForm(number);
    if (!form) { return; }
    var race = form.querySelector(".race");
    if (race) { race.focus(); return; }
    var invalid = form.querySelector("[aria-invalid=true]");
    if (invalid) { focusField(invalid); return; }
    if (form.classList.contains("hand-invalid")) { focusField(firstField(form)); return; }
    var next = document.getElementById("next-hand");
    var submit = document.getElementById("submit-match");
    if (next && next.dataset.allStored === "1" && submit) { submit.focus(); return; }
    if (next && next.dataset.next) {
      var target = handForm(next.dataset.next);
      if (target) { focusField(firstField(target)); }
    }
  }

  function onBeforeRequest(event) {
    var form = event.detail.elt;
    var path = (event.detail.requestConfig && event.detail.requestConfig.path) || "";
    if (form && form.matches && form.matches("form.hand") && path.indexOf("/keep/") < 0) {
      clearTimeout(form._keepTimer);
      document.body.dataset.savingHand = form.dataset.number;
    }
    if (form && form.matches && form.matches("form[data-state-change]")) {
      document.body.dataset.changingState = form.classList.contains("send-back") ? "send-back" : "1";
    }
  }

  function onAfterSettle() {
    fitAllLines();
    rememberStoredHands();
    var number = document.body.dataset.savingHand;
    if (number) {
      delete document.body.dataset.savingHand;
      afterHandSaved(number);
    }
    if (document.body.dataset.changingState) {
      var action = document.body.dataset.changingState;
      delete document.body.dataset.changingState;
      afterStateChanged(action);
    }
  }

  /* Submit, withdraw, confirm, send back: the page's main part came back with the match in its new
   * state. The focus goes where it would on opening the page, else to the message saying what
   * happened. */
  function afterStateChanged(action) {
    var comment = document.querySelector("form.send-back textarea");
    if (action === "send-back" && comment && document.querySelector("main .message.error")) {
      focusField(comment);  // refused (no comment): back in the comment, to say why
      return;
    }
    initialFocus();
    if (document.activeElement && document.activeElement !== document.body) { return; }
    var note = document.querySelector("main .messages");
    if (note) { note.tabIndex = -1; note.focus(); }
  }

  /* On opening the page: the first problem when some hand is refused, else the first hand not
   * stored, else what the chief jury wrote when the match was sent back (at the top of the page:
   * with the focus on Submit, Enter would submit the match again before the comment was read), else
   * Submit. */
  function initialFocus() {
    if (blindFocus() || correctionFocus()) { return; }
    var hands = document.getElementById("hands");
    if (!hands || hands.querySelector("fieldset[disabled]")) { return; }
    var invalid = hands.querySelector("[aria-invalid=true]");
    if (invalid) { focusField(invalid); return; }
    var open = namedOpenHand() || hands.querySelector("form.hand.hand-empty, form.hand.hand-typed");
    if (open) { focusField(firstField(open)); return; }
    var sentBack = document.getElementById("sent-back");
    if (sentBack && document.querySelector("#match-state .state-returned")) { sentBack.focus(); return; }
    var submit = document.getElementById("submit-match");
    if (submit) { submit.focus(); }
  }

  /* The blind confirmation: after a comparison, the differences (their links lead into each
   * hand), or the first marked field; else the first hand not typed at all, else Compare. */
  function blindFocus() {
    var form = document.querySelector("form.blind-form");
    if (!form) { return false; }
    var invalid = form.querySelector("[aria-invalid=true]");
    var differences = document.getElementById("blind-differences");
    if (differences) { differences.focus(); return true; }
    if (invalid) { focusField(invalid); return true; }
    var open = namedOpenHand() || form.querySelector(".hand.hand-empty");
    if (open) { focusField(firstField(open)); return true; }
    focusField(document.getElementById("compare-entries"));
    return true;
  }

  /* A correction: the marked field after a refusal (a missing reason included), else hand 1. */
  function correctionFocus() {
    var form = document.querySelector("form.correction");
    if (!form) { return false; }
    var invalid = form.querySelector("[aria-invalid=true]");
    focusField(invalid || firstField(handForm(1)));
    return true;
  }

  /* Alt+Shift and a button's letter: the focus on that button, or in its form's field (the
   * comment of a send-back, the reason of a correction). Nothing is sent by the key itself. */
  function onShortcut(event) {
    if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) { return; }
    if (goToHand(event)) { return; }
    var letter = (event.code || "").replace(/^Key/, "");
    if (!/^[A-Z]$/.test(letter)) { return; }
    var target = Array.prototype.find.call(document.querySelectorAll("[data-shortcut='" + letter + "']"),
                                           function (element) { return element.offsetParent !== null; });
    if (!target) { return; }
    event.preventDefault();
    var inner = target.dataset.shortcutFocus && document.getElementById(target.dataset.shortcutFocus);
    var place = inner || target;
    place.scrollIntoView({block: "center"});
    focusField(place);
  }

  /* Alt+Shift and a hand's number (the digit key, whatever the keyboard's layout makes of Shift):
   * the focus in that hand's first field, as its link in "Go to hand" does. */
  function goToHand(event) {
    var digit = /^Digit([1-9])$/.exec(event.code || "");
    var hand = digit && handForm(digit[1]);
    if (!hand || !hand.dataset.number) { return false; }
    event.preventDefault();
    var input = firstField(hand);
    hand.scrollIntoView({block: "start"});
    if (input && !input.disabled) { focusField(input); }
    return true;
  }

  /* The hand the address names (#hand-2: the page came back from clearing hand 2, or from storing
   * hand 1 without scripts) when it is still to be typed: the juror means to type that one. */
  function namedOpenHand() {
    var named = /^#hand-(\d+)$/.exec(window.location.hash);
    var form = named && handForm(named[1]);
    return form && /\bhand-(empty|typed)\b/.test(form.className) ? form : null;
  }

  /* Going to the address's #hand-N takes the focus back to the page once the page has loaded:
   * the focus is given again then, unless the juror has already put it somewhere. */
  function focusAfterLoad() {
    if (!document.activeElement || document.activeElement === document.body) { initialFocus(); }
  }

  /* The summary's links put the focus in the field, not only the view on it. */
  function onSummaryClick(event) {
    var link = event.target.closest && event.target.closest(".summary a[href^='#'], a.to-hand[href^='#']");
    if (!link) { return; }
    var input = document.getElementById(link.getAttribute("href").slice(1));
    if (input && input.dataset.number) { input = firstField(input); }
    if (input) { event.preventDefault(); focusField(input); }
  }

  /* A box grows with its lines (never below the lines it is made for), so nothing typed is hidden:
   * a line too long for the box wraps (a seat of the deal on a tablet is two or three lines), so the
   * box grows on until what it holds is shown whole. A box not shown (the full deal's, closed) is
   * fitted when it opens. */
  var MOST_ROWS = 60;

  function fitLines(textarea) {
    if (!textarea || textarea.tagName !== "TEXTAREA") { return; }
    var least = Number(textarea.dataset.minRows || textarea.getAttribute("rows") || 2);
    textarea.rows = Math.max(least, textarea.value.split("\n").length + 1);
    if (!textarea.clientHeight) { return; }
    while (textarea.scrollHeight > textarea.clientHeight + 1 && textarea.rows < MOST_ROWS) { textarea.rows += 1; }
  }

  function fitAllLines() {
    document.querySelectorAll("textarea[data-min-rows]").forEach(fitLines);
  }

  /* Enter on "Full deal and tricks": the box opens with the focus in the deal at once (the
   * browser's own toggle comes later, and the first letters typed would be lost). */
  function openFullRecord(event, summary) {
    var details = summary.parentElement;
    if (!details.matches("details.full-record") || details.open) { return; }
    event.preventDefault();
    details.open = true;
    focusField(details.querySelector("textarea"));
  }

  /* The full deal's box opened from its summary by the keyboard: the focus goes into the deal. */
  function onToggle(event) {
    var details = event.target;
    if (!details.matches || !details.matches("details.full-record") || !details.open) { return; }
    details.querySelectorAll("textarea").forEach(fitLines);
    if (document.activeElement !== details.querySelector("summary")) { return; }
    focusField(details.querySelector("textarea"));
  }

  /* The jury home: each of the first nine matches shows the digit that opens it. */
  function numberMatchCards() {
    var links = document.querySelectorAll(".match-card-link");
    Array.prototype.slice.call(links, 0, 9).forEach(function (link, index) {
      if (link.querySelector("kbd.shortcut")) { return; }
      var key = document.createElement("kbd");
      key.className = "shortcut";
      key.textContent = String(index + 1);
      link.insertBefore(key, link.firstChild);
      link.setAttribute("aria-keyshortcuts", String(index + 1));
    });
  }

  /* The jury home: keys 1-9 open the first nine matches listed. */
  function onHomeKey(event) {
    if (!/^[1-9]$/.test(event.key) || event.ctrlKey || event.altKey || event.metaKey) { return; }
    var tag = (event.target.tagName || "").toUpperCase();
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") { return; }
    var links = document.querySelectorAll(".match-card-link");
    var link = links[Number(event.key) - 1];
    if (link) { event.preventDefault(); link.click(); }
  }

  document.addEventListener("keydown", onKeydown);
  document.addEventListener("keydown", onHomeKey);
  document.addEventListener("keydown", onCommentKey);
  document.addEventListener("keydown", onShortcut);
  document.addEventListener("input", onInput);
  document.addEventListener("change", onInput);
  document.addEventListener("click", onSummaryClick);
  document.addEventListener("toggle", onToggle, true);  // toggle does not bubble
  document.addEventListener("htmx:beforeRequest", onBeforeRequest);
  document.addEventListener("htmx:afterSettle", onAfterSettle);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", initialFocus);
    document.addEventListener("DOMContentLoaded", numberMatchCards);
    document.addEventListener("DOMContentLoaded", fitAllLines);
    document.addEventListener("DOMContentLoaded", rememberStoredHands);
  } else {
    initialFocus();
    numberMatchCards();
    fitAllLines();
    rememberStoredHands();
  }
  window.addEventListener("load", focusAfterLoad);
  var refitTimer;
  window.addEventListener("resize", function () {  // a tablet turned: the lines wrap anew
    clearTimeout(refitTimer);
    refitTimer = setTimeout(fitAllLines, 100);
  });
}());
