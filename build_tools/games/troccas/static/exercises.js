// Lesson exercises (build_tools/games/troccas/examples.py draws them from the engine's
// "exercise"): the reader picks or types an answer and the rules engine in the page checks it
// through window.cardsite.call("check_exercise") — the same facade as the build and the CLI.
// Hints in steps, all the engine's words: the first wrong answer gets the rule, the next ones a
// clue about the answer given; neither names the answer, which only "Show solution" gives (the
// engine's "exercise" with answer: true). Runs on every page change (window.cardsiteOnPage).
import { say } from "./page.js";

// The page's words (build_tools/messages/<language>/examples.yaml), written in by the build.
const WORDS = /* words: examples */ {};
const siteRoot = new URL("../../", import.meta.url); // this file is assets/js/exercises.js
// The engine names a rule clause by id; the build says which section explains it.
const CLAUSE_URLS = JSON.parse(document.getElementById("cardsite-config")?.textContent || "{}")
  .clauses || {};

const ready = () => new Promise((resolve) => {
  const wait = () => (window.cardsite ? resolve(window.cardsite) : setTimeout(wait, 30));
  wait();
});

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

function ruleLink(clause) {
  const url = CLAUSE_URLS[clause];
  // A sentence of its own: the words after it ("Try again…") start the next one.
  return url ? [" ", el("a", { href: new URL(url, siteRoot).href, "data-exercise-rule": clause }, say(WORDS, "read_the_rule")),
    say(WORDS, "read_the_rule_end")] : [];
}

function wire(root) {
  if (root.dataset.exerciseReady) return;
  root.dataset.exerciseReady = "true";
  const spec = JSON.parse(root.dataset.spec);
  const pick = root.dataset.pick;
  const opts = [...root.querySelectorAll(".cs-exercise__opt")];
  const input = root.querySelector("[data-exercise-input]");
  const out = root.querySelector("[data-exercise-feedback]");
  const steps = root.querySelector("[data-exercise-steps]");
  let misses = 0;
  let asked = 0; // the answer being checked: a later one wins

  for (const b of opts) {
    b.addEventListener("click", () => {
      const on = b.getAttribute("aria-pressed") !== "true";
      for (const o of opts) o.setAttribute("aria-pressed", "false");
      b.setAttribute("aria-pressed", String(on));
    });
  }
  input?.addEventListener("keydown", (e) => { if (e.key === "Enter") root.querySelector("[data-exercise-check]").click(); });

  function tell(text, state) {
    out.dataset.state = state;
    out.replaceChildren(el("p", {}, text));
  }

  root.querySelector("[data-exercise-check]").addEventListener("click", async () => {
    let answer;
    if (pick === "number") {
      answer = input.value.trim();
      if (!answer) { tell(say(WORDS, "type_first"), "empty"); input.focus(); return; }
    } else {
      answer = opts.find((o) => o.getAttribute("aria-pressed") === "true")?.dataset.value;
      if (answer === undefined) { tell(say(WORDS, "choose_first"), "empty"); return; }
    }
    const mine = ++asked;
    tell(say(WORDS, "checking"), "checking");
    try {
      const cardsite = await ready();
      const v = await cardsite.call("check_exercise", { spec, answer });
      if (mine !== asked) return;
      if (v.correct) {
        out.dataset.state = "right";
        out.replaceChildren(el("p", {}, el("strong", {}, "✓ "), el("span", { "data-exercise-explanation": "" }, v.explanation)));
        return;
      }
      misses += 1;
      const level = Math.min(misses, v.hints.length);
      out.dataset.state = "wrong";
      out.dataset.hintLevel = String(level);
      out.replaceChildren(el("p", {}, el("strong", {}, say(WORDS, "not_right")),
        el("span", { "data-exercise-explanation": "" }, v.hints[level - 1]), ...ruleLink(v.clause), " ",
        el("span", {}, level < v.hints.length ? say(WORDS, "try_again_clue")
          : say(WORDS, "try_again_solution"))));
    } catch (err) {
      if (mine === asked) tell(say(WORDS, "could_not_check", { error: err.message }), "error");
    }
  });

  root.querySelector("[data-exercise-solution]").addEventListener("click", async () => {
    steps.hidden = false;
    steps.replaceChildren(el("p", {}, say(WORDS, "working_out")));
    try {
      const cardsite = await ready();
      const full = await cardsite.call("exercise", { spec, answer: true });
      steps.dataset.answer = String(full.answer);
      steps.replaceChildren(el("p", {}, el("strong", {}, say(WORDS, "solution")), el("span", { "data-exercise-answer": "" }, full.answer_text)),
        el("ol", {}, ...full.steps.map((s) => el("li", {}, s))),
        ...ruleLink(full.rule).slice(1, 2).map((a) => el("p", {}, a)));
    } catch (err) {
      steps.replaceChildren(el("p", {}, say(WORDS, "could_not_solve", { error: err.message })));
    }
  });
}

function onPage() {
  for (const root of document.querySelectorAll('[data-cardsite-widget="exercise"]')) wire(root);
}
window.cardsiteOnPage(onPage);
