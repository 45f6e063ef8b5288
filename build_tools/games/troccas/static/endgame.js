// Endgame puzzles (issue 17): every hand shown, a few tricks left; the reader plays card by
// card and the other seats answer with the solver's best play. Served as
// assets/endgames/endgame.js, a module loaded once per visit; per-page work runs through
// window.cardsiteOnPage. Nothing here decides anything: check_endgame says whether the first
// card is best (and the line that refutes it if not), endgame_play answers every later card.
// The reader's progress (which endgames are solved, at the first try or not, and the streak of
// the kind "endgame") goes into the puzzles' one store through review.js, the module the other
// puzzle pages use, so their "Reset my progress" clears it too.

import * as review from "../puzzles/review.js";
import { cap, el, engine, say } from "../js/page.js";

// The page's own words, in the edition's language (build_tools/messages/<language>/endgames.yaml,
// written in by the build).
const WORDS = /* words: endgames */ {};

const KIND = "endgame";
const siteRoot = new URL("../../", import.meta.url); // this file is assets/endgames/endgame.js


let NAMES = null;
const nameOf = (t) => cap((NAMES && NAMES[t]) || t);
// A card's name inside a sentence: its article in lower case ("the King of cups").
const midSentence = (name) => name.replace(/^(The|Der|Die|Das) /, (a) => a.toLowerCase());
const face = (t, cls = "cs-eg__card") => el("img", {
  class: cls, src: new URL(`cards/${t}.svg`, siteRoot).href, alt: nameOf(t), title: nameOf(t),
  width: 44, height: 80, "data-token": t });

// --- progress -----------------------------------------------------------------------------------
// Which endgame a widget is: an authored one by its id, the practice one by its seed (as the
// other puzzle pages name practice puzzles).
const idOf = (box) => (box.hasAttribute("data-practice")
  ? `seed-${JSON.parse(box.dataset.spec).seed}` : box.dataset.egId);

function showProgress(root = document) {
  const p = review.progress(KIND);
  for (const box of root.querySelectorAll("[data-eg-progress]")) {
    const ids = JSON.parse(box.dataset.egIds || "[]");
    const solved = ids.filter((id) => p.solved[id]).length;
    const first = ids.filter((id) => p.first[id]).length;
    const practice = Object.keys(p.solved).filter((id) => id.startsWith("seed-")).length;
    const set = (sel, n) => { box.querySelector(sel).textContent = String(n); };
    set("[data-eg-solved]", solved);
    set("[data-eg-first]", first);
    set("[data-eg-streak]", p.streak);
    set("[data-eg-best]", p.best);
    set("[data-eg-practice]", practice);
    box.querySelector("[data-eg-first-part]").hidden = solved === 0;
    box.querySelector("[data-eg-practice-part]").hidden = practice === 0;
    box.querySelector("[data-eg-blocked]").hidden = p.ok;
    box.dataset.solved = String(solved);
  }
  for (const box of root.querySelectorAll("[data-endgame]")) {
    const id = idOf(box);
    const done = !!p.solved[id];
    const how = !done ? "" : p.first[id] ? "first-try" : "solved";
    box.dataset.solved = done ? how : "false";
    const title = box.querySelector(".cs-eg__title");
    let badge = title.querySelector(".cs-eg__done");
    if (!done) { badge?.remove(); continue; }
    if (!badge) {
      badge = el("span", { class: "cs-eg__done", "data-eg-done": "" });
      title.append(badge);
    }
    badge.textContent = how === "first-try" ? say(WORDS, "solved_first_try") : say(WORDS, "solved");
  }
}

window.addEventListener(review.PROGRESS_EVENT, () => showProgress());
// Another tab of the site changed the store.
window.addEventListener("storage", (ev) => { if (ev.key === review.STORE || ev.key === null) showProgress(); });

function bindProgress(box) {
  if (box.dataset.egBound) return;
  box.dataset.egBound = "true";
  const reset = box.querySelector("[data-eg-reset]");
  const done = box.querySelector("[data-eg-reset-done]");
  reset.addEventListener("click", () => {
    done.textContent = review.resetProgress(KIND) ? say(WORDS, "progress_is_reset") : say(WORDS, "nothing_to_reset");
  });
}

