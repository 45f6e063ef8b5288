// Puzzles solved in the browser (issue 5). Served as assets/puzzles/puzzles.js, a module loaded
// once per visit (build_tools/parts/puzzles.py); per-page work runs through window.cardsiteOnPage (overrides/main.html).
//
// A puzzle widget (<section data-cardsite-widget="puzzle">) is drawn by its template only
// (build_tools/puzzles/widget.py): at build time for authored puzzles and the first practice
// seeds, by the reader's own Python for other practice seeds. The reader chooses cards (real buttons with
// aria-pressed) or types a number; "Check my answer" shows the engine's verdict: right at once,
// or its explanation for this answer, the rule's section and a try-again. An authored puzzle
// carries the engine's verdict on every answer, worked out at build time
// (build_tools/puzzles/verdicts.py): it shows at once, Python or not, and the live engine
// (cardsite.call("check", {spec, answer})) confirms it when it is ready — if they ever differed,
// the live engine's would replace it. Other answers, and practice puzzles, wait for the engine.
// "Show solution" asks the engine for the worked steps (cardsite.call("puzzle", {spec, answer})).
// Progress per kind (solved, streak, best streak) lives in localStorage only, in the one store
// that also holds the mistakes to review (review.js: a puzzle whose first answer was wrong comes
// back on the "My mistakes" page, mistakes.js).

import * as review from "./review.js";
import { say } from "../js/page.js";

// The puzzles' own words, in the edition's language (build_tools/messages/<language>/puzzles.yaml,
// written in by the build).
const WORDS = /* words: puzzles */ {};

const siteRoot = new URL("../../", import.meta.url); // this file is assets/puzzles/puzzles.js
const CONFIG = JSON.parse(document.getElementById("cardsite-config")?.textContent || "{}");
// The engine names a rule clause by id; the site knows where it is explained (build_tools/parts/engine.py).
const CLAUSE_URLS = CONFIG.clauses || {};
// The "My mistakes" page, if the site has one (build_tools/parts/puzzles.py).
const MISTAKES_URL = CONFIG.mistakes ? new URL(CONFIG.mistakes, siteRoot).href : null;
const html = document.documentElement;
const renderCache = new Map();

// --- the engine --------------------------------------------------------------------------------
const ready = () => html.dataset.engine === "ready";
function engine(name, args) {
  if (!window.cardsite) return Promise.reject(new Error("the page's engine script has not loaded"));
  return window.cardsite.call(name, args);
}
function onEngineState(root, fn) {
  const listener = () => (root.isConnected ? fn() : window.removeEventListener("cardsite:state", listener));
  window.addEventListener("cardsite:state", listener);
  // The state can change before cardsite:state listeners exist; watch the attribute as well.
  const obs = new MutationObserver(() => (root.isConnected ? fn() : obs.disconnect()));
  obs.observe(html, { attributes: true, attributeFilter: ["data-engine"] });
}

// --- progress ----------------------------------------------------------------------------------
function loadProgress() {
  return review.read().data;
}
function record(kind, id, firstTry) {
  review.recordSolved(kind, id, firstTry);
  showProgress(document);
}
function recordMiss(kind) {
  review.recordMiss(kind);
  showProgress(document);
}
function showProgress(root) {
  const p = loadProgress();
  for (const row of root.querySelectorAll("[data-pz-progress-kind]")) {
    const k = p.kinds[row.dataset.pzProgressKind] || { solved: {}, streak: 0, best: 0 };
    row.querySelector("[data-pz-solved]").textContent = String(Object.keys(k.solved).length);
    row.querySelector("[data-pz-streak]").textContent = String(k.streak);
    row.querySelector("[data-pz-best]").textContent = String(k.best);
  }
  for (const w of root.querySelectorAll("section[data-cardsite-widget='puzzle']")) {
    const done = !!p.kinds[w.dataset.puzzleKind]?.solved?.[w.dataset.puzzleId];
    w.dataset.solved = String(done);
    const badge = w.querySelector(".cs-pz__done");
    if (done && !badge) {
      w.querySelector(".cs-pz__title")?.append(el("span", { class: "cs-pz__done" }, say(WORDS, "solved_badge")));
    } else if (!done && badge) {
      badge.remove();
    }
  }
  showDue(root);
}

