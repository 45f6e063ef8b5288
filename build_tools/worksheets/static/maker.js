// The worksheet maker (issue 15). Served as assets/worksheets/maker.js, a module loaded once per
// visit (build_tools/parts/worksheets.py); per-page work runs through window.cardsiteOnPage.
//
// The teacher's choices go, as typed, to the reader's own Python: build_tools/worksheets/
// sheets.py (browser_render, through cardsite.site) checks them, has the engine set every puzzle
// and work out every answer, and draws the sheets and their keys with the same templates as the
// PDFs of `<game> worksheet`. Nothing is decided here: a bad number or kind comes back as one
// line, shown on the page. The sheets go into a shadow root with the PDFs' own stylesheets, so
// the site's styles leave them alone; printing the page prints only them (maker.css).
// The choices are kept in the page's address (?kinds=count,legal&count=6&sheets=12&seed=1), so
// the same set can be made again from a bookmark or a link.

import { say } from "../js/page.js";

// The maker's words in the page's language (build_tools/messages/<language>/worksheets.yaml),
// written in by the build (build_tools/words.py).
const WORDS = /* words: worksheets */ {};
const renderFiles = new Map();
const FIELDS = ["count", "sheets", "seed"];

function files(url) {
  if (!renderFiles.has(url)) {
    renderFiles.set(url, fetch(url).then((r) => (r.ok ? r.json()
      : Promise.reject(new Error(say(WORDS, "maker_templates_missing", { status: r.status }))))));
  }
  return renderFiles.get(url);
}

function sentence(text) {
  const s = String(text).trim();
  return s[0].toUpperCase() + s.slice(1) + (/[.!?]$/.test(s) ? "" : ".");
}

function bindMaker(box) {
  if (box.dataset.makerBound) return;
  box.dataset.makerBound = "true";
  const form = box.querySelector("form");
  const error = box.querySelector("[data-maker-error]");
  const done = box.querySelector("[data-maker-done]");
  const out = box.querySelector("[data-maker-out]");
  const printButton = box.querySelector("[data-maker-print]");
  const makeButton = box.querySelector("[data-maker-make]");

  function choices() {
    const data = new FormData(form);
    return { kinds: data.getAll("kind"), keys: data.get("keys") || "after",
      ...Object.fromEntries(FIELDS.map((f) => [f, data.get(f)])) };
  }

  function fromAddress() {
    const q = new URLSearchParams(location.search);
    if (!q.has("kinds")) return false;
    const kinds = q.get("kinds").split(",").map((k) => k.trim()).filter(Boolean);
    for (const input of form.querySelectorAll("input[name=kind]")) input.checked = kinds.includes(input.value);
    for (const f of FIELDS) if (q.has(f)) form.elements[f].value = q.get(f);
    const keys = form.querySelector(`input[name=keys][value="${CSS.escape(q.get("keys") || "after")}"]`);
    if (keys) keys.checked = true;
    // A kind the form does not offer still goes to Python, which says what is wrong with it.
    return kinds.filter((k) => !form.querySelector(`input[name=kind][value="${CSS.escape(k)}"]`));
  }

  function toAddress(c) {
    const url = new URL(location.href);
    url.search = new URLSearchParams({ kinds: c.kinds.join(","), count: c.count, sheets: c.sheets,
      seed: c.seed, keys: c.keys }).toString();
    if (url.href !== location.href) history.replaceState(history.state, "", url.href);
  }

  function fail(text) {
    if (out.shadowRoot) out.shadowRoot.innerHTML = "";  // no old sheets to print by mistake
    delete box.dataset.made;
    error.textContent = sentence(text);
    error.hidden = false;
    done.textContent = "";
    box.dataset.state = "error";
  }

  async function make(extraKinds = []) {
    const c = choices();
    c.kinds.push(...extraKinds);
    error.hidden = true;
    printButton.disabled = true;
    makeButton.disabled = true;
    box.dataset.state = "making";
    done.textContent = window.cardsite?.state === "ready" ? say(WORDS, "maker_making")
      : say(WORDS, "maker_making_soon");
    try {
      if (!window.cardsite) throw new Error(say(WORDS, "maker_no_engine"));
      await window.cardsite.boot();
      const shipped = await files(box.dataset.render);
      const answer = JSON.parse(await window.cardsite.site("build_tools.worksheets.sheets:browser_render",
        JSON.stringify({ templates: shipped.templates, labels: shipped.labels, words: shipped.words,
          language: shipped.language, game: shipped.game, base: box.dataset.base, ...c })));
      if (answer.error) {
        fail(answer.error);
        return;
      }
      toAddress(c);
      const root = out.shadowRoot || out.attachShadow({ mode: "open" });
      root.innerHTML = `<style>${shipped.css}</style><div class="ho ho--worksheet">${answer.html}</div>`;
      // Every card picture loaded before printing is offered.
      await Promise.all([...root.querySelectorAll("img")].map((img) => img.decode().catch(() => {})));
      const n = answer.seeds.length;
      box.dataset.made = String(n);
      box.dataset.state = "made";
      done.textContent = say(WORDS, "maker_made", { n, seeds: answer.seeds.join(", ") });
      printButton.disabled = false;
    } catch (err) {
      fail(say(WORDS, "maker_failed", { error: err.message }));
    } finally {
      makeButton.disabled = false;
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    make();
  });
  printButton.addEventListener("click", () => window.print());
  const extra = fromAddress();
  if (extra) {
    make(extra);
  } else if (window.cardsite) {
    // While the form is filled in, the reader's Python gets Jinja and the templates ready.
    window.cardsite.boot().then(() => files(box.dataset.render)).then((shipped) =>
      window.cardsite.site("build_tools.worksheets.sheets:browser_prepare",
        JSON.stringify({ templates: shipped.templates, words: shipped.words,
          language: shipped.language, game: shipped.game }))).catch(() => {});
  }
}

window.cardsiteOnPage(() => {
  for (const box of document.querySelectorAll("[data-worksheet-maker]")) bindMaker(box);
});
