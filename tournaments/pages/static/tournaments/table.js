// The online table: the server sends this page its view of the table after every change; the page
// draws it and sends the player's moves. Nothing is decided here: the server checks every move.
"use strict";

(function () {
  const root = document.getElementById("table");
  if (!root) return;
  const words = JSON.parse(document.getElementById("table-words").textContent);
  const mySeat = root.dataset.seat || null;
  const $ = (id) => document.getElementById(id);
  let socket = null;
  let view = null;
  let picked = 0;
  let retry = 500;

  function format(text, values) {
    return text.replace(/%\((\w+)\)s/g, (_, key) => values[key]);
  }

  function cardName(card) {
    if (card === "Fool") return words.fool;
    const suit = card.slice(-1);
    if (!"hdsc".includes(suit) || /^[IVX]+$/.test(card)) return card;
    return words.suits[suit] + " " + words.ranks[card.slice(0, -1)];
  }

  function cardLabel(card) {
    if (card === "Fool") return words.fool;
    const suit = card.slice(-1);
    if (/^[IVX]+$/.test(card)) return card;
    return words.rank_letters[card.slice(0, -1)] + words.suit_signs[suit];
  }

  function seatName(seat) {
    const player = view && view.players[seat];
    return words.seats[seat] + (player ? " (" + player + ")" : "");
  }

  function send(move) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ move: move }));
  }

  function button(text, onClick, extra) {
    const element = document.createElement("button");
    element.type = "button";
    element.textContent = text;
    element.addEventListener("click", onClick);
    if (extra) element.className = extra;
    return element;
  }

  function drawTrick() {
    const list = $("trick");
    list.replaceChildren();
    const trick = view.trick || view.last_trick;
    if (trick) {
      for (const play of trick.plays) {
        const item = document.createElement("li");
        item.textContent = seatName(play.seat) + ": " + cardName(play.card);
        item.className = "table-card-played";
        if (trick.winner === play.seat) item.classList.add("table-winner");
        list.append(item);
      }
    }
    $("trick-title").textContent = trick ? format(words.trick, { number: trick.number }) : words.trick_none;
    const won = view.tricks_won || { A: 0, B: 0 };
    $("tricks-won").textContent = format(words.tricks_won, won);
  }

  function drawHand() {
    const hand = $("hand");
    if (!hand) return;
    hand.replaceChildren();
    const cards = view.cards || [];
    picked = Math.min(picked, Math.max(cards.length - 1, 0));
    cards.forEach((card, index) => {
      const legal = view.playable.includes(card);
      // Every click goes to the server, which alone decides: a card it refuses comes back in words.
      const element = button(cardLabel(card), () => send({ kind: "play", card: card }),
        "table-card" + (legal ? " table-legal" : ""));
      element.setAttribute("aria-label", cardName(card) + (legal ? " — " + words.playable : ""));
      element.dataset.card = card;
      if (!legal) element.setAttribute("aria-disabled", "true");
      if (index === picked) element.classList.add("table-picked");
      hand.append(element);
    });
  }

  function offerText(offer) {
    const parts = [offer.name + " (" + offer.value + ")"];
    if (offer.cards.length) parts.push(offer.cards.map(cardName).join(", "));
    if (offer.suits.length) parts.push(offer.suits.map((s) => words.suit_words[s]).join(", "));
    return parts.join(": ");
  }

  function drawAnnouncing() {
    const box = $("announcing");
    if (!box) return;
    box.hidden = !view.may_pass;
    if (!view.may_pass) return;
    const offers = $("offers");
    offers.replaceChildren(...view.offers.map((offer) =>
      button(offerText(offer), () => send({ kind: "announce", feast: offer.feast, cards: offer.cards, suits: offer.suits }),
        "table-offer")));
    $("contras").replaceChildren(...view.contras.map((contra) =>
      button(format(words.contra_on, { feast: contra.name, seat: words.seats[contra.by] }),
        () => send({ kind: "contra", target: contra.target }), "table-offer table-contra")));
  }

  function drawAnnouncements() {
    const list = $("announcements");
    list.replaceChildren(...(view.announcements || []).map((said) => {
      const item = document.createElement("li");
      let text = seatName(said.by) + ": " + said.name;
      if (said.cards.length) text += " (" + said.cards.map(cardName).join(", ") + ")";
      if (said.suits.length) text += " (" + said.suits.map((s) => words.suit_words[s]).join(", ") + ")";
      if (said.contra) text += " — " + words.contras[said.contra];
      item.textContent = text;
      return item;
    }));
  }

  function drawLastHand() {
    const box = $("last-hand");
    const last = view.last_hand;
    box.hidden = !last;
    if (!last) return;
    $("last-title").textContent = format(words.last_hand, { number: last.number, A: last.scores.A, B: last.scores.B });
    $("lines").replaceChildren(...last.lines.map((line) => {
      const row = document.createElement("tr");
      for (const value of [line.name, line.A ?? "", line.B ?? ""]) {
        const cell = document.createElement(row.children.length ? "td" : "th");
        cell.textContent = value;
        row.append(cell);
      }
      return row;
    }));
  }

  function drawStatus() {
    let text = format(words.hand_of, { number: view.hand_number, hands: view.hands });
    if (view.phase === "over") text = words.over;
    else if (view.state !== "open") text += " " + view.state_name + (view.reason ? ": " + view.reason : "");
    else if (view.to_act === mySeat) text += " " + (view.phase === "announcing" ? words.your_turn_announce : words.your_turn_play);
    else if (view.to_act) text += " " + format(words.to_act, { seat: seatName(view.to_act) });
    $("status").textContent = text;
    root.classList.toggle("table-my-turn", Boolean(mySeat) && view.to_act === mySeat);
  }

  function draw() {
    drawStatus();
    drawTrick();
    drawHand();
    drawAnnouncing();
    drawAnnouncements();
    drawLastHand();
  }

  function refuse(message) {
    const box = $("refusal");
    box.textContent = message;
    box.hidden = false;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + root.dataset.socket);
    socket.addEventListener("open", () => { $("connection").textContent = words.connected; retry = 500; });
    socket.addEventListener("message", (event) => {
      const data = JSON.parse(event.data);
      if (data.type === "view") {
        view = data.view;
        $("refusal").hidden = true;
        draw();
      } else if (data.type === "refused") {
        refuse(data.message);
      }
    });
    socket.addEventListener("close", (event) => {
      $("connection").textContent = words.reconnecting;
      if (event.code === 4403 || event.code === 4404) { $("connection").textContent = words.closed; return; }
      setTimeout(connect, retry);  // a dropped connection comes back to the same seat
      retry = Math.min(retry * 2, 8000);
    });
  }

  document.addEventListener("keydown", (event) => {
    if (!view || !mySeat || event.target.closest("input, select, textarea, summary")) return;
    const cards = view.cards || [];
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      picked = (picked + (event.key === "ArrowRight" ? 1 : cards.length - 1)) % Math.max(cards.length, 1);
      drawHand();
      const element = $("hand").children[picked];
      if (element) element.focus();
      event.preventDefault();
    } else if (event.key === "Enter" && event.target.closest("#hand") === null && cards[picked]) {
      if (view.phase === "playing") { send({ kind: "play", card: cards[picked] }); event.preventDefault(); }
    } else if ((event.key === "p" || event.key === "P") && view.may_pass) {
      send({ kind: "pass" });
      event.preventDefault();
    }
  });

  const pass = $("pass");
  if (pass) pass.addEventListener("click", () => send({ kind: "pass" }));
  connect();
})();