// --- mistakes to review (review.js) -------------------------------------------------------------
// "3 puzzles to review", where a page has room for it (puzzles/progress.html); hidden if none.
function showDue(root) {
  const notes = root.querySelectorAll("[data-pz-due]");
  if (!notes.length) return;
  const n = review.dueCount(review.mistakes().entries, Date.now());
  for (const note of notes) {
    note.hidden = n === 0;
    note.querySelector("[data-pz-due-count]").textContent = say(WORDS, "n_puzzles", { n });
  }
}

// The site's address of the page shown ("puzzles/winner/"), as review.js keeps it.
function pagePath() {
  const path = decodeURIComponent(location.pathname);
  const root = decodeURIComponent(siteRoot.pathname);
  return path.startsWith(root) ? path.slice(root.length) : path;
}

// Which puzzle a widget is, for the review schedule: a practice puzzle by kind and seed, an
// authored one by id and page, with the names the "My mistakes" page lists it by. A puzzle
// replayed there says where it came from (data-pz-page, data-pz-from).
function identity(root, spec) {
  const kind = root.dataset.puzzleKind;
  const who = Number.isInteger(spec.seed) && !spec.id ? { kind, seed: spec.seed }
    : { kind, id: root.dataset.puzzleId };
  const heading = window.cardsiteTheme?.pageHeading(document)?.cloneNode(true);
  heading?.querySelector(".headerlink")?.remove();
  return { ...who,
    page: root.dataset.pzPage ?? pagePath(),
    title: root.querySelector(".cs-pz__title")?.firstChild?.textContent.trim() || "",
    from: root.dataset.pzFrom ?? (heading?.textContent.trim() || document.title) };
}

// A first answer goes into the schedule; what it changed, said in the widget (or null).
function scheduleAnswer(root, spec, right) {
  const now = Date.now();
  const { before, after, kept } = review.recordAnswer(identity(root, spec), right, now);
  window.dispatchEvent(new CustomEvent("cardsite:review", { detail: { root, before, after, kept } }));
  showDue(document);
  const text = kept ? review.changeText(before, after, now) : null;
  if (!text) return null;
  const note = el("p", { class: "cs-pz__review", "data-pz-review": after.box >= review.LEARNT ? "learnt" : String(after.box) }, text);
  if (MISTAKES_URL && !root.dataset.pzPage) note.append(" ", el("a", { href: MISTAKES_URL }, say(WORDS, "my_mistakes")));
  return note;
}

// --- small DOM helper (messages and feedback; the widget itself is drawn by its template) ---------
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

// --- verdicts stored at build time (build_tools/puzzles/verdicts.py) ------------------------------
const CODES = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";

// The answers in the order the build stored them: numbers 0…n; the cards offered, then the
// choices; or every set of at most m cards offered, smaller first, in lexicographic order.
function storedKeys(data, type, cards, choices) {
  if (type === "number") return Array.from({ length: data.n + 1 }, (_, i) => String(i));
  if (type !== "cards") return [...new Set([...cards, ...choices])];
  const keys = [];
  const pick = (start, size, prefix) => {
    if (!size) { keys.push(prefix); return; }
    for (let i = start; i <= cards.length - size; i++) pick(i + 1, size - 1, prefix + CODES[i]);
  };
  for (let size = 1; size <= data.m; size++) pick(0, size, "");
  return keys;
}

