// Taash phone page: one seat's hand, the table's state as that seat may know it, and its calls.
// Everything comes from the game on the same Wi-Fi (no internet): the state over a WebSocket,
// strings and fonts from the page's own folder. Text is always set with textContent.
"use strict";
(function () {
  const LANGS = ["bn", "hi", "es", "en", "pt"];
  const $ = (id) => document.getElementById(id);
  let strings = {};
  let lang = pickLang();
  let state = null;
  let selected = null;
  let sock = null;
  let retry = 0;
  let final = null;          // "over" or "taken": no more reconnecting
  let toastTimer = null;
  let pingTimer = null;

  function pickLang() {
    let saved = null;
    try { saved = localStorage.getItem("taash.lang"); } catch (e) { /* private mode */ }
    if (LANGS.includes(saved)) return saved;
    for (const tag of navigator.languages || [navigator.language || "en"]) {
      const code = String(tag).slice(0, 2).toLowerCase();
      if (LANGS.includes(code)) return code;
    }
    return "en";
  }

  function t(key, params) {
    const table = strings[lang] || strings.en || {};
    let s = table[key] || (strings.en || {})[key] || "";
    for (const [k, v] of Object.entries(params || {})) s = s.split("{" + k + "}").join(String(v));
    return s;
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function cardImg(card) {
    const img = el("img");
    img.src = "cards/" + (card.startsWith("#") ? "back" : card) + ".png";
    img.alt = (state && state.card_names && state.card_names[card]) || card;
    img.draggable = false;
    return img;
  }

  // ----- the connection -------------------------------------------------------------
  function connect() {
    if (final || (sock && sock.readyState <= 1)) return;
    const url = new URL("ws", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    sock = new WebSocket(url.href);
    sock.onopen = () => {
      retry = 0;
      send({ type: "lang", lang: lang });
      clearInterval(pingTimer);
      pingTimer = setInterval(() => send({ type: "ping" }), 15000);
      veil(false);
    };
    sock.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (msg.type === "state") { state = msg; render(); }
      else if (msg.type === "refused") { toast(msg.text); selected = null; render(); }
      else if (msg.type === "bye") { final = msg.reason === "taken" ? "taken" : "over"; }
    };
    sock.onclose = () => {
      clearInterval(pingTimer);
      sock = null;
      if (final === "taken") { veil(true, t("taken"), true); return; }
      if (final === "over" || (state && state.view && state.view.finished)) {
        final = "over"; render(); veil(true, t("over"), true); return;
      }
      veil(true, state ? t("reconnecting") : t("connecting"));
      retry = Math.min(retry + 1, 8);
      setTimeout(connect, Math.min(400 * retry, 4000));
    };
  }

  function send(msg) {
    if (sock && sock.readyState === 1) { sock.send(JSON.stringify(msg)); return true; }
    return false;
  }

  function veil(on, text, still) {
    $("veil").classList.toggle("hidden", !on);
    $("veiltext").textContent = text || "";
    document.querySelector("#veil .spin").classList.toggle("still", !!still);
    $("dot").className = "dot " + (sock && sock.readyState === 1 ? "on" : "off");
  }

  function toast(text) {
    const box = $("toast");
    box.textContent = text;
    box.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { box.hidden = true; }, 4000);
  }

  // ----- acting -----------------------------------------------------------------------
  function act(action) {
    if (!state) return;
    if (!send({ type: "act", action: action, turn: state.turn })) toast(t("reconnecting"));
    selected = null;
  }

  function tapCard(card) {
    if (!state || !state.my_turn) { selected = null; render(); return; }
    if (selected === card) { act("play " + card); render(); return; }
    selected = card;
    render();
  }

  // ----- drawing ----------------------------------------------------------------------
  function render() {
    document.documentElement.lang = lang;
    document.title = state && state.title ? state.title : "Taash";
    $("lang").setAttribute("aria-label", t("language"));
    if (!state) { $("status").textContent = t("connecting"); return; }
    const v = state.view;
    document.body.dataset.turn = state.turn;            // what the page shows (tests read it)
    document.body.dataset.mine = state.my_turn ? "1" : "0";
    $("title").textContent = state.title || "";
    // score
    const score = $("score");
    score.replaceChildren();
    for (const row of state.score || []) {
      const chip = el("span", "chip" + (row.mine ? " mine" : ""), row.label + " " + row.value);
      score.appendChild(chip);
    }
    // whose turn
    const status = $("status");
    status.classList.toggle("mine", !!state.my_turn);
    if (v.finished) status.textContent = t("over");
    else if (state.my_turn) status.textContent = t("your_turn");
    else if (v.to_act !== null && v.to_act !== undefined) status.textContent = t("waiting_for", { name: state.names[v.to_act] });
    else status.textContent = t("between_deals");
    // the trick
    const trick = $("trick");
    trick.replaceChildren();
    let cards = state.trick || [];
    $("tricklabel").textContent = cards.length ? (state.trick_is_last ? t("last_trick") : t("trick")) : "";
    for (const [seat, card] of cards) {
      const box = el("div", "played");
      box.appendChild(cardImg(card));
      box.appendChild(el("span", "", seat === state.seat ? t("you") : state.names[seat]));
      trick.appendChild(box);
    }
    const panel = $("panel");
    panel.replaceChildren();
    for (const line of state.panel || []) {
      const div = el("div");
      for (const item of line) {
        if (item.card) div.appendChild(cardImg(item.card === "back" ? "#" : item.card));
        else div.appendChild(el("span", "", item.t));
      }
      panel.appendChild(div);
    }
    const log = $("log");
    log.replaceChildren();
    for (const line of (state.log || []).slice(-3)) log.appendChild(el("li", "", line));
    // the calls
    const controls = $("controls");
    controls.replaceChildren();
    const calls = state.my_turn ? (state.controls || []).slice() : [];
    calls.sort((a, b) => (a.kind === "bid") - (b.kind === "bid"));    // the plain calls first
    for (const c of calls) {
      if (c.kind === "bid") {
        const row = el("div", "bids");
        if (c.caption) row.appendChild(el("div", "caption", c.caption));
        c.values.forEach((value, i) => {
          const b = el("button", "", c.value_labels[i]);
          b.dataset.action = c.action_fmt.replace("{}", value);
          b.onclick = () => act(b.dataset.action);
          row.appendChild(b);
        });
        controls.appendChild(row);
        continue;
      }
      const b = el("button", c.style || "", c.label);
      b.disabled = !c.enabled;
      b.dataset.action = c.action;
      b.onclick = () => act(c.action);
      controls.appendChild(b);
    }
    // the hand
    const hand = $("hand");
    hand.replaceChildren();
    const legal = new Set(state.my_turn ? v.legal : []);
    const mine = state.hand || [];
    sizeCards(mine.length);
    if (selected && !mine.includes(selected)) selected = null;
    for (const card of mine) {
      const b = el("button", "card");
      b.dataset.card = card;
      if (card === selected) b.classList.add("sel");
      if (state.my_turn && !legal.has("play " + card)) b.classList.add("dim");
      b.appendChild(cardImg(card));
      b.onclick = () => tapCard(card);
      hand.appendChild(b);
    }
    $("hint").textContent = !mine.length ? t("no_cards") : (state.my_turn && selected ? t("tap_again") : t("hand"));
    $("dot").className = "dot " + (sock && sock.readyState === 1 ? "on" : "off");
  }

  function sizeCards(n) {
    const w = window.innerWidth, h = window.innerHeight;
    const landscape = w > h && h < 500;
    const area = landscape ? w * 0.55 - 20 : w - 20;
    const perRow = landscape ? (n <= 5 ? Math.max(n, 3) : Math.ceil(n / 2)) : (n <= 4 ? Math.max(n, 3) : n <= 8 ? 4 : 5);
    let cw = Math.floor((area - 6 * (perRow - 1)) / perRow);
    const rows = Math.ceil(Math.max(n, 1) / perRow);
    // landscape: the hand gets what is left under the calls (the hand is empty while measured)
    const left = h - $("hand").getBoundingClientRect().top - 24;
    const maxH = Math.max(landscape ? left : h * 0.38, 60);
    cw = Math.min(cw, Math.floor(maxH / rows / 1.6), 150);
    document.documentElement.style.setProperty("--cw", Math.max(cw, 36) + "px");
    document.documentElement.style.setProperty("--tw", Math.max(Math.min(Math.floor(cw * 0.62), 80), 36) + "px");
  }

  function fillLanguages() {
    const sel = $("lang");
    sel.replaceChildren();
    for (const code of LANGS) {
      const o = el("option", "", (strings[code] || {})._name || code);
      o.value = code;
      sel.appendChild(o);
    }
    sel.value = lang;
    sel.onchange = () => {
      lang = LANGS.includes(sel.value) ? sel.value : "en";
      try { localStorage.setItem("taash.lang", lang); } catch (e) { /* private mode */ }
      send({ type: "lang", lang: lang });
      render();
    };
  }

  window.addEventListener("resize", () => render());
  document.addEventListener("visibilitychange", () => { if (!document.hidden) connect(); });
  fetch("strings.json").then((r) => r.json()).then((s) => { strings = s; })
    .catch(() => { strings = {}; })
    .finally(() => { fillLanguages(); veil(true, t("connecting")); render(); connect(); });
})();
