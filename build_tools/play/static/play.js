// The Play page (issue 16): whole hands against bots, with a coach, for any game whose engine
// has the table's calls (issue 29): what differs between games comes from the engine's view —
// the groups of its legal actions, the bet waiting for an answer, the talk it offers. Served as
// assets/play/play.js, a module loaded once per visit (build_tools/parts/play.py); per-page work
// runs through window.cardsiteOnPage.
//
// The page keeps one thing: the hand's record (the JSON that the game's `replay` command reads). Everything
// else is asked of the reader's own Python in the worker, so the page never freezes while a bot
// thinks: table_new deals, table_view says what this seat sees and may do (its legal actions in
// words, the log of the hand, the count group by group), table_apply applies an action or
// refuses it with the rule broken, bot_action chooses for a bot (and, with the facade's coach bot,
// for the coach's hint). Nothing here decides a rule: a card the engine did not list as legal is still
// sent, and the engine's refusal is shown with a link to its rule.

import { cap, el, engine, say } from "../js/page.js";
import { linkQuery, readLink } from "./link.js";

// The page's own words, in the edition's language (build_tools/messages/<language>/play.yaml,
// written in by the build).
const WORDS = /* words: play */ {};

const siteRoot = new URL("../../", import.meta.url); // this file is assets/play/play.js
const CONFIG = JSON.parse(document.getElementById("cardsite-config")?.textContent || "{}");
const CLAUSE_URLS = CONFIG.clauses || {};
const STATS_KEY = `${CONFIG.game}.play.stats`; // per game: two games' sites may share an origin
const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;



// --- stats (this device only) ------------------------------------------------------------------
function readStats() {
  try {
    return { played: 0, won: 0, ...JSON.parse(localStorage.getItem(STATS_KEY) || "{}") };
  } catch {
    return { played: 0, won: 0 };
  }
}
function writeStats(s) {
  try { localStorage.setItem(STATS_KEY, JSON.stringify(s)); } catch { /* storage blocked */ }
}

// The short link to a hand (seed and actions) is written and read by link.js.

