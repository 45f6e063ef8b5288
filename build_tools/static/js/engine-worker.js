// The rules engine in a module Web Worker: Pyodide (same origin) + the engine wheel
// (every game's package and cardgame).
//
// Messages in:  {type: "init", indexURL, wheelURL, game, language, hold, rest} once (game: the engine
//                                                       package whose facade <game>.api answers,
//                                                       from the page's config; language: the
//                                                       catalogue its messages are said in), from
//                                                       assets/js/cardsite.js or the page's <head>
//                                                       (overrides/main.html);
//                                                       rest: python_rest.zip's name in indexURL,
//                                                       or null)
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

// Pyodide's loader asks for its large files (the WebAssembly, the stdlib zip, the script that
// instantiates them) only once it has itself arrived: one more round trip before the downloads
// that take most of a first visit. So they are asked for here, as soon as downloads may start,
// beside the loader. The scripts meet in the module map (the same URL is one module); the two
// fetches are handed to Pyodide when it asks (its loader calls fetch() once for each, with no
// integrity to check), and fetch is itself again once both are taken or Pyodide is up.
function prefetch(urls) {
  const own = self.fetch;
  const early = new Map(urls.map((url) => [url, own.call(self, url)]));
  for (const response of early.values()) response.catch(() => {}); // Pyodide reports a failure
  self.fetch = function (input, init) {
    const url = String(input instanceof Request ? input.url : input);
    const response = early.get(url);
    if (!response || (init && init.integrity)) return own.call(self, input, init);
    early.delete(url);
    if (!early.size) self.fetch = own;
    return response;
  };
  return () => { self.fetch = own; };
}

// The Python the start does not import (build_tools/pyodide_rest.py): python_rest.zip, in
// Pyodide's folder, fetched as soon as the engine is ready. An import that needs it meanwhile
// unwinds its call (RestNotYet), which answer() makes again once it has arrived; with no fetch
// under way (it failed), the import asks for it synchronously, the one way an import can wait.
const REST_PATH = "/lib/python_rest.zip";
function restOf(pyodide, url) {
  let done = false;
  let underway = null; // the background fetch, while it runs
  const write = (buffer) => {
    if (done) return;
    pyodide.FS.writeFile(`${REST_PATH}.part`, new Uint8Array(buffer));
    pyodide.FS.rename(`${REST_PATH}.part`, REST_PATH); // whole or not at all
    done = true;
  };
  return {
    now() {
      if (done) return true;
      if (underway) return false;
      const request = new XMLHttpRequest();
      request.open("GET", url, false);
      request.responseType = "arraybuffer";
      try {
        request.send();
      } catch {
        return true; // not there: the import fails, naming its module and the zip
      }
      if (request.status === 200) write(request.response);
      return true;
    },
    later() {
      underway = fetch(url).then((r) => (r.ok ? r.arrayBuffer() : null))
        .then((buffer) => buffer && write(buffer))
        .catch(() => {}) // an import that needs it then asks for it itself
        .finally(() => { underway = null; });
    },
    arrived: () => underway || Promise.resolve(),
  };
}
let rest = null;

// A call into Python, made again when it stopped for python_rest.zip to arrive.
async function answer(run) {
  for (;;) {
    try {
      return run();
    } catch (err) {
      if (!(rest && err && err.type === "RestNotYet")) throw err;
      await rest.arrived();
    }
  }
}

async function boot({ indexURL, wheelURL, game, language = "en", hold, rest: restName = null }) {
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
  const stdLibURL = new URL("python_stdlib.zip", indexURL).href;
  const restore = prefetch([stdLibURL, new URL("pyodide.asm.wasm", indexURL).href]);
  import(new URL("pyodide.asm.mjs", indexURL).href).catch(() => {}); // Pyodide's own import reports it
  let pyodide;
  try {
    const { loadPyodide } = await loader;
    pyodide = await loadPyodide({ indexURL, stdLibURL, fullStdLib: false });
  } finally {
    restore();
  }
  const t1 = performance.now();
  if (wheel) {
    post({ type: "status", text: say(WORDS, "installing") });
    pyodide.unpackArchive(await wheel, "wheel");
  }
  const t2 = performance.now();
  pyodideRef = pyodide;
  rest = restName ? restOf(pyodide, new URL(restName, indexURL).href) : null;
  if (rest) pyodide.pyimport("_cardsite_rest").install(rest.now);
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
  if (rest) rest.later();
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
      post({ type: "result", id: msg.id, text: await answer(() => pyodideRef.pyimport(module)[fn](msg.arg)) });
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
      post({ type: "result", id: msg.id, json: await answer(() => callJson(msg.name, JSON.stringify(msg.args ?? {}))) });
    } catch (err) {
      post({ type: "result", id: msg.id, error: String(err && err.message || err) });
    }
  }
};
