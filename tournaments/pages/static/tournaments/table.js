// The online table: the server sends this page its view of the table after every change; the page
// draws it and sends the player's moves. Nothing is decided here: the server checks every move, and
// a card the page shows as not playable is still sent when chosen, so that the refusal says why.
"use strict";

(function () {
  const root = document.getElementById("table");
  if (!root) return;
  const words = JSON.parse(document.getElementById("table-words").textContent);
  const mySeat = root.dataset.seat || null;
  const $ = (id) => document.getElementById(id);
  // R2: play moves to the right, so from the reader's seat at the bottom the next to play sits on
  // the right, then opposite, then on the left. A spectator sees the table from A's Driver.
  const PLAY_ORDER = ["A.driver", "B.catcher", "B.driver", "A.catcher"];
  const PLACES = ["bottom", "right", "top", "left"];
  const GROUPS = ["t", "h", "d", "s", "c"];
  const TYPING_PAUSE = 1200;  // ms after which typed letters start a new short form
  let socket = null;
  let view = null;
  let picked = null;  // the card the keyboard is on
  let typed = "";
  let typedAt = 0;
  let retry = 500;
  let everConnected = false;
  let focusHandAfterDraw = false;
  let wasMyTurn = false;
  const pageTitle = document.title;

  function format(text, values) {
    return text.replace(/%\((\w+)\)s/g, (_, key) => values[key]);
  }

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/\s+/g, "");
  }

  const card = (code) => words.cards[code] || { name: code, face: code, suit: "t", order: 99, typed: [] };
  const cardName = (code) => card(code).name;
  const byOrder = (a, b) => card(a).order - card(b).order;

  function seatName(seat) {
    const player = view && view.players[seat];
    const place = words.teams[seat[0]] + ", " + words.roles[seat];
    return player ? player + " (" + place + ")" : place;
  }

  function placeOf(seat) {
    const start = PLAY_ORDER.indexOf(mySeat || "A.driver");
    return PLACES[(PLAY_ORDER.indexOf(seat) - start + 4) % 4];
  }

  function element(tag, className, text) {
    const made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  }

  // What went wrong with the player's own move (a refusal, a move not sent) is said where they look:
  // next to the hand, kept in view at the bottom of the screen, and read out by screen readers (a
  // live region whose text changes). The banner at the top is off-screen on a phone.
  function tell(text) {
    const box = $("refusal");
    if (!box) return;  // a spectator makes no move
    box.textContent = "";  // the same refusal twice is read out twice
    box.textContent = text;
    root.classList.add("table-told");
    if (box.getBoundingClientRect().bottom > window.innerHeight) box.scrollIntoView({ block: "nearest" });
  }

  function untell() {
    const box = $("refusal");
    if (box) box.textContent = "";
    root.classList.remove("table-told");
  }

  function send(move) {
    untell();
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ move: move }));
    } else {  // nothing is sent while the connection is down: the player is told, and moves again after it is back
      tell(words.not_sent);
    }
  }

  // A card as it prints: its face (K, D, XXI) with the suit's sign, and its name for screen readers.
  function cardFace(code, className) {
    const shown = card(code);
    const face = element("span", className + " table-suit-" + shown.suit);
    const visible = element("span", "table-face");
    visible.setAttribute("aria-hidden", "true");
    visible.append(element("span", "table-rank", shown.face));
    if (shown.suit !== "t") visible.append(element("span", "table-sign", words.suit_signs[shown.suit]));
    else if (shown.name !== shown.face && shown.name !== code) visible.append(element("span", "table-trump-name", shown.name));
    face.append(visible, element("span", "visually-hidden", shown.name));
    return face;
  }

  // --- the banner: the hand, the attack, whose turn ---

  function statusText() {
    if (view.phase === "over") return words.over;
    if (view.state === "adjourned") return format(words.adjourned, { reason: view.reason });
    if (view.state === "abandoned") return format(words.abandoned, { reason: view.reason });
    if (!view.to_act) return "";
    if (view.to_act === mySeat) {
      if (view.phase === "announcing") return words.your_turn_announce;
      return view.trick ? words.your_turn_play : words.your_turn_lead;
    }
    return format(mySeat ? words.waiting_for : words.to_act, { seat: seatName(view.to_act) });
  }

  function drawBanner() {
    $("hand-of").textContent = format(words.hand_of, { number: view.hand_number, hands: view.hands });
    $("attack").textContent = view.attackers
      ? format(words.attack, { team: words.teams[view.attackers] }) + " · " + format(words.dealer, { seat: seatName(view.dealer) })
      : "";
    $("status").textContent = statusText();
    const myTurn = Boolean(mySeat) && view.to_act === mySeat && view.state === "open";
    root.classList.toggle("table-my-turn", myTurn);
    // The tab's title tells a player in another tab or window that the table waits for them.
    document.title = (myTurn ? words.title_your_turn + " – " : "") + pageTitle;
    root.classList.toggle("table-stopped", view.state !== "open" || view.phase === "over");
  }

  // --- the table: four seats around it, the trick's cards by seat ---

  function shownTrick() {
    // Between tricks the trick just taken stays on the table until the next card is led.
    if (view.trick) return { trick: view.trick, done: false };
    if (view.last_trick && view.phase === "playing") return { trick: view.last_trick, done: true };
    return { trick: null, done: false };
  }

  function drawSeat(seat, shown) {
    const place = $("seats").querySelector(`[data-place="${placeOf(seat)}"]`);
    place.replaceChildren();
    const acting = view.to_act === seat && view.state === "open";
    place.classList.toggle("table-acting", acting);
    place.classList.toggle("table-team-a", seat[0] === "A");
    place.classList.toggle("table-team-b", seat[0] === "B");
    const who = element("p", "table-who");
    who.append(element("strong", "table-player", (view.players[seat] || "") + (seat === mySeat ? " (" + words.you + ")" : "")));
    who.append(element("span", "table-role", words.teams[seat[0]] + " · " + words.roles[seat]));
    place.append(who);
    const notes = [];
    if (view.cards_left) notes.push(format(words.cards_left, { count: view.cards_left[seat] }));
    if (acting) notes.push(words.to_act_mark);
    place.append(element("p", "table-seat-notes", notes.join(" · ")));
    const play = shown.trick && shown.trick.plays.find((p) => p.seat === seat);
    if (play) {
      const played = cardFace(play.card, "table-played");
      const marks = [];
      if (shown.trick.plays[0].seat === seat) marks.push(words.led);
      if (shown.trick.winner === seat) { marks.push(words.takes); played.classList.add("table-winner"); }
      if (marks.length) played.append(element("span", "table-played-mark", marks.join(", ")));
      place.append(played);
    }
  }

  // The tricks each team took: the hand's so far while its cards are played; before the next hand's
  // first card and after the match, the final count of the hand just played.
  function wonShown() {
    const last = view.last_hand;
    if (last && last.tricks_won && (view.phase === "over" || view.phase === "announcing")) {
      return { title: format(words.tricks_won_in, { number: last.number }), won: last.tricks_won };
    }
    return { title: words.tricks_won, won: view.tricks_won || { A: 0, B: 0 } };
  }

  function drawWon() {
    const shown = wonShown();
    const won = shown.won;
    $("won-title").textContent = shown.title;
    const list = $("tricks-won");
    list.replaceChildren();
    for (const team of ["A", "B"]) {
      list.append(element("dt", "", words.teams[team]), element("dd", "", String(won[team])));
    }
  }

  function drawTable() {
    const shown = shownTrick();
    PLAY_ORDER.forEach((seat) => drawSeat(seat, shown));
    let title = "";
    if (shown.trick && shown.done) title = format(words.trick_taken, { number: shown.trick.number, seat: seatName(shown.trick.winner) });
    else if (shown.trick) title = format(words.trick, { number: shown.trick.number });
    else if (view.phase === "playing") title = format(words.trick, { number: view.trick_number }) + " · " + words.trick_none;
    else if (view.phase === "announcing") title = words.announcing;
    $("trick-title").textContent = title;
    drawWon();
    drawPrevious();
  }

  function drawPrevious() {
    // The trick before the one on the table, to look back at.
    const box = $("previous-box");
    // While a trick is being played, the one before it; before the next hand's first trick, the last
    // trick of the hand just scored.
    const lastOfHand = view.last_hand && !view.last_trick && view.last_hand.tricks.length ?
      view.last_hand.tricks[view.last_hand.tricks.length - 1] : null;
    const previous = view.trick ? view.last_trick : (view.phase === "announcing" ? lastOfHand : null);
    box.hidden = !previous;
    if (!previous) return;
    $("previous-summary").textContent = format(words.trick_taken, { number: previous.number, seat: seatName(previous.winner) });
    $("previous").replaceChildren(...previous.plays.map((play) => {
      const item = element("li", "", seatName(play.seat) + ": ");
      item.append(cardFace(play.card, "table-small-card"));
      return item;
    }));
  }

  // --- the player's hand: card buttons grouped by suit, trumps first, in order ---

  function focusedCard() {
    const active = document.activeElement;
    return active && active.closest && active.closest("#hand") ? active.dataset.card : null;
  }

  function drawHand() {
    const hand = $("hand");
    if (!hand) return;
    // Another player's move leaves the hand as it is: it is not drawn again, so the focused card
    // stays the same element and a screen reader does not read it out again.
    const drawn = JSON.stringify([view.cards, view.playable, view.bound]);
    if (drawn === hand.dataset.drawn && !focusHandAfterDraw) return;
    hand.dataset.drawn = drawn;
    const hadFocus = focusedCard() !== null || focusHandAfterDraw;
    focusHandAfterDraw = false;
    const cards = (view.cards || []).slice().sort(byOrder);
    const playable = new Set(view.playable || []);
    const myTurnNow = playable.size > 0;
    // When the turn comes to the player, the keyboard moves to a card that may be played.
    if (!cards.includes(picked) || (myTurnNow && !wasMyTurn && !playable.has(picked))) picked = nextPick(cards, playable);
    wasMyTurn = myTurnNow;
    hand.replaceChildren();
    for (const group of GROUPS) {
      const inGroup = cards.filter((code) => card(code).suit === group);
      if (!inGroup.length) continue;
      const row = element("div", "table-group");
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", words.groups[group]);
      row.append(element("span", "table-group-name", words.groups[group]));
      // The cards are marked only when the player is to play: while others act, every card reads plainly.
      for (const code of inGroup) row.append(cardButton(code, myTurnNow ? playable.has(code) : null));
      hand.append(row);
    }
    if (hadFocus && picked) focusCard(picked);
  }

  function nextPick(cards, playable) {
    // After a card is played the keyboard goes to the first card that may be played next, else the first.
    return cards.find((code) => playable.has(code)) || cards[0] || null;
  }

  function cardButton(code, legal) {
    const button = element("button", "table-card" + (legal ? " table-legal" : ""));
    button.type = "button";
    button.dataset.card = code;
    button.append(cardFace(code, "table-card-face"));
    const bound = (view.bound || {})[code];
    if (bound) {  // R9: the trick an announcement binds this card to
      const tricks = bound.join(", ");
      const note = element("span", "table-bound", format(words.bound_short, { tricks: tricks }));
      note.setAttribute("aria-hidden", "true");
      button.append(note, element("span", "visually-hidden", ", " + format(words.bound, { tricks: tricks })));
    }
    if (legal !== null) button.append(element("span", "visually-hidden", ", " + (legal ? words.playable : words.not_playable)));
    // Shown as not playable, and still sent when chosen: the server's refusal says why (R4, R9).
    if (legal === false) button.setAttribute("aria-disabled", "true");
    button.tabIndex = code === picked ? 0 : -1;
    button.addEventListener("click", () => {
      picked = code;
      focusHandAfterDraw = true;
      send({ kind: "play", card: code });
    });
    button.addEventListener("focus", () => { picked = code; setTabStop(); });
    return button;
  }

  function handButtons() {
    return Array.from(document.querySelectorAll("#hand .table-card"));
  }

  function setTabStop() {
    for (const button of handButtons()) button.tabIndex = button.dataset.card === picked ? 0 : -1;
  }

  function focusCard(code) {
    const button = handButtons().find((b) => b.dataset.card === code);
    if (button) { picked = code; setTabStop(); button.focus(); }
  }

  function moveInHand(key) {
    const buttons = handButtons();
    if (!buttons.length) return;
    if (!buttons.includes(document.activeElement)) { focusCard(picked || buttons[0].dataset.card); return; }
    const index = Math.max(0, buttons.findIndex((b) => b.dataset.card === picked));
    let next = index;
    if (key === "ArrowRight") next = (index + 1) % buttons.length;
    else if (key === "ArrowLeft") next = (index - 1 + buttons.length) % buttons.length;
    else if (key === "Home") next = 0;
    else if (key === "End") next = buttons.length - 1;
    else {  // ArrowUp / ArrowDown: the first card of the suit before or after
      const groups = Array.from(document.querySelectorAll("#hand .table-group"));
      const here = groups.indexOf(buttons[index].closest(".table-group"));
      const there = groups[(here + (key === "ArrowDown" ? 1 : groups.length - 1)) % groups.length];
      next = buttons.indexOf(there.querySelector(".table-card"));
    }
    focusCard(buttons[next].dataset.card);
  }

  function pickByTyping(key) {
    const now = Date.now();
    const held = (view.cards || []).slice().sort(byOrder);
    const matching = (form) => held.find((code) => card(code).typed.includes(form)) ||
      held.find((code) => card(code).typed.some((spelling) => spelling.startsWith(form)));
    typed = (now - typedAt > TYPING_PAUSE ? "" : typed) + fold(key);
    typedAt = now;
    let found = matching(typed);
    if (!found) {  // what was typed before names no card held: this key begins a new short form
      typed = fold(key);
      found = matching(typed);
    }
    if (found) focusCard(found);
    return Boolean(found);
  }

  // --- announcing: pass, contras, feasts with their value and the cards or suits they name ---

  // A message that says its number is heard as it is said, "4 kőr", "9 tarokk" (R6a).
  function named(entry) {
    const parts = [];
    if (entry.cards && entry.cards.length) parts.push(entry.cards.map(cardName).join(", "));
    if (entry.told) parts.push(entry.told);
    else if (entry.suits && entry.suits.length) parts.push(entry.suits.map((s) => words.suit_words[s]).join(", "));
    return parts.length ? " – " + parts.join("; ") : "";
  }

  // A feast's name with its value; a message worth nothing that says its number is its name alone.
  function titled(entry) {
    return entry.told && !entry.value ? entry.name : entry.name + " (" + entry.value + ")";
  }

  function actionButton(text, onClick, className) {
    const button = element("button", className, text);
    button.type = "button";
    button.addEventListener("click", () => { focusHandAfterDraw = true; onClick(); });
    return button;
  }

  // The feasts offered, folded by the catalogue's families (bound tricks, magnified feasts,
  // trophies…), so that a phone's first screen shows the families and not seventy buttons; a feast
  // offered with several cards or suits is one line, its name and value once, a button a choice.
  const openFamilies = new Set();  // the families the player unfolded stay unfolded on every redraw

  function byFamily(offers) {
    const families = new Map();
    for (const offer of offers) {
      if (!families.has(offer.category)) families.set(offer.category, new Map());
      const feasts = families.get(offer.category);
      if (!feasts.has(offer.feast)) feasts.set(offer.feast, []);
      feasts.get(offer.feast).push(offer);
    }
    return families;
  }

  function announceButton(offer, text) {
    return actionButton(text, () => send({ kind: "announce", feast: offer.feast, cards: offer.cards, suits: offer.suits,
      number: offer.number }),
      "table-offer");
  }

  function feastLine(inFeast) {
    const first = inFeast[0];
    const line = element("div", "table-offers");
    if (inFeast.length === 1) {
      line.append(announceButton(first, titled(first) + named(first)));
      return line;
    }
    const title = titled(first);
    line.setAttribute("role", "group");
    line.setAttribute("aria-label", title);
    line.append(element("span", "table-offer-feast", title + ":"));
    line.append(...inFeast.map((offer) => announceButton(offer, named(offer).slice(3))));
    return line;
  }

  function offerFamilies(offers) {
    return Array.from(byFamily(offers), ([category, feasts]) => {
      const box = element("details", "table-offer-group");
      box.dataset.category = category;
      box.open = openFamilies.has(category);
      box.addEventListener("toggle", () => {
        if (box.open) openFamilies.add(category); else openFamilies.delete(category);
      });
      const count = Array.from(feasts.values()).reduce((sum, inFeast) => sum + inFeast.length, 0);
      box.append(element("summary", "", format(words.family, { family: words.categories[category] || category, count: count })));
      box.append(...Array.from(feasts.values(), feastLine));
      return box;
    });
  }

  function drawAnnouncing() {
    const box = $("announcing");
    if (!box) return;
    const hadFocus = box.contains(document.activeElement);
    box.hidden = !view.may_pass;
    if (!view.may_pass) {
      if (hadFocus) focusHandAfterDraw = true;
      return;
    }
    const offers = $("offers");
    const drawnOffers = JSON.stringify(view.offers);
    if (offers.dataset.drawn !== drawnOffers) {  // unchanged offers keep their buttons and the focus
      offers.dataset.drawn = drawnOffers;
      offers.replaceChildren(...offerFamilies(view.offers));
    }
    $("offers-summary").textContent = format(words.announce_feast, { count: view.offers.length });
    $("offers-box").hidden = !view.offers.length;
    // R8: the partner's contra or the opponents', by the announcer's team and the player's.
    const side = (contra) => (contra.by[0] === mySeat[0] ? "partner" : "opponents");
    $("contras").replaceChildren(...view.contras.map((contra) => actionButton(
      format(words.contra_on, { feast: contra.name, seat: seatName(contra.by) }) + " – " + words.contras[side(contra)],
      () => send({ kind: "contra", target: contra.target }), "table-offer table-contra")));
    $("contras-box").hidden = !view.contras.length;
  }

  function drawSaid() {
    const said = view.said || [];
    const list = $("said");
    list.replaceChildren(...said.map((entry) => {
      let text = seatName(entry.seat) + ": ";
      if (entry.kind === "pass") text += words.pass;
      else if (entry.kind === "announce") {
        text += words.announces + " " + titled(entry) + named(entry);
        if (entry.replaced) text += " – " + words.raised;
      } else text += format(words.contra_said, { feast: entry.name, seat: seatName(entry.on) }) +
        (entry.side ? " – " + words.contras[entry.side] : "");
      return element("li", "table-said-" + entry.kind, text);
    }));
    $("said-title").closest("section").hidden = view.phase === "over";
    if (!said.length) list.append(element("li", "table-said-none", words.nothing_said));
    const standing = view.announcements || [];
    $("standing-title").hidden = !standing.length;
    $("announcements").replaceChildren(...standing.map((said) => element("li", "",
      seatName(said.by) + ": " + titled(said) + named(said) +
      (said.contra ? " – " + words.contras[said.contra] : ""))));
  }

  // --- the scores: the last hand's lines, the match so far ---

  function teamHeads(a, b) {
    $(a).textContent = words.teams.A;
    $(b).textContent = words.teams.B;
  }

  function row(cells, header) {
    const tr = element("tr");
    cells.forEach((value, index) => {
      const cell = element(index === 0 ? "th" : "td", "", value === null || value === undefined ? "" : String(value));
      if (index === 0) cell.scope = "row";
      tr.append(cell);
    });
    if (header) tr.className = header;
    return tr;
  }

  function drawLastHand() {
    const box = $("last-hand");
    const last = view.last_hand;
    box.hidden = !last;
    if (!last) return;
    $("last-title").textContent = format(words.last_hand, {
      number: last.number, A: words.teams.A + " " + last.scores.A, B: words.teams.B + " " + last.scores.B });
    teamHeads("lines-a", "lines-b");
    $("lines").replaceChildren(...last.lines.map((line) => row([line.name, line.A, line.B])));
    // Until the next hand's first move the scores stand above the table, where the players look.
    const justScored = view.phase === "over" || (view.moves === 0 && view.hand_number > 1);
    box.classList.toggle("table-just-scored", justScored);
    const home = justScored ? $("table-main") : $("table-side");
    if (box.parentElement !== home) home.insertBefore(box, justScored ? home.firstChild : $("running"));
  }

  function drawRunning() {
    const running = view.running;
    const box = $("running");
    box.hidden = !running || !running.hands.length;
    if (box.hidden) return;
    teamHeads("running-a", "running-b");
    $("running-hands").replaceChildren(...running.hands.map((hand) => row([hand.number, hand.A, hand.B])));
    const foot = [row([words.sum, running.sum.A, running.sum.B], "table-sum")];
    if (running.score) foot.push(row([words.match_score, running.score.A, running.score.B], "table-sum"));
    $("running-total").replaceChildren(...foot);
  }

  // On a phone the site's header and the page's title push the hand below the screen: the page opens
  // at the table, once, unless the player has scrolled already.
  let opened = false;

  function openAtTheTable() {
    if (opened) return;
    opened = true;
    if (mySeat && window.scrollY === 0 && window.matchMedia("(max-width: 59.99rem)").matches) {
      $("table-main").scrollIntoView({ block: "start" });
    }
  }

  function draw() {
    drawBanner();
    drawTable();
    drawAnnouncing();
    drawHand();
    drawSaid();
    drawLastHand();
    drawRunning();
    openAtTheTable();
  }

  // --- the connection: it comes back by itself, to the same seat and the same state ---

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + root.dataset.socket);
    socket.addEventListener("open", () => {
      $("connection").textContent = everConnected ? words.restored : words.connected;
      root.classList.remove("table-offline");
      everConnected = true;
      retry = 500;
    });
    socket.addEventListener("message", (event) => {
      const data = JSON.parse(event.data);
      if (data.type === "view") {
        view = data.view;
        typed = "";  // a short form is typed against the cards as they are now
        draw();
      } else if (data.type === "refused") {
        focusHandAfterDraw = false;  // nothing moved: the focus stays where the player left it
        tell(data.message);
      }
    });
    socket.addEventListener("close", (event) => {
      root.classList.add("table-offline");
      if (event.code === 4403 || event.code === 4404) {
        $("connection").textContent = view && view.phase === "over" ? words.over : words.closed;
        return;
      }
      $("connection").textContent = words.reconnecting;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    });
  }

  document.addEventListener("keydown", (event) => {
    if (!view || !mySeat || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest("input, select, textarea")) return;
    // The arrows work in the hand, and from nowhere in particular (the page just opened).
    const inHand = event.target.closest("#hand") !== null || event.target === document.body;
    if (inHand && ["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "Home", "End"].includes(event.key)) {
      moveInHand(event.key);
      event.preventDefault();
    } else if ((event.key === "p" || event.key === "P") && view.may_pass) {
      send({ kind: "pass" });
      focusHandAfterDraw = true;
      event.preventDefault();
    } else if (view.phase === "playing" && event.key.length === 1 && /\S/.test(event.key)) {
      if (pickByTyping(event.key)) event.preventDefault();
    }
  });

  const pass = $("pass");
  if (pass) pass.addEventListener("click", () => { focusHandAfterDraw = true; send({ kind: "pass" }); });
  connect();
})();
