// Baseline worker: loadPyodide() and one line of Python, nothing of ours; or, with engine (or a
// wheel), also what the site's worker does after loadPyodide (assets/js/engine-worker.js):
// install the engine wheel if there is one, import troccas.api and make one call.
self.onmessage = async ({ data: { indexURL, wheelURL, engine } }) => {
  try {
    const wheel = wheelURL ? fetch(wheelURL).then((r) => r.arrayBuffer()) : null;
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
    const pyodide = await loadPyodide({ indexURL });
    pyodide.runPython("import sys");
    if (wheel) pyodide.unpackArchive(await wheel, "wheel");
    if (engine || wheel) {
      const check = JSON.parse(pyodide.pyimport("troccas.api").call_json("pack", "{}"));
      if (!check.ok) throw new Error("the engine does not answer");
    }
    self.postMessage("ready");
  } catch (err) {
    self.postMessage("failed");
  }
};
