// The big screen of the online tables: each table's box listens to its table's spectators' socket
// (the same view every spectator gets: cards played, never a card held) and draws it. The score so
// far comes from the server once a hand ends; nothing is decided or added up here.
"use strict";

(function () {
  const words = JSON.parse(document.getElementById("table-words").textContent);

  function format(text, values) {
    return text.replace(/%\((\w+)\)s/g, (_, key) => values[key]);
  }

  function cardName(card) {
    return words.cards[card] ? words.cards[card].name : card;
  }

  function part(box, name) {
    return box.querySelector('[data-part="' + name + '"]');
  }

  function drawSeats(box, view) {
    const trick = view.trick || view.last_trick;
    const played = {};
    for (const play of (trick ? trick.plays : [])) played[play.seat] = play.card;
    for (const item of box.querySelectorAll("[data-seat]")) {
      const seat = item.dataset.seat;
      part(item, "card").textContent = played[seat] ? cardName(played[seat]) : "";
      item.classList.toggle("board-to-act", view.to_act === seat);
      item.classList.toggle("board-won", Boolean(trick && trick.winner === seat && !view.trick));
    }
  }

  function drawStatus(box, view, seatNames) {
    let text = format(words.hand_of, { number: view.hand_number, hands: view.hands });
    if (view.phase === "over") text = words.over;
    else if (view.state !== "open") text += " " + view.state_name + (view.reason ? ": " + view.reason : "");
    else if (view.to_act) text += " " + format(words.to_act, { seat: seatNames[view.to_act] || view.to_act });
    part(box, "status").textContent = text;
    const trick = view.trick || view.last_trick;
    part(box, "trick").textContent = trick ? format(words.trick, { number: trick.number }) : "";
  }

  function drawSaid(box, view, seatNames) {
    part(box, "said").replaceChildren(...(view.announcements || []).map((said) => {
      const item = document.createElement("li");
      let text = (seatNames[said.by] || said.by) + ": " + said.name;
      if (said.cards.length) text += " (" + said.cards.map(cardName).join(", ") + ")";
      if (said.told) text += " (" + said.told + ")";  // R6a: "4 kőr", "9 tarokk"
      else if (said.suits.length) text += " (" + said.suits.map((s) => words.suit_words[s]).join(", ") + ")";
      if (said.contra) text += " — " + words.contras[said.contra];
      item.textContent = text;
      return item;
    }));
  }

  // The hand's tricks so far while its cards are played; before the next hand's first card and after
  // the match, the final count of the hand just played (the server counts both).
  function drawTricksWon(box, view) {
    const last = view.last_hand;
    const final = last && last.tricks_won && (view.phase === "over" || view.phase === "announcing");
    const won = final ? last.tricks_won : view.tricks_won;
    for (const row of box.querySelectorAll("tr[data-team]")) {
      part(row, "tricks").textContent = won ? won[row.dataset.team] ?? 0 : 0;
    }
  }

  async function drawScores(box) {
    const response = await fetch(box.dataset.scores, { headers: { Accept: "application/json" } });
    if (!response.ok) return;
    const data = await response.json();
    for (const row of box.querySelectorAll("tr[data-team]")) {
      part(row, "sum").textContent = data.totals[row.dataset.team].sum;
    }
  }

  function watch(box) {
    const tableId = box.id.replace("board-", "");
    const seatNames = words.seat_names[tableId] || {};
    let handsDone = null;
    let retry = 500;
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + location.host + box.dataset.socket);
    socket.addEventListener("open", () => { retry = 500; });
    socket.addEventListener("message", (event) => {
      const data = JSON.parse(event.data);
      if (data.type !== "view") return;
      const view = data.view;
      drawStatus(box, view, seatNames);
      drawSeats(box, view);
      drawSaid(box, view, seatNames);
      drawTricksWon(box, view);
      if (handsDone !== null && view.hands_done !== handsDone) drawScores(box);
      handsDone = view.hands_done;
    });
    socket.addEventListener("close", (event) => {
      if (event.code === 4404) return;
      setTimeout(() => watch(box), retry);  // a dropped connection comes back; the view is sent on connect
      retry = Math.min(retry * 2, 8000);
    });
  }

  document.querySelectorAll(".board[data-socket]").forEach(watch);
})();
