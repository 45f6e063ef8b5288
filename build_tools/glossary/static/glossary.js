// The glossary filter box and the tooltips on the game's terms.
//
// Plain JavaScript, no Python: the words page carries <div id="glossary-app" data-index=URL>;
// this script fetches that generated JSON index once and filters the entries as the reader
// types. Matching folds case and accents on both sides — String.prototype.normalize("NFD")
// and stripping the combining marks — so "tschec" finds "tschéc" — and each word typed must
// begin a word of the entry (whole words or their beginnings, never the inside of a word:
// "sche" finds "buob, sche", not "die Herrscherin"; "imperatura" finds "l'imperatura", whose
// apostrophe ends a word). Several words must all be found. One search box covers the
// headword forms and the renderings in every language (the index's "words"); each select
// narrows by the index field its data-field names (the kind, and the game's own: a moment,
// a place, a status), a record matching where that field is or holds the value. The count is
// announced through an aria-live region. Runs on every page change (window.cardsiteOnPage, overrides/main.html).

(function () {
  "use strict";

  // The site's words in the page's language (build_tools/messages/<lang>/glossary.yaml),
  // written in by the build, say() too (a classic script cannot import page.js's).
  const WORDS = /* words: glossary */ {};
  const say = /* say */ null;

  const fold = (s) => String(s).normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  // The words of a text: runs of letters and digits (apostrophes, commas, hyphens, spaces and
  // brackets end a word).
  const words = (s) => fold(s).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  let cache = null; // {url, promise}

  function loadIndex(url) {
    if (!cache || cache.url !== url) {
      cache = { url, promise: fetch(url).then((r) => {
        if (!r.ok) throw new Error(`${url}: ${r.status}`);
        return r.json();
      }) };
    }
    return cache.promise;
  }

  function setup(app) {
    if (app.dataset.ready) return;
    app.dataset.ready = "loading";
    const form = app.querySelector("form");
    const q = form.querySelector("#gl-q");
    const sel = {};
    for (const el of form.querySelectorAll("select[data-field]")) sel[el.dataset.field] = el;
    const count = form.querySelector("#gl-count");
    const url = new URL(app.dataset.index, document.baseURI).href;

    loadIndex(url).then((index) => {
      const records = index.map((rec) => ({
        rec,
        el: document.getElementById(rec.id),
        hay: words(rec.words.join("\n")),
      })).filter((r) => r.el);
      const params = new URLSearchParams(location.search);
      if (params.get("q")) q.value = params.get("q");
      let timer = null;

      function apply(announce) {
        const wanted = words(q.value);
        const want = {};
        for (const k in sel) want[k] = sel[k].value;
        let shown = 0;
        for (const { rec, el, hay } of records) {
          const ok = wanted.every((w) => hay.some((h) => h.startsWith(w)))
            && Object.keys(want).every((k) => !want[k] || [].concat(rec[k]).includes(want[k]));
          el.hidden = !ok;
          if (ok) shown += 1;
        }
        for (const group of document.querySelectorAll(".gl-group")) {
          const any = group.querySelector(".gl-entry:not([hidden])") !== null;
          group.hidden = !any;
          const head = group.previousElementSibling;
          if (head && /^H[1-6]$/.test(head.tagName)) head.hidden = !any;
        }
        const text = shown === records.length
          ? say(WORDS, "count_all", { n: records.length })
          : shown === 0 ? say(WORDS, "count_none") : say(WORDS, "count_some", { n: shown, total: records.length });
        clearTimeout(timer);
        // Let typing settle before the screen reader hears the count.
        if (announce) timer = setTimeout(() => { count.textContent = text; }, 250);
        else count.textContent = text;
        app.dataset.shown = String(shown);
      }

      q.addEventListener("input", () => apply(true));
      q.addEventListener("keydown", (ev) => {
        if (ev.key === "Escape" && q.value) { q.value = ""; apply(true); ev.preventDefault(); }
      });
      for (const k in sel) sel[k].addEventListener("change", () => apply(true));
      form.addEventListener("reset", () => setTimeout(() => apply(true), 0));
      form.addEventListener("submit", (ev) => ev.preventDefault());
      apply(false);
      app.dataset.ready = "yes";
    }).catch((err) => {
      app.dataset.ready = "failed";
      const p = document.createElement("p");
      p.className = "gl-error";
      p.textContent = say(WORDS, "load_error", { error: err.message });
      app.appendChild(p);
    });
  }

  function init() {
    const app = document.getElementById("glossary-app");
    if (app) setup(app);
  }

  // A tooltip shown on focus or hover can be dismissed with Escape without moving the focus.
  document.addEventListener("keydown", (ev) => {
    if (ev.key !== "Escape") return;
    for (const t of document.querySelectorAll(".gl-term:hover, .gl-term:focus-within")) {
      t.classList.add("gl-term--dismissed");
    }
  });
  const undismiss = (ev) => {
    const t = ev.target.closest && ev.target.closest(".gl-term--dismissed");
    if (t) t.classList.remove("gl-term--dismissed");
  };
  document.addEventListener("focusout", undismiss);
  document.addEventListener("mouseout", undismiss);

  window.cardsiteOnPage(init);
})();
