// A team's phone at the table (players/team.html): what is typed of a hand is kept on the phone
// as it is typed, so a closed tab, a flat battery or a lost connection loses nothing; a hand is
// sent with a name of its own ("sent_as"), so a hand sent again after a lost connection is stored
// once; while the connection is down the page says the hand waits, and sends it when it returns.
(() => {
  "use strict";

  function fieldsOf(form) {
    const kept = {};
    for (const input of form.querySelectorAll("input[name^='h'], select, textarea")) kept[input.name] = input.value;
    return kept;
  }

  function start() {
    const page = document.querySelector(".players");
    const form = document.getElementById("hand-form");
    if (!page || !form) return;
    const status = document.getElementById("sending");
    const key = `team-link:${page.dataset.link}:hand:${form.dataset.hand}`;
    const sentAs = form.querySelector('input[name="sent_as"]');

    function keep() {
      if (!sentAs.value) sentAs.value = crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
      localStorage.setItem(key, JSON.stringify({ fields: fieldsOf(form), sentAs: sentAs.value }));
    }

    function restore() {
      const kept = JSON.parse(localStorage.getItem(key) || "null");
      if (!kept) return;
      const typedOnServer = [...form.querySelectorAll("input[name^='h'], textarea")].some((input) => input.value.trim());
      if (!typedOnServer) {
        for (const [name, value] of Object.entries(kept.fields)) {
          const input = form.elements.namedItem(name);
          if (input) input.value = value;
        }
      }
      sentAs.value = kept.sentAs;
      if (kept.waiting) send();
    }

    async function send() {
      if (!form.isConnected) return;  // already answered and replaced: a late retry sends nothing
      status.textContent = status.dataset.sending;
      let response;
      try {
        response = await fetch(form.action, { method: "POST", body: new FormData(form), credentials: "same-origin" });
      } catch {
        // No answer: kept on the phone and marked waiting, sent again when the connection returns.
        localStorage.setItem(key, JSON.stringify({ fields: fieldsOf(form), sentAs: sentAs.value, waiting: true }));
        status.textContent = status.dataset.waiting;
        window.addEventListener("online", send, { once: true });
        setTimeout(() => { if (navigator.onLine) send(); }, 15000);
        return;
      }
      localStorage.removeItem(key);  // answered: stored, or refused with the typing and its problems on the page
      // Stored: the answer is the team's page (fetch followed the redirect), shown as it came, not
      // asked for again: each request counts against the link's pace.
      const answered = new DOMParser().parseFromString(await response.text(), "text/html").querySelector(".players");
      if (answered) {
        if (response.redirected) history.replaceState(null, "", response.url);
        page.replaceWith(answered);
        start();
      } else if (response.redirected) {
        location.assign(response.url);
      }
    }

    restore();
    form.addEventListener("input", keep);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      keep();
      send();
    });
  }

  start();
})();
