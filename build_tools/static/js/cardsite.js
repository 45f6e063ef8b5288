// The page side of the in-browser rules engine, and the engine widgets.
//
// Loaded once per visit, as an async module from the page's <head> (overrides/main.html). With
// Material's navigation.instant the page is never reloaded while the reader follows links, so
// the one worker created here serves every page of the visit. Per-page code runs through
// window.cardsiteOnPage (overrides/main.html): for the first page, and after each page change.
//
// When to start Python: on a page with an engine widget (the head script has then set
// data-engine="loading"), at once — Python boots in the worker's own thread, so the page stays
// usable, and the reader waits least. On other pages only when something calls the engine.
//
// API for pages and tests:
//   await cardsite.call(name, args)   -> the engine's result (<game>.api.call_json(name, args));
//                                       rejects with an Error carrying .type and .rule
//                                       (and .id and .params: the message as data)
//   await cardsite.site(fn, text)     -> the site's own Python: "module:function"(text), a string
//   await cardsite.schemaProblems(name, result) -> what in `result` does not fit the engine's
//                                       JSON Schema for call `name` (a list of texts; [] if none)
//   cardsite.boot()                   -> Promise, resolves when Python is ready (starts it if needed)
//   cardsite.state                    -> "idle" | "loading" | "ready" | "failed"
//   cardsite.timings                  -> {start, pyodide, wheel, import}: when the worker was started
//                                       (ms since navigation) and how long each boot step took
// The <html> element mirrors the state in data-engine; window gets "cardsite:state" events.

const config = JSON.parse(document.getElementById("cardsite-config")?.textContent || "{}");
// The site's words in the page's language (build_tools/messages/<language>/engine.yaml and
// widgets.yaml), written in by the build (build_tools/words.py).
const WORDS = { .../* words: engine */ {}, .../* words: widgets */ {} };
// say(), written in by the build (not imported from page.js: this script starts Python's
// worker, and an import would hold its start until page.js had arrived too).
const say = /* say */ null;
const siteRoot = new URL("../../", import.meta.url); // this file is assets/js/cardsite.js
const html = document.documentElement;

const engineFirstPage = html.dataset.engine === "loading";
let state = engineFirstPage ? "idle" : html.dataset.engine || "idle";
let statusText = "";
let worker = null;
let booting = null;
let nextId = 0;
let timings = null; // ms: when the page started the worker, then the worker's {pyodide, wheel, import}
const pending = new Map();

function setState(next, text) {
  state = next;
  statusText = text;
  html.dataset.engine = next;
  showStatus(document);
  window.dispatchEvent(new CustomEvent("cardsite:state", { detail: { state, text } }));
}

// Every engine widget says how Python is doing; once it is ready, a page of puzzles says so
// once (in its first puzzle), not under every puzzle.
function showStatus(root) {
  let saidReady = false;
  for (const el of root.querySelectorAll("[data-engine-status]")) {
    const inPuzzle = !!el.closest("[data-cardsite-widget='puzzle']");
    const quiet = state === "ready" && inPuzzle && saidReady;
    el.textContent = quiet ? "" : statusText;
    el.dataset.state = state;
    if (state === "ready" && inPuzzle) saidReady = true;
  }
}

