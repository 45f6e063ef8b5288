// The rules engine in a module Web Worker: Pyodide (same origin) + the engine wheel
// (every game's package and cardgame).
//
// Messages in:  {type: "init", indexURL, wheelURL, game, language, hold} once (game: the engine
//                                                       package whose facade <game>.api answers,
//                                                       from the page's config; language: the
//                                                       catalogue its messages are said in), from assets/js/cardsite.js or the
//                                                       page's <head> (overrides/main.html)
//               {type: "go"}                            after an init with hold: true
//               {type: "call", id, name, args}          any time; answered once Python is up
//               {type: "site", id, zip, call, arg}       the site's own Python: zip (a URL) unpacked
//                                                       once, then "module:function"(arg)
// Messages out: {type: "status", text}                  progress while booting
//               {type: "ready", engine, python, ms}     booted, `import <game>` verified;
//                                                       ms: time spent {pyodide, wheel, import}
//               {type: "failed", message}               booting failed (calls then fail too)
//               {type: "result", id, json}              <game>.api.call_json's answer (a string)
//               {type: "result", id, text}              a "site" call's answer (a string)
//               {type: "result", id, error}             the call could not run at all

// The site's words in the page's language (build_tools/messages/<language>/engine.yaml),
// written in by the build (build_tools/words.py), say() too: this worker may start from a
// blob (overrides/main.html), where it cannot import.
const WORDS = /* words: engine */ {};
const say = /* say */ null;

let booted = null; // Promise of <game>.api.call_json (a Python function proxy)
// The page's <head> starts this worker as soon as it is parsed, with hold: true, and says "go"
// once the page has first been painted. Meanwhile the worker only fetches and compiles
// Pyodide's small loader (pyodide.mjs): the large downloads wait, so that on a slow line they
// do not compete with the page's stylesheet, but nothing else is left for after the paint.
let go;
const released = new Promise((resolve) => { go = resolve; });
let pyodideRef = null; // the booted Pyodide, for the site's own Python ("site" messages)
let sitePython = null; // the promise of its zip, unpacked once

function siteDir() {
  return pyodideRef.runPython("import site; site.getsitepackages()[0]");
}

function post(msg) {
  self.postMessage(msg);
}

async function boot({ indexURL, wheelURL, game, language = "en", hold }) {
  const loader = import(new URL("pyodide.mjs", indexURL).href);
  loader.catch(() => {}); // reported below, when awaited
  if (!hold) go();
  await released;
  const t0 = performance.now();
  // The site's own build has the engine compiled into Pyodide's stdlib zip (no wheelURL);
  // with Pyodide's stock files, the wheel is fetched while Pyodide boots: it is small, and
  // the network is idle then.
  const wheel = wheelURL && fetch(wheelURL).then((r) => {
    if (!r.ok) throw new Error(say(WORDS, "wheel_missing", { status: r.status, url: wheelURL }));
    return r.arrayBuffer();
  });
  if (wheel) wheel.catch(() => {}); // reported below, when awaited
  const { loadPyodide } = await loader;
  const pyodide = await loadPyodide({ indexURL, fullStdLib: false });
  const t1 = performance.now();
  if (wheel) {
    post({ type: "status", text: say(WORDS, "installing") });
    pyodide.unpackArchive(await wheel, "wheel");
  }
  const t2 = performance.now();
  pyodideRef = pyodide;
  // The page's language: every explanation the engine gives from now on is in its words.
  pyodide.pyimport("cardgame.messages").set_language(language);
  const api = pyodide.pyimport(`${game}.api`);
  const callJson = api.call_json;
  // Any game's facade lists its calls: enough to know the engine answers, without asking a
  // question of this game (or building its result types) before the reader needs one.
  if (!api.names().toJs().length) throw new Error(say(WORDS, "no_answer"));
  const engine = pyodide.pyimport(game);
  const python = pyodide.runPython("import sys; sys.version.split()[0]");
  const t3 = performance.now();
  post({ type: "ready", engine: engine.__version__, python,
         ms: { pyodide: t1 - t0, wheel: t2 - t1, import: t3 - t2 } });
  // Then, before the reader's first question, what the first answers need: the result types
  // and the puzzles (a call arriving meanwhile waits for this, a few tens of milliseconds).
  // (Each game names its own in <game>.WARM_UP.)
  setTimeout(() => pyodide.runPython(`import ${game}\nfor _m in getattr(${game}, "WARM_UP", ()): __import__(_m)`), 0);
  return callJson;
}

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg.type === "go") {
    go();
    return;
  }
  if (msg.type === "init") {
    if (!booted) {
      booted = boot(msg);
      booted.catch((err) => post({ type: "failed", message: String(err && err.message || err) }));
    }
    return;
  }
  if (msg.type === "site") {
    // The site's own Python (not the engine's): a zip unpacked once into site-packages, then
    // "module:function" called with one string (build_tools/puzzles/widget.py draws a puzzle).
    try {
      if (!booted) throw new Error(say(WORDS, "not_started"));
      await booted;
      sitePython ||= fetch(msg.zip).then((r) => {
        if (!r.ok) throw new Error(say(WORDS, "site_python_missing", { status: r.status, url: msg.zip }));
        return r.arrayBuffer();
      }).then((buf) => pyodideRef.unpackArchive(buf, "zip", { extractDir: siteDir() }));
      await sitePython.catch((err) => { sitePython = null; throw err; }); // the next call retries
      const [module, fn] = msg.call.split(":");
      post({ type: "result", id: msg.id, text: pyodideRef.pyimport(module)[fn](msg.arg) });
    } catch (err) {
      post({ type: "result", id: msg.id, error: String(err && err.message || err) });
    }
    return;
  }
  if (msg.type === "call") {
    let callJson;
    try {
      if (!booted) throw new Error(say(WORDS, "not_started"));
      callJson = await booted;
    } catch (err) {
      post({ type: "result", id: msg.id, error: say(WORDS, "not_running", { error: err.message || err }) });
      return;
    }
    try {
      post({ type: "result", id: msg.id, json: callJson(msg.name, JSON.stringify(msg.args ?? {})) });
    } catch (err) {
      post({ type: "result", id: msg.id, error: String(err && err.message || err) });
    }
  }
};
