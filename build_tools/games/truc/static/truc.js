// Truc's puzzle widgets (issue 18): each <div data-truc-puzzle="KIND"> shows a puzzle the rules
// engine draws (truc.api puzzle), offers the engine's choices, and checks the reader's answer
// (truc.api check) — all in the reader's own Python (the page's worker). Authored puzzles come
// first (data-authored: seeds and notes), then new ones from random seeds. Nothing here decides
// a rule: the question, the choices, the verdict and the reason are the engine's.

import { cap, el, engine } from "../js/page.js";

const names = {};
const siteRoot = new URL("../../", import.meta.url); // this file is assets/truc/truc.js

const card = (t) => names[t] || t;
const team = (t) => (t === null || t === undefined ? "nobody (drawn)" : `the team of seats ${t === 0 ? "0 and 2" : "1 and 3"}`);

function situation(kind, s) {
  const out = [];
  const plays = (ps) => el("ul", { class: "truc-plays" }, ps.map(([p, c]) => el("li", {},
    el("img", { src: new URL(`cards/${c}.svg`, siteRoot).href, alt: "", width: 100, height: 150 }),
    `Seat ${p}: ${card(c)}`)));
  if (kind === "trick") out.push(el("p", { text: "The cards of the trick, in the order played:" }), plays(s.plays));
  if (kind === "hand") {
    out.push(el("p", { text: `Seat ${s.dealer} dealt ${s.cards_each === 1 ? "one card each (a one-trick hand)" : "three cards each"}.` }));
    s.tricks.forEach((t, i) => out.push(el("p", { text: `Trick ${i + 1}:` }), plays(t.plays)));
  }
  if (kind === "score") {
    out.push(el("p", { text: `Seat ${s.dealer} dealt. What happened, in order:` }));
    out.push(el("ol", { class: "truc-events" }, s.events.map((e) => el("li", { text: eventText(e) }))));
  }
  if (kind === "raise") {
    out.push(el("p", { text: `The hand is worth ${s.stake}. ${s.bets.length ? "The bets so far:" : "Nobody has bet yet."}` }));
    if (s.bets.length) out.push(el("ol", { class: "truc-events" }, s.bets.map((e) => el("li", { text: eventText(e) }))));
    out.push(el("p", { text: `Seat ${s.to_play} is to play.` }));
  }
  if (kind === "eleven") out.push(el("p", { text: `Seat ${s.dealer} is about to deal.` }));
  return out;
}

function eventText(e) {
  const stake = (x) => (x === "remainder" ? "the remainder" : x === 2 ? "truc (2)" : x === 3 ? "retruc (3)" : String(x));
  if (e.type === "bet") return `Seat ${e.player} bets ${stake(e.stake)}.`;
  if (e.type === "answer") return `Seat ${e.player} ${e.accept ? "accepts" : "turns it down"}.`;
  if (e.type === "play") return `Seat ${e.player} plays ${card(e.card)}.`;
  if (e.type === "trick") return `Trick ${e.number}: ${e.team === null ? "drawn" : `taken for ${team(e.team)}`}.`;
  return e.type;
}

function bind(box) {
  if (box.dataset.trucBound) return;
  box.dataset.trucBound = "true";
  const kind = box.dataset.trucPuzzle;
  const authored = JSON.parse(box.dataset.authored || "[]");
  let index = 0;
  let misses = 0;
  // A shared link (?kind=trick&seed=N) opens that puzzle first, in its own widget.
  const q = new URLSearchParams(location.search);
  let shared = q.get("kind") === kind && /^\d{1,9}$/.test(q.get("seed") || "") ? Number(q.get("seed")) : null;

  async function show() {
    const a = shared === null ? authored[index] : null;
    const seed = shared !== null ? shared : a ? a.seed : Math.floor(Math.random() * 1e6);
    shared = null;
    box.dataset.seed = String(seed);
    box.dataset.state = "asking";
    misses = 0;
    let p;
    try {
      p = await engine("puzzle", { kind, seed });
    } catch (err) {
      box.replaceChildren(el("p", { class: "truc-puzzle__error", role: "alert", text: cap(err.message || String(err)) }));
      return;
    }
    const verdict = el("div", { class: "truc-puzzle__verdict", "aria-live": "polite", "data-truc-verdict": true });
    const choices = el("div", { class: "truc-puzzle__choices", role: "group", "aria-label": "Your answer" },
      p.choices.map((c) => el("button", { type: "button", class: "md-button", "data-answer": c.answer,
        onclick: () => answer(c.answer, verdict, a, choices) }, cap(c.label))));
    const link = new URL(location.href);
    link.search = new URLSearchParams({ kind, seed: String(seed) }).toString();
    link.hash = box.previousElementSibling?.id || "";
    box.replaceChildren(
      el("p", { class: "truc-puzzle__title" }, a ? `Puzzle ${index + 1} of ${authored.length}` : `Puzzle number ${seed}`,
        " ", el("a", { class: "truc-puzzle__link", href: link.href, "data-truc-link": true, text: "(a link to it)" })),
      ...situation(kind, p.situation),
      el("p", { class: "truc-puzzle__question" }, el("strong", { text: p.question })),
      choices, verdict);
  }

  async function answer(given, verdict, authoredOne, choices) {
    const r = await engine("check", { kind, seed: Number(box.dataset.seed), answer: given });
    const next = el("button", { type: "button", class: "md-button md-button--primary", "data-truc-next": true,
      onclick: () => { index += 1; show(); } }, index + 1 < authored.length ? "Next puzzle" : "A new puzzle");
    if (r.correct) {
      box.dataset.state = "solved";
      for (const b of choices.querySelectorAll("button")) b.disabled = true;
      verdict.replaceChildren(el("p", { class: "truc-puzzle__right", text: `Right: ${r.explanation}.` }),
        authoredOne ? el("p", { class: "truc-puzzle__note", text: authoredOne.note }) : null, next);
      next.focus();
      return;
    }
    misses += 1;
    box.dataset.state = "missed";
    choices.querySelector(`[data-answer="${CSS.escape(given)}"]`).disabled = true;
    const why = el("button", { type: "button", class: "md-button", "data-truc-why": true,
      onclick: () => reveal(r, verdict, next) }, "Show why");
    verdict.replaceChildren(el("p", { class: "truc-puzzle__wrong", text: "Not that one. Look again at the cards and try another answer." }), why);
    if (misses >= 2) reveal(r, verdict, next);
  }

  function reveal(r, verdict, next) {
    box.dataset.state = "shown";
    const right = box.querySelector(`[data-answer="${CSS.escape(r.expected)}"]`);
    verdict.replaceChildren(el("p", { class: "truc-puzzle__why", text: `The answer: ${right ? right.textContent : r.expected} — ${r.explanation}.` }), next);
  }

  show();
}

async function bindAll(doc) {
  const boxes = doc.querySelectorAll("[data-truc-puzzle]");
  if (!boxes.length) return;
  if (!Object.keys(names).length) {
    try {
      for (const c of (await engine("pack", {})).cards) names[c.token] = c.name;
    } catch { /* tokens are shown instead */ }
  }
  for (const box of boxes) bind(box);
}

if (window.cardsiteOnPage) window.cardsiteOnPage(bindAll);
else bindAll(document);