function boot() {
  if (booting) return booting;
  const download = config.download_mb ? say(WORDS, "download", { mb: config.download_mb }) : "";
  setState("loading", say(WORDS, "starting", { download }));
  // On the first page of a visit that has an engine widget, the <head> script of
  // overrides/main.html has started the worker just after the first paint; adopt it, with the
  // messages it buffered meanwhile.
  const early = window.__cardsiteEarly;
  delete window.__cardsiteEarly;
  const startedAt = early ? early.startedAt : performance.now();
  booting = new Promise((resolve, reject) => {
    const fail = (message) => {
      setState("failed", say(WORDS, "could_not_start", { error: message }));
      reject(new Error(message));
      for (const { reject: rej } of pending.values()) rej(new Error(message));
      pending.clear();
    };
    const handle = (msg) => {
      if (msg.type === "status") {
        statusText = msg.text;
        showStatus(document);
      } else if (msg.type === "ready") {
        timings = { start: startedAt, ...msg.ms };
        // The versions are for a bug report, not for a learner: kept on <html>, not in the text.
        html.dataset.engineVersion = `${config.game} ${msg.engine} on Python ${msg.python}`;
        setState("ready", say(WORDS, "ready"));
        resolve();
      } else if (msg.type === "failed") {
        fail(msg.message);
      } else if (msg.type === "result") {
        const p = pending.get(msg.id);
        if (!p) return;
        pending.delete(msg.id);
        if (msg.error !== undefined) {
          p.reject(Object.assign(new Error(msg.error), { type: "EngineError", rule: "runtime" }));
          return;
        }
        if (msg.text !== undefined) {
          p.resolve(msg.text);
          return;
        }
        const answer = JSON.parse(msg.json);
        if (answer.ok && checkResults) reportOffSchema(p.name, answer.result);
        if (answer.ok) p.resolve(answer.result);
        else p.reject(Object.assign(new Error(answer.error.message), {
          type: answer.error.type, rule: answer.error.rule,
          // The message as data too, so a page can say it in its own language.
          ...(answer.error.id ? { id: answer.error.id, params: answer.error.params } : {}) }));
      }
    };
    try {
      worker = early ? early.worker
        : new Worker(new URL("engine-worker.js", import.meta.url), { type: "module" });
    } catch (err) {
      fail(say(WORDS, "cannot_run", { error: err.message }));
      return;
    }
    worker.onerror = (event) => fail(event.message || say(WORDS, "worker_not_loaded"));
    worker.onmessage = ({ data }) => handle(data);
    if (early) {
      early.messages.forEach(handle);
      if (early.errors.length) fail(early.errors[0]);
      return;
    }
    worker.postMessage({
      type: "init",
      indexURL: new URL(config.pyodide || "pyodide/", siteRoot).href,
      wheelURL: config.wheel ? new URL(config.wheel, siteRoot).href : null,
      rest: config.rest || null,
      game: config.game,
      language: config.language,
    });
  });
  booting.catch(() => {});
  return booting;
}

function call(name, args = {}) {
  boot();
  return new Promise((resolve, reject) => {
    if (state === "failed") {
      reject(Object.assign(new Error(statusText), { type: "EngineError", rule: "runtime" }));
      return;
    }
    const id = ++nextId;
    pending.set(id, { resolve, reject, name });
    worker.postMessage({ type: "call", id, name, args });
  });
}

// --- the engine's answers and their JSON Schema -----------------------------------------------
// The build writes the facade's schema (<game>.api.schema(): each call's result type, generated
// from the engine's result dataclasses) to config.schema. With checking on (the tests turn it on;
// a developer can set localStorage "cardsite.checkResults" to "1"), every answer is checked
// against it and a mismatch is a console error.
const checkResults = window.__cardsiteCheckResults === true || (() => {
  try { return localStorage.getItem("cardsite.checkResults") === "1"; } catch { return false; }
})();
let schemaLoad = null;

function engineSchema() {
  schemaLoad ||= fetch(new URL(config.schema, siteRoot)).then((r) => {
    if (!r.ok) throw new Error(`the engine's schema is missing (${r.status})`);
    return r.json();
  });
  return schemaLoad;
}

const JSON_TYPES = {
  object: (v) => v !== null && typeof v === "object" && !Array.isArray(v),
  array: Array.isArray,
  string: (v) => typeof v === "string",
  integer: Number.isInteger,
  number: (v) => typeof v === "number",
  boolean: (v) => typeof v === "boolean",
  null: (v) => v === null,
};