function storedVerdicts(root, type, cards, choices) {
  if (!root.dataset.pzVerdicts) return null;
  let data;
  try { data = JSON.parse(root.dataset.pzVerdicts); } catch { return null; }
  const keys = storedKeys(data, type, cards, choices);
  if (keys.length !== data.x.length) return null; // not the page it was built for: ask the engine
  const table = new Map(keys.map((k, i) => [k, data.x[i]]));
  return (key) => {
    const code = table.get(key);
    if (code === undefined) return null;
    const [right, text, rule, tail, ...hints] = data.t[CODES.indexOf(code)];
    return { correct: right === 1, explanation: data.e[text] + (tail ? data.s : ""),
             rule: data.r[rule][0], clause: data.r[rule][1],
             ...(hints.length ? { hints: hints.map((h) => data.e[h]) } : {}) };
  };
}

// --- one puzzle's behaviour ---------------------------------------------------------------------
function bindPuzzle(root) {
  if (root.dataset.pzBound) return;
  root.dataset.pzBound = "true";
  const spec = JSON.parse(root.dataset.spec);
  const kind = root.dataset.puzzleKind;
  const type = root.dataset.answerType;
  const form = root.querySelector("form");
  const check = root.querySelector("[data-pz-check]");
  const solution = root.querySelector("[data-pz-solution]");
  const feedback = root.querySelector("[data-pz-feedback]");
  const steps = root.querySelector("[data-pz-steps]");
  const number = root.querySelector("[data-pz-number]");
  const group = root.querySelector("[data-pz-multi]");
  const multi = group?.dataset.pzMulti === "true";
  const options = [...root.querySelectorAll("button[data-card], button[data-choice]")];
  const cardButtons = options.filter((o) => o.hasAttribute("data-card"));
  const lookup = storedVerdicts(root, type, cardButtons.map((o) => o.dataset.card),
    options.filter((o) => o.hasAttribute("data-choice")).map((o) => o.dataset.choice));
  let misses = 0;
  let asked = 0; // the answer being checked: a later one wins
  // The review schedule counts this widget's first answer only (a shown solution before a
  // right answer counts as wrong); what it changed stays under the later answers' verdicts.
  let scheduled = false;
  let reviewNote = null;
  function firstAnswer(right) {
    if (scheduled) return;
    scheduled = true;
    reviewNote = scheduleAnswer(root, spec, right);
  }
  const withNote = () => (reviewNote ? [reviewNote] : []);

  function status() {
    const on = ready();
    check.disabled = !on && !lookup;
    // On a page that does not start Python by itself (engine: lazy), asking for the solution
    // starts it.
    solution.disabled = !on && !(lookup && (html.dataset.engine || "idle") === "idle");
    root.dataset.engine = html.dataset.engine || "idle";
    const s = root.querySelector("[data-engine-status]");
    // Ready: the page says so once (assets/js/cardsite.js); a widget drawn since then is quiet.
    if (s && on) { if (s.dataset.state !== "ready") s.textContent = ""; }
    else if (s && html.dataset.engine === "failed") s.textContent = lookup
      ? say(WORDS, "engine_failed_stored")
      : say(WORDS, "engine_failed");
    else if (s && !s.textContent && !lookup) s.textContent = say(WORDS, "answering_opens");
  }

  root.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-card], button[data-choice]");
    if (!b || !root.contains(b)) return;
    const on = b.getAttribute("aria-pressed") !== "true";
    const isChoice = b.hasAttribute("data-choice");
    for (const o of options) {
      if (o === b) continue;
      // One card or one choice for single answers; a choice and cards never mix.
      if (!multi || isChoice || o.hasAttribute("data-choice")) o.setAttribute("aria-pressed", "false");
    }
    b.setAttribute("aria-pressed", String(on));
    root.dataset.state = "answering";
  });

  function given() {
    if (type === "number") return number.value.trim();
    const picked = options.filter((o) => o.getAttribute("aria-pressed") === "true");
    const choice = picked.find((o) => o.dataset.choice);
    if (choice) return choice.dataset.choice;
    const cards = picked.map((o) => o.dataset.card);
    return type === "cards" ? cards : cards[0] ?? "";
  }

  // The stored verdict's key for this answer (build_tools/puzzles/verdicts.py).
  function keyOf(answer) {
    if (type !== "cards") return String(answer);
    return cardButtons.filter((o) => o.getAttribute("aria-pressed") === "true")
      .map((o) => CODES[cardButtons.indexOf(o)]).join("");
  }

  function same(a, b) {
    return a.correct === b.correct && a.explanation === b.explanation && a.clause === b.clause
      && JSON.stringify(a.hints || null) === JSON.stringify(b.hints || null);
  }

  function show(verdict, source) {
    root.dataset.state = verdict.correct ? "right" : "wrong";
    root.dataset.verdictFrom = source === "engine-again" ? "engine" : source;
    if (source !== "engine-again") firstAnswer(verdict.correct);
    if (verdict.correct) {
      record(kind, root.dataset.puzzleId, misses === 0);
      feedback.replaceChildren(el("p", { class: "cs-pz__verdict cs-pz__verdict--right", "data-verdict": "right" },
        // The engine's explanation may start with the word itself ("Right: …").
        el("strong", {}, new RegExp(`^${say(WORDS, "right_word")}\\b`).test(verdict.explanation)
          ? say(WORDS, "right_mark") : say(WORDS, "right_mark_word")),
        el("span", { "data-pz-explanation": "" }, verdict.explanation)), ...withNote());
    } else {
      if (source !== "engine-again") misses += 1;
      recordMiss(kind);
      // Hints in steps, from the engine: the rule at the first miss, a clue about this answer
      // from the second on. Neither names the answer; "Show solution" does.
      const hints = verdict.hints || [verdict.explanation];
      const level = Math.min(misses, hints.length);
      feedback.replaceChildren(el("p", { class: "cs-pz__verdict cs-pz__verdict--wrong", "data-verdict": "wrong",
        "data-hint-level": String(level) },
        el("strong", {}, say(WORDS, "not_right")), el("span", { "data-pz-explanation": "" }, hints[level - 1]), ...ruleLink(verdict),
        " ", el("span", {}, level < hints.length ? say(WORDS, "try_closer")
          : say(WORDS, "try_or_solution"))), ...withNote());
      (number || options[0])?.focus();
    }
  }

  function ruleLink(verdict) {
    const url = CLAUSE_URLS[verdict.clause];
    if (!url) return [];
    // A sentence of its own: the words after it ("Try again…") start the next one.
    return [" ", el("a", { href: new URL(url, siteRoot).href, "data-pz-rule": verdict.rule }, say(WORDS, "read_rule")),
      say(WORDS, "read_rule_end")];
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = given();
    const stored = lookup?.(keyOf(answer));
    if (!ready() && !lookup) return;
    if ((Array.isArray(answer) && !answer.length) || answer === "") {
      feedback.replaceChildren(el("p", { class: "cs-pz__verdict", "data-verdict": "empty" },
        type === "number" ? say(WORDS, "type_number") : say(WORDS, "choose_first")));
      return;
    }
    const mine = ++asked;
    if (stored) {
      show(stored, "build");
      // Where Python was left alone (engine: lazy), the build's verdict stands unconfirmed:
      // checking an answer does not start a 14 MB download.
      if ((html.dataset.engine || "idle") === "idle") return;
    } else {
      check.disabled = true;
      root.dataset.state = "checking";
      if (!ready()) {
        feedback.replaceChildren(el("p", { class: "cs-pz__verdict", "data-verdict": "waiting" },
          say(WORDS, "engine_checks_soon")));
      }
    }
    try {
      const verdict = await engine("check", { spec, answer });
      if (mine !== asked) return;
      if (!stored) show(verdict, "engine");
      else if (same(verdict, stored)) root.dataset.verdictFrom = "build+engine";
      else {
        // The build's verdict and the live engine's differ: the live engine is the reference.
        console.warn(`puzzle ${root.dataset.puzzleId}: the stored verdict for ${JSON.stringify(answer)} differs from the engine's`);
        show(verdict, "engine-again"); // the same attempt, said again: not one more miss
      }
    } catch (err) {
      if (mine !== asked || stored) return; // the stored verdict stands while Python cannot start
      root.dataset.state = "error";
      feedback.replaceChildren(el("p", { class: "cs-pz__verdict", "data-verdict": "error" }, say(WORDS, "could_not_check", { error: err.message })));
    } finally {
      check.disabled = !ready() && !lookup;
    }
  });

  solution.addEventListener("click", async () => {
    if (!ready()) {
      if ((html.dataset.engine || "idle") !== "idle" || !window.cardsite) return;
      steps.hidden = false;
      steps.replaceChildren(el("p", {}, say(WORDS, "starting_python")));
      try { await window.cardsite.boot(); } catch { return; }
    }
    try {
      const full = await engine("puzzle", { spec, answer: true });
      const answerText = Array.isArray(full.answer) ? full.answer.join(" ") : String(full.answer);
      // A choice is named as its button says it (the template's words).
      const choiceWords = root.querySelector(`button[data-choice="${CSS.escape(answerText)}"]`)?.textContent;
      steps.replaceChildren(el("p", {}, el("strong", {}, say(WORDS, "solution")), full.answer_text || choiceWords || answerText),
        el("ol", {}, ...full.steps.map((s) => el("li", {}, s))),
        ...ruleLink(full).slice(1).map((a) => el("p", {}, a)));
      steps.hidden = false;
      steps.dataset.answer = answerText;
      misses += 1; // a shown solution does not count as solved at the first try
      if (!scheduled) {
        firstAnswer(false);
        if (reviewNote) feedback.replaceChildren(reviewNote);
      }
    } catch (err) {
      steps.replaceChildren(el("p", {}, say(WORDS, "could_not_solve", { error: err.message })));
      steps.hidden = false;
    }
  });

  onEngineState(root, status);
  status();
}

