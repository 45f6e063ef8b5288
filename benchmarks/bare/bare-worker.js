// Baseline worker: loadPyodide() and one line of Python, nothing of ours.
self.onmessage = async ({ data: indexURL }) => {
  try {
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
    const pyodide = await loadPyodide({ indexURL });
    pyodide.runPython("import sys");
    self.postMessage("ready");
  } catch (err) {
    self.postMessage("failed");
  }
};