// The part of JSON Schema the engine's schema uses: $ref, anyOf, type, properties, required, items.
function conforms(value, schema, defs, path, out) {
  if (schema.$ref) return conforms(value, defs[schema.$ref.split("/").pop()], defs, path, out);
  if (schema.anyOf) {
    const fits = schema.anyOf.some((s) => { const o = []; conforms(value, s, defs, path, o); return !o.length; });
    if (!fits) out.push(`${path}: ${JSON.stringify(value)?.slice(0, 40)} matches none of its forms`);
    return out;
  }
  if (schema.type) {
    const types = [].concat(schema.type);
    if (!types.some((t) => JSON_TYPES[t]?.(value))) {
      out.push(`${path}: ${JSON.stringify(value)?.slice(0, 40)} is not ${types.join(" or ")}`);
      return out;
    }
  }
  if (schema.properties && JSON_TYPES.object(value)) {
    for (const key of schema.required || []) if (!(key in value)) out.push(`${path}.${key}: missing`);
    for (const [key, sub] of Object.entries(schema.properties)) {
      if (key in value) conforms(value[key], sub, defs, `${path}.${key}`, out);
    }
  }
  if (schema.items && Array.isArray(value)) {
    value.forEach((v, i) => conforms(v, schema.items, defs, `${path}[${i}]`, out));
  }
  return out;
}

// What is wrong with an answer to call `name`, by the engine's schema (an empty list: nothing).
async function schemaProblems(name, result) {
  const schema = await engineSchema();
  const call = schema.calls[name];
  if (!call) return [`${name}: not a call in the engine's schema`];
  return conforms(result, call.result, schema.$defs, name, []);
}

function reportOffSchema(name, result) {
  schemaProblems(name, result).then((problems) => {
    if (problems.length) console.error(`cardsite: the answer to ${name} is off the engine's schema: ${problems.slice(0, 3).join("; ")}`);
  }, (err) => console.error(`cardsite: ${err.message}`));
}

// The site's own Python beside the engine: config.site_python (a zip the worker unpacks once)
// and a "module:function" taking and giving one string. The practice puzzles are drawn this
// way, by the build's own template (build_tools/puzzles/widget.py).
function site(fn, arg) {
  boot();
  return new Promise((resolve, reject) => {
    if (state === "failed" || !config.site_python) {
      reject(Object.assign(new Error(statusText || say(WORDS, "no_site_python")),
        { type: "EngineError", rule: "runtime" }));
      return;
    }
    const id = ++nextId;
    pending.set(id, { resolve, reject });
    worker.postMessage({ type: "site", id, zip: new URL(config.site_python, siteRoot).href,
                         call: fn, arg });
  });
}

window.cardsite = Object.freeze({
  call,
  site,
  schemaProblems,
  boot,
  get state() { return state; },
  get timings() { return timings; },
  config,
});

// --- widgets ---------------------------------------------------------------------------------
const widgets = { "count-pile": countPile };