// --- endless practice ---------------------------------------------------------------------------
// The first seeds of each kind are drawn into the page by the build (<template data-pz-drawn>);
// any other seed is set by the engine and drawn by the reader's own Python with the build's
// template (cardsite.site → build_tools/puzzles/widget.py), so the widget has one drawing.
function renderData(url) {
  if (!renderCache.has(url)) {
    renderCache.set(url, fetch(url).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${r.status}`)))));
  }
  return renderCache.get(url);
}

async function drawnByPython(box, kind, seed) {
  const [pz, render] = await Promise.all([engine("puzzle", { kind, seed }), renderData(box.dataset.pzRender)]);
  const text = await window.cardsite.site("build_tools.puzzles.widget:browser_render",
    JSON.stringify({ ...render, base: box.dataset.pzBase, puzzle: pz, seed }));
  const holder = document.createElement("div");
  holder.innerHTML = text;
  return holder.firstElementChild;
}

async function bindPractice(box) {
  if (box.dataset.pzBound) return;
  box.dataset.pzBound = "true";
  const kind = box.dataset.puzzlePractice;
  const slot = box.querySelector("[data-pz-slot]");
  const numbered = Number(box.dataset.pzSeeds) || 0;
  const drawn = new Map([...box.querySelectorAll("template[data-pz-drawn]")]
    .map((t) => [Number(t.dataset.pzDrawn), t]));

  async function show(seed) {
    box.dataset.seed = String(seed);
    box.querySelector("[data-pz-seed]").textContent = `#${seed}`;
    const url = new URL(location.href);
    url.searchParams.set("seed", String(seed));
    box.querySelector("[data-pz-share]").href = url.href;
    box.querySelector("[data-pz-cli]").textContent = `${CONFIG.game} puzzle ${kind} --seed ${seed} --answer`;
    if (location.search !== url.search) history.replaceState(history.state, "", url.href);
    let widget;
    if (drawn.has(seed)) {
      widget = drawn.get(seed).content.firstElementChild.cloneNode(true);
    } else {
      box.dataset.state = "waiting";
      slot.replaceChildren(el("p", { class: "cs-pz__status" }, say(WORDS, "set_soon", { seed })));
      try {
        await window.cardsite?.boot();
        widget = await drawnByPython(box, kind, seed);
      } catch (err) {
        slot.replaceChildren(el("p", { class: "cs-pz__status" }, say(WORDS, "could_not_set", { error: err.message })));
        return;
      }
      if (box.dataset.seed !== String(seed)) return;
    }
    slot.replaceChildren(widget);
    box.dataset.state = "shown";
    bindPuzzle(widget);
    showProgress(box);
  }

  // An unsolved puzzle of the numbered set; before Python is ready, one already drawn.
  function nextSeed() {
    const solved = loadProgress().kinds[kind]?.solved || {};
    const fresh = [...Array(numbered).keys()].filter((s) => !solved[`seed-${s}`] && String(s) !== box.dataset.seed);
    const atOnce = fresh.filter((s) => drawn.has(s));
    const pool = ready() || !atOnce.length ? fresh : atOnce;
    if (pool.length) return pool[Math.floor(Math.random() * pool.length)];
    return numbered + Math.floor(Math.random() * 1_000_000);
  }

  box.querySelector("[data-pz-new]").addEventListener("click", () => show(nextSeed()));
  const asked = new URL(location.href).searchParams.get("seed");
  if (/^\d{1,9}$/.test(asked || "")) {
    // A shared link: the reader came for this puzzle, so the page opens at it.
    box.scrollIntoView({ block: "start" });
    await show(Number(asked));
    box.scrollIntoView({ block: "start" });
    return;
  }
  // Otherwise the practice puzzle is drawn when the reader scrolls near it, so that a phone
  // lays out the page it opened first.
  if (!("IntersectionObserver" in window)) {
    await show(nextSeed());
    return;
  }
  const seen = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting) || box.dataset.seed) return;
    seen.disconnect();
    show(nextSeed());
  }, { rootMargin: "300px 0px" });
  seen.observe(box);
}