function bind(box) {
  if (box.dataset.egBound) return;
  box.dataset.egBound = "true";
  if (!NAMES) NAMES = JSON.parse(document.querySelector("[data-eg-names]")?.dataset.egNames || "{}");
  const $ = (sel) => box.querySelector(sel);
  let seat = Number(box.dataset.seat);
  let spec = JSON.parse(box.dataset.spec);
  let played = [];
  let busy = false;
  // This endgame's attempt: a wrong first card, or the best line shown, before the right first
  // card means it is not solved at the first try; once solved, trying other cards is exploring
  // and leaves the streak alone.
  let misses = 0;
  let solvedHere = false;
  let firstLegal = JSON.parse(box.dataset.legal || "null"); // the engine's, at the start
  let legalNow = firstLegal; // the cards the reader may play now; [] none (over, or wrong)
  let start = { table: $("[data-eg-table]").innerHTML, mine: $("[data-eg-mine]").innerHTML,
    question: $("[data-eg-question]").textContent };
  const feedback = $("[data-eg-feedback]");
  const line = $("[data-eg-line]");
  const again = $("[data-eg-again]");
  const solution = $("[data-eg-solution]");

  const ready = () => window.cardsite?.state === "ready";
  function picks(legal) {
    for (const b of box.querySelectorAll("[data-eg-mine] [data-card]")) {
      const ok = ready() && !busy && (!legal || legal.includes(b.dataset.card));
      b.disabled = !ok;
      b.dataset.legal = ok ? "true" : "false";
    }
    solution.disabled = !ready();
  }
  function who(p) {
    const partners = JSON.parse(box.dataset.partners || "[]");
    return p === seat ? say(WORDS, "you") : partners.includes(p) ? say(WORDS, "partner_seat", { seat: p }) : say(WORDS, "seat", { seat: p });
  }
  function drawTricks(tricks, heading) {
    line.replaceChildren(el("p", { class: "cs-eg__label", text: heading }),
      el("ol", { class: "cs-eg__tricks" }, tricks.map((t) => el("li", {},
        el("span", { class: "cs-eg__plays" }, t.plays.map(([p, c]) => el("span", { class: "cs-eg__play" },
          face(c, "cs-eg__small"), ` ${who(p)}`))),
        t.winner !== null && t.winner !== undefined
          ? el("span", { class: "cs-eg__taken", text: ` — ${t.winner === seat ? say(WORDS, "you_take_it") : say(WORDS, "seat_takes_it", { seat: t.winner })}` }) : null))));
    line.hidden = false;
  }
  function drawPosition(sit, legal) {
    const table = $("[data-eg-table]");
    for (const old of table.querySelectorAll("[data-eg-hand]")) old.remove();
    const n = sit.players;
    const seats = Array.from({ length: n - 1 }, (_, k) => (seat + k + 1) % n);
    table.prepend(...seats.map((p) => el("div", { class: "cs-eg__seat", "data-eg-hand": p,
      "data-role": sit.partners.includes(p) ? "partner" : "opponent" },
    el("p", { class: "cs-eg__who", text: say(WORDS, sit.partners.includes(p) ? "who_partner" : "who_opponent", { seat: p }) }),
    el("p", { class: "cs-eg__cards" }, sit.hands[p].map((t) => face(t))))));
    const trick = $("[data-eg-trick]");
    trick.replaceChildren(sit.trick.length
      ? el("p", { class: "cs-eg__label", text: say(WORDS, "trick_so_far") })
      : el("p", { class: "cs-eg__label", text: sit.tricks ? say(WORDS, "you_lead") : say(WORDS, "hand_over_short") }),
    ...sit.trick.map(([p, t]) => el("figure", { class: "cs-eg__played" }, face(t), el("figcaption", { text: who(p) }))));
    $("[data-eg-mine]").replaceChildren(...sit.hands[seat].map((t) => el("button", {
      type: "button", class: "cs-eg__pick", "data-card": t, "aria-label": nameOf(t) }, face(t, "cs-eg__face"))));
    picks(legal);
  }
  function tell(...nodes) {
    feedback.replaceChildren(...nodes.map((n) => (typeof n === "string" ? el("p", { text: n }) : n)));
  }
  function fail(err) {
    tell(el("p", { class: "cs-eg__error", text: cap(err.message || String(err)) }));
  }
  function reset() {
    played = [];
    $("[data-eg-table]").innerHTML = start.table;
    $("[data-eg-mine]").innerHTML = start.mine;
    $("[data-eg-question]").textContent = start.question;
    $("[data-eg-table]").hidden = false;
    $(".cs-eg__mine").hidden = false;
    feedback.replaceChildren();
    line.hidden = true;
    again.hidden = true;
    box.dataset.state = "";
    legalNow = firstLegal;
    picks(legalNow);
  }

  async function choose(card) {
    if (busy) return;
    busy = true;
    picks([]);
    try {
      if (!played.length) {
        const verdict = await engine("check_endgame", { spec, answer: card });
        if (!verdict.correct) {
          if (!solvedHere) {
            misses += 1;
            review.recordMiss(KIND);
          }
          box.dataset.state = "wrong";
          tell(el("p", { class: "cs-eg__wrong", text: verdict.explanation }),
            verdict.hints ? el("p", { class: "cs-eg__hint", text: verdict.hints[0] }) : null);
          drawTricks(verdict.line, say(WORDS, "after_card", { card: midSentence(nameOf(card)) }));
          again.hidden = false;
          legalNow = [];
          again.focus();
          return;
        }
        box.dataset.state = "right";
        review.recordSolved(KIND, idOf(box), misses === 0);
        solvedHere = true;
        tell(el("p", { class: "cs-eg__right", text: verdict.explanation }), say(WORDS, "play_on"));
      }
      played.push(card);
      const out = await engine("endgame_play", { spec, cards: played });
      legalNow = out.over ? [] : out.legal;
      drawPosition(out.situation, legalNow);
      drawTricks(out.tricks, say(WORDS, "tricks_so_far"));
      const last = out.verdicts.at(-1);
      if (played.length > 1) {
        const lost = last.best - last.value;
        tell(lost > 0
          ? el("p", { class: "cs-eg__wrong", text: say(WORDS, "costs", { card: nameOf(card), lost, n: lost, value: last.value, best: last.best }) })
          : el("p", { class: "cs-eg__right", text: say(WORDS, "keeps_best", { card: nameOf(card), best: last.best }) }));
      }
      if (out.over) {
        // Every card is played: the tricks below tell the hand; the empty table would not.
        $("[data-eg-table]").hidden = true;
        $(".cs-eg__mine").hidden = true;
        box.dataset.state = out.points >= out.best ? "solved" : "played";
        feedback.append(el("p", { class: "cs-eg__end", text: out.points >= out.best
          ? say(WORDS, "over_best", { points: out.points })
          : say(WORDS, "over_less", { points: out.points, best: out.best }) }));
        again.hidden = false;
      } else {
        $("[data-eg-mine] [data-legal='true']")?.focus();
      }
    } catch (err) {
      fail(err);
    } finally {
      busy = false;
      picks(legalNow);
    }
  }

  box.addEventListener("click", (ev) => {
    const b = ev.target.closest("[data-eg-mine] [data-card]");
    if (b && !b.disabled) choose(b.dataset.card);
  });
  again.addEventListener("click", () => { reset(); box.querySelector("[data-eg-mine] [data-card]")?.focus(); });
  solution.addEventListener("click", async () => {
    try {
      const full = await engine("endgame", { spec, answer: true });
      if (!solvedHere) misses += 1; // seen, not found: no longer a first try
      drawTricks(full.line, say(WORDS, "best_line", { cards: full.answer.map(nameOf).join(` ${say(WORDS, "or")} `), value: full.value }));
    } catch (err) {
      fail(err);
    }
  });

  if (box.hasAttribute("data-practice")) {
    const fromUrl = Number(new URL(location.href).searchParams.get("seed"));
    const load = async (seed) => {
      busy = true;
      picks([]);
      try {
        const next = { kind: "endgame", seed };
        const data = await engine("endgame", { spec: next });
        spec = next;
        box.dataset.spec = JSON.stringify(next);
        misses = 0;
        solvedHere = false;
        seat = data.situation.seat;
        box.dataset.seat = seat;
        box.dataset.partners = JSON.stringify(data.situation.partners);
        $("[data-eg-seed]").textContent = seed;
        $("[data-eg-question]").textContent = data.question;
        busy = false;
        firstLegal = data.situation.legal;
        drawPosition(data.situation, firstLegal);
        start = { table: $("[data-eg-table]").innerHTML, mine: $("[data-eg-mine]").innerHTML, question: data.question };
        reset();
        showProgress();
        const url = new URL(location.href);
        url.searchParams.set("seed", seed);
        history.replaceState(history.state, "", url);
      } catch (err) {
        busy = false;
        fail(err);
      }
    };
    $("[data-eg-next]").addEventListener("click", () => load(spec.seed + 1));
    if (Number.isInteger(fromUrl) && fromUrl > 0 && fromUrl !== spec.seed) {
      window.cardsite?.boot().then(() => load(fromUrl));
    }
  }
  window.addEventListener("cardsite:state", () => picks(legalNow));
  picks(legalNow);
}

function bindAll() {
  for (const box of document.querySelectorAll("[data-endgame]")) bind(box);
  for (const box of document.querySelectorAll("[data-eg-progress]")) bindProgress(box);
  showProgress();
}

if (window.cardsiteOnPage) window.cardsiteOnPage(bindAll);
else bindAll();