function bindTable(box) {
  if (box.dataset.playBound) return;
  box.dataset.playBound = "true";
  const data = JSON.parse(box.dataset.playData);
  const $ = (sel) => box.querySelector(sel);
  const setup = $("[data-play-setup]");
  const game = $("[data-play-game]");
  const live = $("[data-play-live]");
  const errorBox = $("[data-play-error]");
  const advice = $("[data-play-advice]");
  // The game's talk (its phrases or its signals): each {say (as the record holds it), text,
  // meaning, sources, spoken}; phraseIndex maps what the record holds to its place in the list.
  const phraseIndex = new Map(data.talk.map((p, i) => [p.say, i]));
  // What a bot's choice says ({id, text, …}), as the record holds it.
  const sayOf = (s) => (s ? (data.talk.find((p) => p.say === s.id || p.say === s.text)?.say ?? s.text) : null);

  let g = null; // the game: {players, seat, rules, pace, hand (0-based), firstDealer, seed0, totals}
  let record = null;
  let view = null;
  let practice = false;
  let counted = false;
  let busy = false;
  let announced = 0;
  let newsFrom = 0; // the log's length when the reader last acted: what happened since is news
  let reviewAt = 0;
  let token = 0; // bumps on every new hand or undo: a bot's answer for an older record is dropped

  // A game is as many hands as players, so that each deals once, or runs until a side reaches
  // the target score (the engine's facts say which).
  const handsInGame = () => (data.hands_in_game ? data.hands_in_game[g.players] : null);
  const gameOver = (after) => (data.hands_in_game ? g.hand + 1 >= handsInGame()
    : after.some((t) => t >= data.target));
  // The pack of the hand (its rule option "pack"), when it is not the default one: one token
  // may name cards of two packs, so a card is named and drawn in the pack in play.
  const packOf = () => (record && record.rules && data.packs && data.packs[record.rules.pack]) || null;
  const cardName = (t) => cap(((packOf() || data).names)[t] || t);
  const seatName = (p) => {
    if (!view && !g) return say(WORDS, "seat_plain", { seat: p });
    const me = g.seat;
    if (p === me) return say(WORDS, "you_seat", { seat: p });
    const sides = view?.sides || [];
    const mine = sides.find((s) => s.includes(me)) || [me];
    if (!(sides.length && sides[0].length > 1)) return say(WORDS, "bot_alone", { seat: p });
    return mine.includes(p) ? say(WORDS, "bot_partner", { seat: p }) : say(WORDS, "bot_opponent", { seat: p });
  };
  // Who played a card, in a caption: "you", "bot 2".
  const playedBy = (p) => (p === g.seat ? say(WORDS, "you_lower") : say(WORDS, "bot_lower", { seat: p }));
  const signed = (n) => `${n > 0 ? "+" : ""}${n}`;
  // Said for screen readers (the live region).
  function announce(text) {
    live.append(el("p", { text }));
    while (live.childElementCount > 6) live.firstElementChild.remove();
  }

  function showError(err) {
    errorBox.replaceChildren();
    const url = err.rule && CLAUSE_URLS[err.rule];
    errorBox.append(el("span", { text: `${cap(err.message || String(err))}${/[.!?]$/.test(err.message || "") ? "" : "."}` }));
    if (url) errorBox.append(" ", el("a", { href: new URL(url, siteRoot).href, "data-play-rule": err.rule }, say(WORDS, "read_rule")));
    errorBox.hidden = false;
  }
  function clearError() { errorBox.hidden = true; errorBox.replaceChildren(); }

  // --- set-up ----------------------------------------------------------------------------------
  // The first dealer is the seat before the reader's, unless the reader picked one: the reader
  // then speaks first after each round and leads the first trick, and a beginner's first hand
  // does not start with the scart. (A record or a link keeps its own dealer.)
  let dealerPicked = false;
  const dealerBefore = (seat, n) => (seat + n - 1) % n;
  function seatOptions() {
    const n = Number(setup.elements.players.value);
    for (const name of ["seat", "dealer"]) {
      const sel = setup.elements[name];
      const was = Number(sel.value);
      sel.replaceChildren(...Array.from({ length: n }, (_, i) => el("option", { value: i, text: data.seats[i] })));
      sel.value = String(Math.min(was, n - 1));
    }
    if (!dealerPicked) setup.elements.dealer.value = String(dealerBefore(Number(setup.elements.seat.value), n));
  }
  setup.elements.players.addEventListener("change", seatOptions);
  setup.elements.seat.addEventListener("change", seatOptions);
  setup.elements.dealer.addEventListener("change", () => { dealerPicked = true; });

  function rulesFromForm() {
    const rules = {};
    for (const sel of setup.querySelectorAll("select[name^='rule:']")) {
      if (sel.value === sel.dataset.default) continue;
      const v = sel.value;
      rules[sel.name.slice(5)] = v === "true" ? true : v === "false" ? false : v;
    }
    return rules;
  }

  setup.addEventListener("submit", (event) => {
    event.preventDefault();
    const f = setup.elements;
    const deal = f.deal.value.trim();
    startGame({ players: Number(f.players.value), seat: Number(f.seat.value), rules: rulesFromForm(),
      pace: f.pace.value, firstDealer: Number(f.dealer.value),
      seed0: /^\d+$/.test(deal) ? Number(deal) : Math.floor(Math.random() * 1e9), hand: 0, totals: null });
  });

  async function startGame(settings, actions = null) {
    g = settings;
    await newHand(actions);
  }

  async function newHand(actions = null) {
    token += 1;
    practice = false;
    counted = false;
    announced = 0;
    newsFrom = 0;
    reviewAt = 0;
    clearError();
    advice.textContent = "";
    clearHint();
    const dealer = (g.firstDealer + g.hand) % g.players;
    try {
      record = await engine("table_new", { players: g.players, seed: g.seed0 + g.hand, dealer,
        rules: Object.keys(g.rules).length ? g.rules : null, totals: g.totals });
      if (actions) record.actions = actions;
    } catch (err) {
      setup.hidden = false;
      showSetupError(err);
      return;
    }
    setup.hidden = true;
    game.hidden = false;
    $("[data-play-end]").hidden = true;
    $("[data-play-heading]").textContent = handsInGame()
      ? say(WORDS, "heading_hand", { hand: g.hand + 1, hands: handsInGame() })
      : say(WORDS, "heading_hand_to", { hand: g.hand + 1, target: data.target });
    // The table at the top of the screen: on a phone the trick, the hand and the coach fit
    // below the header only from there (play.css), and the page stays put during the hand.
    $("[data-play-heading]").focus({ preventScroll: true });
    game.scrollIntoView({ block: "start", behavior: "instant" });
    await advance();
  }

  function showSetupError(err) {
    let p = setup.querySelector(".cs-play__error");
    if (!p) setup.append(p = el("p", { class: "cs-play__error", role: "alert" }));
    p.textContent = cap(err.message || String(err));
  }

  // --- the loop: draw the table, let the bots act until it is the reader's turn ----------------
  async function advance() {
    const mine = token;
    busy = true;
    try {
      for (;;) {
        view = await engine("table_view", { record, seat: g.seat });
        if (mine !== token) return;
        draw();
        if (view.phase === "done" || view.phase === "thrown_in") return endOfHand();
        if (view.current_player === g.seat) return;
        await pause();
        if (mine !== token) return;
        const cp = view.current_player;
        const choice = await engine("bot_action", { record, seat: cp, ...(data.bots.table ? { bot: data.bots.table } : {}),
          seed: record.actions.length });
        if (mine !== token) return;
        const out = await engine("table_apply", { record, action: choice.action,
          say: sayOf(choice.say), viewer: g.seat });
        if (mine !== token) return;
        record = out.record;
      }
    } catch (err) {
      showError(err);
    } finally {
      if (mine === token) busy = false;
      drawBusy();
    }
  }

  function pause() {
    if (g.pace === "fast" || reducedMotion()) return Promise.resolve();
    return new Promise((r) => setTimeout(r, 450));
  }

  async function act(action, sayText = null) {
    if (busy) return;
    newsFrom = view ? view.log.length : 0;
    clearError();
    advice.textContent = "";
    clearHint();
    busy = true;
    drawBusy();
    try {
      const out = await engine("table_apply", { record, action, say: sayText, viewer: g.seat });
      record = out.record;
    } catch (err) {
      busy = false;
      hintTried = record.actions.length;
      drawBusy();
      showError(err);
      announce(errorBox.textContent);
      return;
    }
    await advance();
  }

  // --- drawing ---------------------------------------------------------------------------------
  const pictured = new Set(data.pictured || Object.keys(data.names));
  function cardImg(t, cls = "cs-play__img") {
    const pack = packOf();
    // A card of a pack the site has no pictures of (a house rule's pack): its name on a card.
    if (pack ? !pack.pictures : !pictured.has(t)) return el("span", { class: `${cls} cs-play__img--text`, "data-token": t, text: cardName(t) });
    return el("img", { class: cls, src: new URL(`${pack ? pack.pictures : "cards/"}${t}.svg`, siteRoot).href, alt: "",
      width: 55, height: 100, "data-token": t });
  }
  function cardFace(t) {
    return el("span", { class: "cs-play__card", role: "img", "aria-label": cardName(t), title: cardName(t) }, cardImg(t));
  }

  function phraseOf(text) {
    const i = phraseIndex.get(text);
    return i === undefined ? null : data.talk[i];
  }

  function draw() {
    const v = view;
    $("[data-play-score]").textContent = scoreLine();
    drawSeats(v);
    drawTrick(v);
    const turn = $("[data-play-turn]");
    // The engine says the turn to this seat ("It is your turn to play to the trick.").
    turn.textContent = v.turn.text;
    turn.dataset.mine = v.current_player === g.seat ? "true" : "false";
    drawAct(v);
    drawHand(v);
    drawLog(v);
    drawNews(v);
    drawBusy();
  }

  // What happened since the reader last acted, cards played aside (the trick shows them):
  // tricks taken, buob calls, the Fool's exchange, the talk, the deal's rounds.
  function drawNews(v) {
    const news = $("[data-play-news]");
    const items = v.log.slice(Math.min(newsFrom, v.log.length)).filter((e) => e.kind !== "play").slice(-4);
    news.replaceChildren(...items.map((e) => logItem(e)));
    news.hidden = !items.length;
  }

  // Two sides: yours and the other; three or five players each play alone.
  function sideLabel(s) {
    if (s === view.side) return view.sides.length === 2 ? say(WORDS, "your_side") : say(WORDS, "you_lower");
    return view.sides.length === 2 ? say(WORDS, "other_side") : say(WORDS, "bot_lower", { seat: view.sides[s][0] });
  }

  function scoreLine() {
    const tot = view?.totals || g.totals;
    if (!tot) return "";
    const scores = tot.map((t, s) => `${sideLabel(s)} ${signed(t)}`).join(", ");
    return say(WORDS, practice ? "score_before_practice" : "score_before", { scores });
  }

  // The seats around the table, counted from the reader's (data-pos: 1 is the next to play,
  // on the reader's right; play.css places each by the table's size), and the reader's own at
  // the bottom, above the hand: each a small box with its name, its cards left, its last word.
  function drawSeats(v) {
    const box = $("[data-play-seats]");
    box.dataset.players = v.players;
    $("[data-play-felt]").dataset.players = v.players;
    box.replaceChildren();
    const said = (p) => {
      const last = v.talk.filter((t) => t.player === p).at(-1);
      // A signal (no decision said with it): its gesture and what it tells.
      if (last && last.decision === undefined) return signalLine(last);
      const phrase = last?.say ? phraseOf(last.say) : null;
      return last ? el("p", { class: "cs-play__said" }, say(WORDS, "said", { decision: last.text || last.decision }),
        last.say ? el("span", {}, ", ", el("i", { lang: "rm", text: last.say }),
          phrase ? ` — ${say(WORDS, "quoted", { text: phrase.meaning })}` : "") : null) : null;
    };
    const dealer = (p) => (p === v.dealer ? el("span", { class: "cs-play__dealer", text: say(WORDS, "dealer_mark") }) : null);
    // A card dealt face up is shown at its seat until it is played (then the trick shows it).
    const played = new Set([...v.tricks.flatMap((t) => t.plays), ...v.trick].map(([, t]) => t));
    for (let k = 1; k < v.players; k++) {
      const p = (g.seat + k) % v.players;
      box.append(el("section", { class: "cs-play__seat", "data-seat": p, "data-pos": k,
        "aria-label": seatName(p), "data-turn": v.current_player === p ? "true" : null },
      el("h3", { class: "cs-play__seatname" }, seatName(p), dealer(p)),
      el("p", { class: "cs-play__held", text: say(WORDS, "held", { n: v.held[p] }) }),
      v.face_up?.[p] && !played.has(v.face_up[p]) ? el("p", { class: "cs-play__faceup" }, say(WORDS, "face_up"), cardFace(v.face_up[p])) : null,
      said(p)));
    }
    const mine = said(g.seat);
    box.append(el("section", { class: "cs-play__seat cs-play__seat--me", "data-pos": 0, "aria-label": seatName(g.seat),
      "data-turn": v.current_player === g.seat ? "true" : null },
    el("h3", { class: "cs-play__seatname" }, seatName(g.seat), dealer(g.seat)), mine));
  }

  // A signal the reader saw (the engine shows a seat its partner's signals only): the gesture and
  // what it tells.
  function signalLine(said) {
    return el("p", { class: "cs-play__said", "data-play-signal": said.say },
      say(WORDS, "signalled", { gesture: said.text, meaning: said.meaning }));
  }

  function drawTrick(v) {
    const box = $("[data-play-trick]");
    box.replaceChildren();
    const last = v.tricks.at(-1);
    const plays = v.trick.length ? v.trick : (v.phase === "play" || v.phase === "call") && last ? last.plays : [];
    if (!plays.length) {
      box.append(el("p", { class: "cs-play__empty", text: v.phase === "play" ? say(WORDS, "no_card_yet") : "" }));
      return;
    }
    if (!v.trick.length && last) box.append(el("p", { class: "cs-play__lasttrick", text: last.winner === null
      ? say(WORDS, "last_trick_drawn", { number: last.number })
      : say(WORDS, "last_trick", { number: last.number, who: seatName(last.winner) }) }));
    for (const [p, t] of plays) {
      box.append(el("figure", { class: "cs-play__played" }, cardFace(t),
        el("figcaption", { text: playedBy(p) })));
    }
  }

  // The order the groups of actions are offered in: the answer to a bet first.
  const GROUPS = ["accept", "raise", "fold", "choice", "bet", "card_bet"];
  // A group of more bets than this (the French bets, to 99) is a number to type.
  const MANY_BETS = 6;
  let talkSelect = null; // the talk to go with the reader's next action (a card's too)

  function drawAct(v) {
    const box = $("[data-play-act]");
    box.replaceChildren();
    talkSelect = null;
    // The bet waiting for its answer, and what the hand is worth now: for every seat to see.
    if (v.pending) {
      box.append(el("p", { class: "cs-play__pending", "data-play-pending": v.pending.seat },
        say(WORDS, "pending_bet", { who: v.pending.seat === g.seat ? say(WORDS, "you_cap") : seatName(v.pending.seat),
          bet: v.pending.bet, stake: v.pending.stake, now: v.stake })));
    } else if (v.stake !== undefined && v.phase === "play") {
      box.append(el("p", { class: "cs-play__stake", "data-play-stake": v.stake }, say(WORDS, "stake_now", { stake: v.stake })));
    }
    const mine = v.current_player === g.seat;
    if (!mine) return;
    const others = v.legal.filter((c) => c.kind !== "play" && c.kind !== "scart");
    if (v.phase === "scart") {
      const left = v.scart ? v.scart.length : 0;
      box.append(el("p", { text: say(WORDS, "scart_prompt", { n: left }) }));
    }
    // The talk offered now, as the engine offers it: the signals it lets the reader make
    // (with any action, a card too), or the phrases said at this moment of the deal, grouped
    // by what they tell (v.phrases: the moment and its groups; one <optgroup> a group).
    const signals = v.signals?.length ? v.signals.map((s) => ({ say: s.id, text: s.text, meaning: s.meaning, sources: [] })) : null;
    const groups = signals ? null : (v.phrases?.groups ?? null);
    const talk = signals || (groups ? groups.flatMap((gr) => gr.phrases) : []);
    if (!others.length && !talk.length) return;
    const heading = v.phase === "talk" || v.phase === "dealer_choice" ? say(WORDS, "word_after_round")
      : v.phase === "call" ? say(WORDS, "call_buob") : v.pending ? say(WORDS, "answer_bet") : say(WORDS, "your_choice");
    const group = el("div", { class: "cs-play__choices", role: "group", "aria-label": heading });
    if (talk.length) {
      // A phrase is recorded as it is said (its Romansh words); a signal by its id.
      const option = (p) => el("option", { value: p.say ?? p.text, text: `${p.text} — ${p.meaning}${p.sources?.length ? ` (${p.sources.join(", ")})` : ""}` });
      talkSelect = el("select", { name: "phrase", "data-play-phrase": true, "data-moment": v.phrases?.moment ?? null },
        el("option", { value: "", text: say(WORDS, signals ? "no_signal" : "say_nothing") }),
        groups ? groups.map((gr) => el("optgroup", { label: gr.title, "data-topic": gr.topic }, gr.phrases.map(option)))
          : talk.map(option));
      group.append(el("label", { class: "cs-play__phrase" }, say(WORDS, signals ? "add_signal" : "add_phrase"),
        groups ? el("span", { class: "cs-play__moment", text: say(WORDS, "phrases_moment", { moment: v.phrases.moment_text }) }) : null,
        talkSelect));
    }
    const said = () => (talkSelect && talkSelect.value ? talkSelect.value : null);
    const ordered = [...others].sort((a, b) => GROUPS.indexOf(a.group) - GROUPS.indexOf(b.group));
    const numbered = (grp) => others.filter((c) => c.group === grp && /^\d+$/.test(c.arg));
    const typed = new Set();
    const cardsNow = v.legal.some((c) => c.kind === "play");
    for (const c of ordered) {
      const many = c.group ? numbered(c.group) : [];
      if (many.length > MANY_BETS && /^\d+$/.test(c.arg)) {
        if (!typed.has(c.group)) { typed.add(c.group); group.append(betNumber(c.group, many, said)); }
        continue;
      }
      // The answers and the choices are what the moment asks; a bet (with a card or alone),
      // or any choice beside cards the reader may play (the king and the jack together), is
      // offered, not pressed on the reader: the cards are the move.
      const quiet = c.group === "bet" || c.group === "card_bet" || cardsNow;
      group.append(el("button", { type: "button", class: `md-button${quiet ? "" : " md-button--primary"}`,
        "data-play-choice": c.action, "data-group": c.group || null,
        onclick: () => act(c.action, said()) }, cap(c.label)));
    }
    if (others.length || v.phase === "talk") box.append(el("h3", { text: heading }));
    box.append(group);
  }

  // A group of numbered bets as one number to type, between the least and the most the engine
  // offers; a number it does not offer is still sent, and its refusal shown.
  function betNumber(grp, bets, said) {
    const args = bets.map((c) => Number(c.arg));
    const input = el("input", { type: "number", inputmode: "numeric", name: `bet-${grp}`, "data-play-betnumber": grp,
      min: Math.min(...args), max: Math.max(...args), step: 1, value: Math.min(...args) });
    const send = () => {
      const n = String(Math.trunc(Number(input.value)));
      const c = bets.find((b) => b.arg === n);
      act(c ? c.action : bets[0].action.replace(/\S+$/, n), said());
    };
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); send(); } });
    return el("span", { class: "cs-play__betnumber" },
      el("label", {}, say(WORDS, grp === "raise" ? "raise_to" : "bet_to", { least: Math.min(...args), most: Math.max(...args) }), " ", input),
      " ", el("button", { type: "button", class: "md-button", "data-play-betsend": grp, onclick: send }, say(WORDS, "bet_send")));
  }

  function drawHand(v) {
    const box = $("[data-play-hand]");
    box.replaceChildren();
    const mine = v.current_player === g.seat;
    const legal = new Map(v.legal.filter((c) => c.kind === "play" || c.kind === "scart").map((c) => [c.arg, c]));
    const kind = v.phase === "scart" ? "scart" : "play";
    const canChoose = mine && (v.phase === "play" || v.phase === "scart");
    const over = v.phase === "done" || v.phase === "thrown_in";
    $("[data-play-handhead]").hidden = over;
    box.hidden = over;
    $("[data-play-coach]").hidden = over;
    $("[data-play-trick]").hidden = !["play", "call", "take_back"].includes(v.phase);
    $("[data-play-handhead]").textContent = say(WORDS, "your_cards_n", { n: v.hand.length });
    for (const t of v.hand) {
      const ok = legal.has(t);
      const name = cardName(t);
      if (!canChoose) {
        box.append(el("span", { class: "cs-play__card cs-play__card--held", role: "img", "aria-label": name, title: name }, cardImg(t)));
        continue;
      }
      box.append(el("button", { type: "button", class: "cs-play__cardbtn", "data-legal": ok ? "true" : "false",
        "data-card": t, "aria-label": ok ? name : say(WORDS, "not_allowed_label", { card: name }),
        title: ok ? name : say(WORDS, "not_allowed_title", { card: name }),
        onclick: () => act(legal.get(t)?.action ?? `${g.seat} ${kind} ${t}`, talkSelect && talkSelect.value ? talkSelect.value : null) }, cardImg(t)));
    }
    if (v.scart && v.scart.length) {
      box.append(el("p", { class: "cs-play__scart" }, say(WORDS, "your_scart"), v.scart.map((t) => cardFace(t))));
    }
  }

  function drawLog(v) {
    const ol = $("[data-play-log]");
    ol.replaceChildren(...v.log.map((e) => logItem(e)));
    for (const e of v.log.slice(announced)) announce(sayEntry(e));
    announced = v.log.length;
  }
  // The words said with an entry (a phrase); a signal's entry says its gesture and meaning itself.
  const spoken = (e) => (typeof e.say === "string" ? e.say : null);
  function sayEntry(e) {
    const phrase = spoken(e) ? phraseOf(e.say) : null;
    return e.text + (spoken(e) ? ` ${say(WORDS, "quoted", { text: e.say })}${phrase ? ` (${phrase.meaning})` : ""}` : "");
  }
  function logItem(e) {
    const url = e.rule && CLAUSE_URLS[e.rule];
    const phrase = spoken(e) ? phraseOf(e.say) : null;
    const [open, close] = say(WORDS, "quoted", { text: "\u0000" }).split("\u0000");
    return el("li", {}, e.text, spoken(e) ? el("span", {}, ` ${open}`, el("i", { lang: "rm", text: e.say }),
      `${close}${phrase ? ` (${phrase.meaning})` : ""}`) : null, url && e.kind !== "play" ? el("span", {}, " ", el("a", { href: new URL(url, siteRoot).href, text: say(WORDS, "rule_link") })) : null);
  }

  function drawBusy() {
    box.dataset.busy = busy ? "true" : "false";
    const mine = view && view.current_player === g.seat && !busy;
    $("[data-play-hint]").disabled = !mine;
    const undoable = record && record.actions.some((a) => (typeof a === "string" ? a : a.action).startsWith(`${g.seat} play `));
    $("[data-play-undo]").disabled = busy || !undoable;
    if (mine && !busy) {
      // Keyboard: the reader's next choice gets the focus, once the bots are done.
      const target = box.querySelector("[data-play-act] button") || box.querySelector("[data-play-hand] [data-legal='true']");
      if (target && !box.contains(document.activeElement?.closest("[data-play-coach], [data-play-records], details, select"))) target.focus();
    }
  }

  // --- the coach -------------------------------------------------------------------------------
  // A hint is the next step after the reader's own try (Lichess, Bridge Master): at a decision
  // where the reader has not tried a card yet, the first press asks the coach's question, the
  // second gives the card, marked in the hand, and the principle with its rule; the playouts'
  // figures sit in a <details>. The engine decides all of it (bot_action, the coach bot the
  // facade names).
  let hintAsked = -1; // the decision (record length) whose question was shown
  let hintTried = -1; // the decision at which the reader tried a card the engine refused
  let hintDetails = null;
  function clearHint() {
    hintDetails?.remove();
    hintDetails = null;
    delete advice.dataset.playHinted;
    for (const b of box.querySelectorAll(".cs-play__card--hint")) b.classList.remove("cs-play__card--hint");
    for (const b of box.querySelectorAll(".cs-play__phrase--hint")) b.classList.remove("cs-play__phrase--hint");
  }
  $("[data-play-hint]").addEventListener("click", async () => {
    if (busy) return;
    const at = record.actions.length;
    clearHint();
    advice.textContent = say(WORDS, "coach_thinking");
    try {
      const hint = await engine("bot_action", { record, seat: g.seat, ...(data.bots.coach ? { bot: data.bots.coach } : {}),
        seed: at, viewer: g.seat });
      if (at !== record.actions.length) return;
      if (hint.question && hintAsked !== at && hintTried !== at) {
        hintAsked = at;
        advice.textContent = say(WORDS, "hint_question", { question: hint.question });
        return;
      }
      const choice = view.legal.find((c) => c.action === hint.action);
      advice.replaceChildren(say(WORDS, "advice", { action: choice ? choice.label : hint.action, why: cap(hint.text) }));
      // The talk the coach would add: a phrase said aloud, or a signal (a gesture) to the partner.
      const talked = hint.say && data.talk.find((p) => p.say === hint.say.id || p.say === hint.say.text);
      if (hint.say) {
        // The phrase the coach suggests is one the engine offers now: chosen in the picker
        // (the reader may change it), and marked as the coach's.
        const pick = talkSelect && [...talkSelect.options].find((o) => o.value && (o.value === hint.say.text || o.value === hint.say.id));
        if (pick) {
          talkSelect.value = pick.value;
          talkSelect.dataset.playHinted = pick.value;
          talkSelect.closest("label")?.classList.add("cs-play__phrase--hint");
        }
        if (!/[.!?”"]$/.test(advice.textContent.trim())) advice.append(".");
        advice.append(" ", talked && !talked.spoken
          ? say(WORDS, "advice_signal", { gesture: talked.text, meaning: talked.meaning })
          : say(WORDS, "hint_phrase", { text: hint.say.text, meaning: hint.say.meaning }));
      }
      const url = hint.rule && CLAUSE_URLS[hint.rule];
      if (url) advice.append(" ", el("a", { href: new URL(url, siteRoot).href, "data-play-hintrule": hint.rule, text: say(WORDS, "rule_link") }));
      // The cards to mark: the engine's, or the card of the action it chose.
      const cards = hint.cards || (choice && (choice.group === "card" || choice.group === "card_bet") ? [choice.arg] : []);
      const marks = [...cards.map((t) => box.querySelector(`[data-play-hand] [data-card="${t}"]`)),
        box.querySelector(`[data-play-choice="${hint.action}"]`)].filter(Boolean);
      for (const b of marks) b.classList.add("cs-play__card--hint");
      advice.dataset.playHinted = cards.join(" ") || hint.action;
      if (hint.details) {
        hintDetails = el("details", { class: "cs-play__hintdetails", "data-play-hintdetails": true },
          el("summary", { text: say(WORDS, "hint_details") }), el("p", { text: hint.details }));
        advice.after(hintDetails);
      }
    } catch (err) {
      advice.textContent = "";
      showError(err);
    }
  });

  $("[data-play-undo]").addEventListener("click", async () => {
    const acts = record.actions.map((a) => (typeof a === "string" ? a : a.action));
    let i = acts.length - 1;
    while (i >= 0 && !acts[i].startsWith(`${g.seat} play `)) i--;
    if (i < 0) return;
    token += 1;
    busy = false;
    practice = true;
    record = { ...record, actions: record.actions.slice(0, i),
      note: say(WORDS, "practice_record_note") };
    announced = 0;
    newsFrom = 0;
    live.replaceChildren();
    announce(say(WORDS, "undone"));
    await advance();
    // The undo button may now be disabled (no card of yours left to take back): the focus
    // goes to the hand, where the next choice is.
    box.querySelector("[data-play-act] button, [data-play-hand] [data-legal='true']")?.focus();
  });

  // --- the end of the hand ---------------------------------------------------------------------
  function endOfHand() {
    const v = view;
    const end = $("[data-play-end]");
    end.replaceChildren();
    end.hidden = false;
    $("[data-play-hint]").disabled = true;
    if (v.phase === "thrown_in") {
      end.append(el("h3", { text: say(WORDS, "thrown_in") }),
        el("p", { text: say(WORDS, "thrown_in_text") }),
        el("button", { type: "button", class: "md-button md-button--primary", "data-play-next": true,
          onclick: () => { g.seed0 += 1000; g.fromLink = false; newHand(); } }, say(WORDS, "deal_again")));
      end.querySelector("button").focus();
      return;
    }
    const mine = v.side;
    // A result gives each side's score, or the side that takes the hand and its points.
    const taken = v.result.scores === undefined;
    const won = taken ? v.result.team === mine : v.result.scores[mine] > 0;
    if (!counted && !g.fromLink) {
      counted = true;
      if (!practice) {
        const s = readStats();
        s.played += 1;
        if (won) s.won += 1;
        writeStats(s);
        showStats();
      }
    }
    const pairs = v.sides.length === 2;
    const sideName = (s) => (s === mine ? (pairs ? say(WORDS, "your_side_cap") : say(WORDS, "you_cap"))
      : pairs ? say(WORDS, "other_side_cap") : `${seatName(v.sides[s][0])}`);
    const sentence = (s) => say(WORDS, "side_sum", { side: sideName(s), points: v.result.points[s],
      par: v.result.par[s], score: signed(v.result.scores[s]) });
    end.append(el("h3", { id: "cs-play-count", tabindex: "-1", text: say(WORDS, v.counts ? "the_count" : "the_result") }));
    // Without a count, the engine's own account of how the hand ended (its last entries).
    if (!v.counts) {
      end.append(el("ul", { class: "cs-play__outcome" }, v.log.filter((e) => e.kind === "trick" || e.kind === "hand" || e.kind === "fold")
        .map((e) => el("li", { text: e.text }))));
    }
    (v.counts || []).forEach((c, s) => {
      end.append(el("h4", { text: pairs ? say(WORDS, "side_members", { side: sideName(s),
        members: v.sides[s].map(playedBy).join(` ${say(WORDS, "and")} `) }) : sideName(s) }));
      const ol = el("ol", { class: "cs-play__groups" });
      for (const grp of c.groups) {
        ol.append(el("li", {}, el("span", { class: "cs-play__groupcards" }, grp.cards.map((t) => cardFace(t))),
          el("span", { class: "cs-play__groupsum", text: `${grp.values.join(" + ")} = ${grp.sum}${grp.less ? say(WORDS, "group_less", { less: grp.less }) : ""} → ${grp.points}` })));
      }
      end.append(ol, el("p", { class: "cs-play__sidesum", "data-play-points": s, text: sentence(s) }));
    });
    const after = v.totals_after;
    const last = gameOver(after);
    const how = won ? "won" : !taken && v.result.scores[mine] === 0 ? "even" : "lost";
    const result = [taken ? say(WORDS, `result_${pairs ? "side" : "you"}_takes_${how}`, { points: v.result.points })
      : say(WORDS, `result_${pairs ? "side" : "you"}_${how}`, { score: signed(v.result.scores[mine]) }),
      say(WORDS, "running_after", { hand: g.hand + 1,
        scores: after.map((t, s) => `${sideLabel(s)} ${signed(t)}`).join(", ") })];
    if (practice) result.push(say(WORDS, "practice_not_counted"));
    end.append(el("p", { class: "cs-play__result", "data-play-result": true, text: result.join(" ") }));
    end.append(el("p", {}, el("button", { type: "button", class: "md-button md-button--primary", "data-play-next": true,
      onclick: () => {
        if (last) { game.hidden = true; setup.hidden = false; setup.elements.players.focus(); return; }
        g.totals = after; g.hand += 1; g.fromLink = false; newHand();
      } }, last ? say(WORDS, (data.target ? after[mine] >= data.target : after[mine] > 0) ? "game_over_won" : "game_over_lost") : say(WORDS, "deal_hand", { hand: g.hand + 2 }))));
    drawReview(end);
    end.querySelector("#cs-play-count").focus();
    announce(v.counts ? sentence(mine) : result[0]);
  }

  // --- the review ------------------------------------------------------------------------------
  function drawReview(end) {
    const v = view;
    if (!v.review || !v.review.length) return;
    const sec = el("section", { class: "cs-play__review", "aria-labelledby": "cs-play-review" },
      el("h3", { id: "cs-play-review", text: say(WORDS, "review_heading") }));
    const nav = el("p", { class: "cs-play__reviewnav" });
    const body = el("div", { "data-play-reviewbody": true, "aria-live": "polite" });
    const prev = el("button", { type: "button", class: "md-button", "data-play-prev": true, onclick: () => show(reviewAt - 1) }, say(WORDS, "previous_trick"));
    const next = el("button", { type: "button", class: "md-button", "data-play-nextrick": true, onclick: () => show(reviewAt + 1) }, say(WORDS, "next_trick"));
    nav.append(prev, next);
    // The engine judges one trick a call (a sampled trick takes a while): the count and the
    // review are shown at once, each trick's verdict as it arrives, the summary at the end.
    const marks = [];
    const verdicts = new Map();
    const status = el("p", { text: say(WORDS, "solver_looking") });
    const list = el("p", { class: "cs-play__marklist" });
    const note = el("p", { class: "cs-play__marksnote" });
    const summary = el("div", { class: "cs-play__marks", "data-play-marks": "", "aria-live": "polite" }, status, list, note);
    const mine = token;
    const judged = record;
    (async () => {
      let samples = 0;
      let open = 0;
      for (const t of v.review) {
        const res = await engine("review_marks", { record: judged, seat: g.seat, trick: t.number });
        if (mine !== token) return;
        for (const d of res.verdicts) verdicts.set(d.trick, d);
        marks.push(...res.marks);
        samples = Math.max(samples, res.samples);
        open = res.open_tricks;
        status.textContent = say(WORDS, "review_progress", { done: verdicts.size, total: v.review.length });
        if (v.review[reviewAt].number === t.number) show(reviewAt);
      }
      status.textContent = marks.length ? say(WORDS, "marks_found", { n: marks.length }) : say(WORDS, "marks_none");
      for (const m of marks) {
        list.append(el("button", { type: "button", class: "md-button", onclick: () => show(v.review.findIndex((t) => t.number === m.trick)) }, say(WORDS, "trick_n", { number: m.trick })), " ");
      }
      list.hidden = !marks.length;
      // A game whose review solves no trick open samples every one.
      note.textContent = open ? say(WORDS, "marks_note", { open, samples }) : say(WORDS, "marks_note_sampled", { samples });
      summary.dataset.playMarks = String(marks.length);
      show(reviewAt);
    })().catch((err) => {
      if (mine !== token) return;
      status.textContent = say(WORDS, "marks_failed", { error: err.message || err });
    });
    sec.append(summary, nav, body);
    end.append(sec);
    function show(i) {
      reviewAt = Math.max(0, Math.min(v.review.length - 1, i));
      const t = v.review[reviewAt];
      prev.disabled = reviewAt === 0;
      next.disabled = reviewAt === v.review.length - 1;
      const mark = marks.find((m) => m.trick === t.number);
      const verdict = verdicts.get(t.number);
      body.replaceChildren(el("h4", { text: t.winner === g.seat
        ? say(WORDS, "review_trick_you", { number: t.number, total: v.review.length })
        : t.winner === null ? say(WORDS, "review_trick_drawn", { number: t.number, total: v.review.length })
          : say(WORDS, "review_trick_bot", { number: t.number, total: v.review.length, seat: t.winner }) }),
        verdictLine(t.number, verdict, mark),
        // Next to the verdict: a mistake is tried again from where it was made.
        el("p", {}, el("button", { type: "button", class: "md-button", "data-play-again": t.number,
          onclick: () => playAgainFrom(t.number) }, say(WORDS, "play_again", { number: t.number }))),
        el("p", { class: "cs-play__reviewtrick" }, say(WORDS, "played"), t.plays.map(([p, c]) => el("span", { class: "cs-play__rplay" }, cardFace(c), ` ${playedBy(p)}`))),
        ...t.hands.map((h, p) => el("div", { class: "cs-play__rhand" }, el("h5", { text: say(WORDS, "before_trick", { who: seatName(p) }) }),
          el("p", {}, h.map((c) => cardFace(c))))));
    }
    show(0);
  }

  // The verdict on the reader's card in one trick: the engine's sentence for a mark (the better
  // card and why, in the coach's words, with a link to the rule that makes it so; the figures
  // it was measured by in a <details>, as a hint's), else a word on how it stands.
  function verdictLine(number, verdict, mark) {
    if (mark) {
      const url = mark.rule && CLAUSE_URLS[mark.rule];
      const text = /[.!?]$/.test(mark.text) ? cap(mark.text) : `${cap(mark.text)}.`;
      const line = el("p", { class: "cs-play__mark", "data-play-mark": number,
        ...(mark.principle ? { "data-play-markcoach": mark.principle.id } : {}) }, text,
      url ? el("span", {}, " ", el("a", { href: new URL(url, siteRoot).href, text: say(WORDS, "rule_link") })) : null);
      if (!mark.details) return line;
      return el("div", {}, line, el("details", { class: "cs-play__hintdetails", "data-play-markdetails": number },
        el("summary", { text: say(WORDS, "review_details") }), el("p", { text: mark.details })));
    }
    if (!verdict) return el("p", { "data-play-verdict": "pending", text: say(WORDS, "verdict_pending") });
    if (verdict.verdict === "none") return null;
    return el("p", { "data-play-verdict": verdict.verdict,
      text: say(WORDS, `verdict_${verdict.verdict}`) });
  }

  // The hand again from the start of a trick, the same cards: the engine cuts the record there,
  // and the hand counts as practice (as after an undo).
  async function playAgainFrom(number) {
    if (busy) return;
    let cut;
    try {
      cut = await engine("table_cut", { record, trick: number });
    } catch (err) {
      showError(err);
      return;
    }
    token += 1;
    busy = false;
    practice = true;
    record = { ...cut, note: say(WORDS, "practice_replay_note", { number }) };
    announced = 0;
    newsFrom = 0;
    reviewAt = 0;
    clearError();
    advice.textContent = "";
    live.replaceChildren();
    const end = $("[data-play-end]");
    end.hidden = true;
    end.replaceChildren();
    announce(say(WORDS, "replaying", { number }));
    $("[data-play-heading]").focus({ preventScroll: false });
    await advance();
  }

  // --- records ---------------------------------------------------------------------------------
  $("[data-play-download]").addEventListener("click", () => {
    const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
    const a = el("a", { href: URL.createObjectURL(blob), download: `${CONFIG.game}-hand-${record.seed}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 5000);
  });

  function shareURL() {
    const url = new URL(location.href);
    // The table size as the game was set up: a record may keep it among its rules, or not at all.
    url.search = linkQuery({ ...record, players: g.players }, g.seat, g.rules, phraseIndex);
    url.hash = "";
    return url.href;
  }

  $("[data-play-share]").addEventListener("click", async () => {
    const url = shareURL();
    const out = $("[data-play-shared]");
    out.replaceChildren(say(WORDS, "link_to_hand"), el("a", { href: url, "data-play-link": true, text: url }));
    try { await navigator.clipboard.writeText(url); out.prepend(say(WORDS, "copied")); } catch { /* shown instead */ }
  });

  // "New game" drops the game under way: the dialog asks first, unless the last hand of the
  // game is over (then nothing is lost).
  const confirmBox = $("[data-play-confirm]");
  const newGameButton = $("[data-play-newgame]");
  function leaveGame() {
    token += 1;
    busy = false;
    game.hidden = true;
    setup.hidden = false;
    setup.elements.players.focus();
  }
  newGameButton.addEventListener("click", () => {
    const over = view && (view.phase === "done") && g && g.hand + 1 >= handsInGame();
    if (over) {
      leaveGame();
      return;
    }
    if (typeof confirmBox.showModal !== "function") { // a browser without <dialog>
      if (window.confirm(`${say(WORDS, "leave_title")} ${say(WORDS, "leave_text")}`)) leaveGame();
      return;
    }
    confirmBox.returnValue = "";
    confirmBox.showModal();
  });
  confirmBox.addEventListener("close", () => {
    if (confirmBox.returnValue === "leave") leaveGame();
    else newGameButton.focus();
  });

  function fromAddress() {
    const link = readLink(new URLSearchParams(location.search), data.talk);
    if (!link) return false;
    const { players, seat, rules, dealer, seed, totals, actions } = link;
    // A hand from a link is someone's hand shown again: not added to this device's record.
    startGame({ players, seat, rules, pace: "read", firstDealer: dealer,
      seed0: seed, hand: 0, totals, fromLink: true }, actions);
    return true;
  }

  // --- stats -----------------------------------------------------------------------------------
  function showStats() {
    const s = readStats();
    $("[data-play-stats]").textContent = s.played
      ? say(WORDS, "stats", { played: s.played, won: s.won })
      : say(WORDS, "no_hands");
  }
  $("[data-play-reset]").addEventListener("click", () => {
    try { localStorage.removeItem(STATS_KEY); } catch { /* blocked */ }
    showStats();
    announce(say(WORDS, "record_cleared"));
  });
  showStats();

  if (typeof g === "object") fromAddress();
}

function bindAll(doc) {
  for (const box of doc.querySelectorAll("[data-play-table]")) bindTable(box);
}

if (window.cardsiteOnPage) window.cardsiteOnPage(bindAll);
else bindAll(document);
