// A live page (today's matches, the big screen, the standings, the bracket, a match being played):
// the server pushes the page's #live block over a WebSocket after every change of the public data
// (tournaments/pages/public/live_socket.py), and once on connecting, so a page that reconnects is
// never left behind. The socket is at /ws/live + the page's path, with its query string and its
// language; on this page's origin, or on the one a <meta name="websocket-url"> names.
// A dropped socket is opened again after a growing, random wait (1 s doubling up to 60 s, "full
// jitter": hundreds of screens do not come back at the same instant); while it stays down for more
// than 30 s the page asks for itself once a minute (a conditional GET: an unchanged page is a 304).
(() => {
  "use strict";

  const FIRST_WAIT = 1000;
  const LONGEST_WAIT = 60000;
  const ASK_AFTER = 30000;
  const ASK_EVERY = 60000;

  const live = document.getElementById("live");
  if (!live) return;
  const status = document.querySelector("[data-live-status]");
  let failures = 0;
  let downSince = null;
  let askTimer = null;

  function socketAddress() {
    const meta = document.querySelector('meta[name="websocket-url"]');
    const configured = meta ? meta.content.trim() : "";
    const origin = configured
      ? configured.replace(/\/+$/, "")
      : (location.protocol === "https:" ? "wss://" : "ws://") + location.host;
    const query = new URLSearchParams(location.search);
    query.set("language", document.documentElement.lang || "hu");
    // A page may name a socket of its own (the jury's match-day screen), told only that it changed.
    return `${origin}${live.dataset.socket || `/ws/live${location.pathname}`}?${query}`;
  }

  function show(html) {
    if (live.innerHTML === html) return;
    live.innerHTML = html;
    if (window.htmx) window.htmx.process(live);
  }

  function connected() {
    live.dataset.listening = "";  // the socket is open (a test waits on it: a screen told only of changes has no version)
    failures = 0;
    downSince = null;
    clearInterval(askTimer);
    askTimer = null;
    if (status) status.textContent = "";
  }

  function lost() {
    delete live.dataset.listening;
    if (downSince === null) downSince = Date.now();
    if (status) status.textContent = status.dataset.lost;
    if (askTimer === null) {
      // After ASK_AFTER without the socket, then every ASK_EVERY while it stays down.
      askTimer = setTimeout(() => {
        askForThePage();
        askTimer = setInterval(askForThePage, ASK_EVERY);
      }, Math.max(0, ASK_AFTER - (Date.now() - downSince)));
    }
    const wait = Math.random() * Math.min(LONGEST_WAIT, FIRST_WAIT * 2 ** failures);
    failures += 1;
    setTimeout(connect, wait);
  }

  // One request at a time: changes told while the page is being asked for (the match-day screen is
  // told of every hand at every table) bring one more request after it, not one each.
  let asking = false;
  let askAgain = false;

  async function askForThePage() {
    if (asking) {
      askAgain = true;
      return;
    }
    asking = true;
    try {
      await askOnce();
    } finally {
      asking = false;
      if (askAgain) {
        askAgain = false;
        askForThePage();
      }
    }
  }

  async function askOnce() {
    try {
      // "no-cache": the browser's copy, revalidated with its ETag (If-None-Match): a 304 while unchanged.
      const response = await fetch(location.href, { cache: "no-cache", credentials: "same-origin" });
      if (!response.ok) return;
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const block = page.getElementById("live");
      if (block) show(block.innerHTML);
    } catch {
      // The server is away too: the next attempt, or the socket, will bring the page.
    }
  }

  function connect() {
    let socket;
    try {
      socket = new WebSocket(socketAddress());
    } catch {
      lost();
      return;
    }
    socket.addEventListener("open", connected);
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.html === undefined) {  // told of a change, not sent the page: the page is asked for
        askForThePage();
        return;
      }
      show(message.html);
      live.dataset.version = message.version;  // what the page shows now (a test waits on it)
    });
    socket.addEventListener("close", (event) => {
      if (event.code === 4404) {  // no longer a live page here (a season taken down): stop asking
        if (status) status.textContent = "";
        return;
      }
      lost();
    });
  }

  connect();
})();
