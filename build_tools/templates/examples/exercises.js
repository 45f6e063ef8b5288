// Lesson exercises (build_tools/games/troccas/examples.py renders them): the reader picks an answer and
// the rules engine in the page checks it through window.troccas.call — the same facade as the
// build and the CLI. Runs on every page change (window.troccasOnPage, overrides/main.html).
const ready = () => new Promise((resolve) => {
  const wait = () => (window.troccas ? resolve(window.troccas) : setTimeout(wait, 30));
  wait();
});

const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// The engine decides and explains; the page only compares the reader's answer with it.
async function check(root, answer) {
  const troccas = await ready();
  const spec = JSON.parse(root.dataset.spec);
  const kind = root.dataset.exercise;
  if (kind === "partners") {
    const r = await troccas.call("partners", { seed: spec.seed });
    return { correct: Number(answer) === r.first_dealer, text: sentence(r.explanation),
             url: "rules/deal/#partners" };
  }
  if (kind === "talk") {
    const r = await troccas.call("replay", { record: spec.record });
    return { correct: Number(answer) === r.current_player, text: sentence(r.turn.text),
             url: "rules/talk/#talk-liber" };
  }
  throw new Error(`unknown exercise ${kind}`);
}

function wire(root) {
  if (root.dataset.exerciseReady) return;
  root.dataset.exerciseReady = "true";
  const pick = root.dataset.pick;
  const need = Number(root.dataset.need || 0);
  const opts = [...root.querySelectorAll(".tr-exercise__opt")];
  const out = root.querySelector("[data-exercise-feedback]");
  const siteRoot = new URL("../../", import.meta.url); // this file is assets/js/exercises.js
  for (const b of opts) {
    b.addEventListener("click", () => {
      const on = b.getAttribute("aria-pressed") !== "true";
      if (pick !== "many") for (const o of opts) o.setAttribute("aria-pressed", "false");
      b.setAttribute("aria-pressed", String(on));
    });
  }
  root.querySelector("[data-exercise-check]").addEventListener("click", async () => {
    let answer;
    if (pick === "number") {
      const v = root.querySelector("[data-exercise-input]").value.trim();
      if (v === "" || Number.isNaN(Number(v))) { say("Type a number first."); return; }
      answer = Number(v);
    } else {
      const chosen = opts.filter((o) => o.getAttribute("aria-pressed") === "true").map((o) => o.dataset.value);
      if (!chosen.length) { say(pick === "many" ? "Choose the cards first." : "Choose an answer first."); return; }
      if (need && chosen.length !== need) { say(`Choose exactly ${need}.`); return; }
      answer = pick === "many" ? chosen : chosen[0];
    }
    say("Checking with the rules engine…", "checking");
    try {
      const r = await check(root, answer);
      out.dataset.state = r.correct ? "right" : "wrong";
      const link = Object.assign(document.createElement("a"), { textContent: "the rule", href: new URL(r.url, siteRoot).href });
      out.replaceChildren(Object.assign(document.createElement("strong"), { textContent: r.correct ? "Right. " : "Not quite. " }),
        `${r.text} See `, link, ".");
    } catch (err) {
      say(`The engine could not check this answer: ${err.message}`, "error");
    }
  });
  function say(text, state = "hint") {
    out.dataset.state = state;
    out.textContent = text;
  }
}

function onPage() {
  for (const root of document.querySelectorAll('[data-troccas-widget="exercise"]')) wire(root);
}
window.troccasOnPage(onPage);