// --- per page ------------------------------------------------------------------------------------
function onPage() {
  for (const root of document.querySelectorAll("section[data-cardsite-widget='puzzle']")) bindPuzzle(root);
  for (const box of document.querySelectorAll("[data-puzzle-practice]")) bindPractice(box);
  // The "My mistakes" page (mistakes.js), given what it needs to draw and bind a puzzle.
  for (const box of document.querySelectorAll("[data-puzzle-mistakes]")) {
    if (box.dataset.pzBound) continue;
    box.dataset.pzBound = "true";
    import("./mistakes.js").then((m) => m.bindMistakes(box, { bindPuzzle, drawnByPython, siteRoot }))
      .catch((err) => {
        box.querySelector("[data-pz-mistakes-summary]").textContent = say(WORDS, "page_could_not_start", { error: err.message });
      });
  }
  for (const reset of document.querySelectorAll("[data-pz-reset]")) {
    if (reset.dataset.pzBound) continue;
    reset.dataset.pzBound = "true";
    reset.addEventListener("click", () => {
      review.resetProgress(); // the whole store: every kind's progress and the mistakes
      showProgress(document);
      const done = reset.parentElement.querySelector("[data-pz-reset-done]");
      if (done) done.textContent = say(WORDS, "progress_reset");
    });
  }
  showProgress(document);
}

window.cardsiteOnPage(() => onPage());

// Every stored verdict of an authored puzzle widget, as [answer as the page sends it, verdict]:
// for the tests, which compare each with the live engine.
function storedAnswers(root) {
  const type = root.dataset.answerType;
  const cards = [...root.querySelectorAll("button[data-card]")].map((o) => o.dataset.card);
  const choices = [...root.querySelectorAll("button[data-choice]")].map((o) => o.dataset.choice);
  const lookup = storedVerdicts(root, type, cards, choices);
  if (!lookup) return [];
  return storedKeys(JSON.parse(root.dataset.pzVerdicts), type, cards, choices).map((key) => [
    type === "cards" ? [...key].map((c) => cards[CODES.indexOf(c)]) : key, lookup(key)]);
}

window.cardsitePuzzles = Object.freeze({ progress: loadProgress, storedAnswers });