// Re-render a widget part whenever the engine's state changes, while the widget is on the page.
function onState(root, fn) {
  const listener = () => (root.isConnected ? fn() : window.removeEventListener("cardsite:state", listener));
  window.addEventListener("cardsite:state", listener);
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

function countPile(root) {
  const pile = [];
  const buttons = new Map([...root.querySelectorAll("button[data-card]")].map((b) => [b.dataset.card, b]));
  const method = root.querySelector("[data-count-method]");
  const pileText = root.querySelector("[data-count-pile]");
  const size = root.querySelector("[data-count-size]");
  const out = root.querySelector("[data-count-output]");
  const emptyText = pileText.textContent;
  let run = 0;

  const name = (token) => buttons.get(token)?.dataset.name || token;
  // a card as the page's language writes it (the engine's code; "Kk" for Kc in German)
  const code = (token) => buttons.get(token)?.dataset.code || token;

  function update() {
    for (const [token, b] of buttons) b.setAttribute("aria-pressed", String(pile.includes(token)));
    size.textContent = String(pile.length);
    pileText.replaceChildren(...(pile.length ? pile.map((t, i) =>
      el("span", { class: "cs-token", title: name(t) }, (i ? " " : "") + code(t))) : [emptyText]));
    recount();
  }

  async function recount() {
    const mine = ++run;
    const cards = [...pile];
    out.dataset.cards = cards.join(" ");
    out.dataset.method = method.value;
    delete out.dataset.points;
    if (!cards.length) {
      out.dataset.state = "empty";
      out.replaceChildren();
      return;
    }
    out.dataset.state = "counting";
    if (state !== "ready") {
      out.replaceChildren(el("p", {}, say(WORDS, "count_when_ready")));
    }
    try {
      const result = await call("count", { cards, method: method.value });
      if (mine === run) show(result);
    } catch (err) {
      if (mine !== run) return;
      out.dataset.state = "error";
      out.replaceChildren(el("p", { class: "cs-error" }, say(WORDS, "count_refused", { error: err.message })));
    }
  }

  function show(result) {
    const rows = result.groups.map((g, i) => {
      const sum = g.values.length > 1 ? `${g.values.join(" + ")} = ${g.sum}` : `${g.sum}`;
      const cards = el("td", {});
      g.cards.forEach((t, j) => cards.append(el("span", { class: "cs-token", title: name(t) }, (j ? " " : "") + code(t))));
      return el("tr", {},
        el("td", {}, String(i + 1)), cards, el("td", {}, sum),
        el("td", {}, g.less ? `− ${g.less}` : "—"), el("td", { class: "cs-num" }, String(g.points)));
    });
    const table = el("table", {},
      el("thead", {}, el("tr", {}, ...["count_group", "count_cards", "count_values", "count_less", "count_points"]
        .map((h) => el("th", { scope: "col" }, say(WORDS, h))))),
      el("tbody", {}, ...rows),
      el("tfoot", {}, el("tr", {}, el("th", { scope: "row", colspan: "4" }, say(WORDS, "count_total")),
        el("td", { class: "cs-num", "data-count-total": "" }, String(result.points)))));
    out.replaceChildren(
      el("p", { class: "cs-count__total" }, el("strong", {}, say(WORDS, "count_result_points", { n: result.points })),
        say(WORDS, `count_result_${result.method}`, { n: result.cards.length })),
      el("div", { class: "md-typeset__scrollwrap" }, el("div", { class: "md-typeset__table" }, table)));
    out.dataset.points = String(result.points);
    out.dataset.state = "done";
  }

  root.addEventListener("click", (event) => {
    const card = event.target.closest("button[data-card]");
    const action = event.target.closest("[data-count-action]")?.dataset.countAction;
    if (card) {
      const i = pile.indexOf(card.dataset.card);
      if (i >= 0) pile.splice(i, 1);
      else pile.push(card.dataset.card);
    } else if (action === "clear") {
      pile.length = 0;
    } else if (action === "all") {
      pile.length = 0;
      pile.push(...buttons.keys());
    } else {
      return;
    }
    update();
  });
  method.addEventListener("change", recount);
  onState(root, () => { if (state === "ready" && pile.length && out.dataset.state !== "done") recount(); });
  update();
}

// --- per page ----------------------------------------------------------------------------------
function onPage(doc) {
  const found = doc.querySelectorAll("[data-cardsite-widget]");
  // An engine page (the build marks it) starts Python at once; so does any widget that needs
  // it. A puzzle carrying the build's verdicts does not (data-engine-optional): on a page that
  // leaves Python alone (engine: lazy), it starts when the reader asks for a solution.
  const wantsEngine = doc.querySelector("[data-engine-page]")
    || [...found].some((w) => !w.hasAttribute("data-engine-optional"));
  for (const root of found) {
    if (root.dataset.widgetReady) continue;
    root.dataset.widgetReady = "true";
    widgets[root.dataset.cardsiteWidget]?.(root);
  }
  if (wantsEngine) boot();
  else if (state === "idle") html.dataset.engine = "idle";
  showStatus(doc);
}

// On the first page, after the head script's own start (it runs after the first paint too):
// adopt its worker.
if (engineFirstPage) requestAnimationFrame(() => setTimeout(boot, 0));

window.cardsiteOnPage(onPage);
