// ESLint for the JavaScript we wrote (issue 27): the page scripts, the service worker and the
// workers, the Node build and test scripts. `make lint` runs it; any problem fails `make test`.
// Pyodide and everything else in node_modules is not ours and is not checked.
import js from "@eslint/js";
import globals from "globals";

// The rules beside eslint's recommended set: mistakes the browser would only show at run time.
const rules = {
  "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none", argsIgnorePattern: "^_" }],
  "no-implicit-globals": "error",
  "no-shadow-restricted-names": "error",
  "no-use-before-define": ["error", { functions: false, classes: true, variables: false }],
  eqeqeq: ["error", "smart"],
};

export default [
  { ignores: ["node_modules/**", "build/**", "site/**", "site-*/**", ".venv/**", ".cache/**"] },
  js.configs.recommended,
  // Modules loaded by the pages (<script type="module">) and imported by one another.
  {
    files: ["build_tools/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
    rules,
  },
  // Classic scripts: the offline control, the glossary, the projector.
  {
    files: ["build_tools/offline/offline.js",
      "build_tools/glossary/static/glossary.js", "build_tools/teach/projector.js"],
    languageOptions: { sourceType: "script" },
  },
  // Workers: the engine's (classic, importScripts), the benchmark's bare one.
  {
    files: ["build_tools/static/js/engine-worker.js", "benchmarks/bare/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: { ...globals.worker } },
    rules: { ...rules, "no-implicit-globals": "off" }, // a worker's global scope is its own
  },
  // The service worker: a template whose __NAMES__ the build fills in (build_tools/offline).
  {
    files: ["build_tools/offline/sw.template.js"],
    languageOptions: {
      sourceType: "script",
      globals: { ...globals.serviceworker, __BYTES__: "readonly", __SIZES__: "readonly", __MANIFEST__: "readonly",
                 __RUNTIME__: "readonly", __RUNTIME_FILES__: "readonly", __WORKBOX__: "readonly",
                 workbox: "readonly" },
    },
    rules: { ...rules, "no-implicit-globals": "off" },
  },
  // Node: the build's pre-compiler and the JavaScript tests (node --test).
  {
    files: ["**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
    rules,
  },
];
