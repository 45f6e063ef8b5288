// The projector view (build_tools/parts/teach.py writes this into the page, after its puzzles):
// one puzzle at a time from the <template data-slide>s the build drew with the engine's
// answers. Keys: → (or PageDown, N) next puzzle, ← (PageUp, P) previous, Space (or Enter, A)
// shows or hides the answer, K the next kind of puzzle, 1–9 a kind by number, F full screen.
// Presenter remotes send PageDown and PageUp. The kind and the seed are kept in the address
// (?kind=KIND&seed=3), so a puzzle can be opened straight from a link.
(function () {
  // The view's words in the page's language (build_tools/messages/<language>/teach.yaml),
  // written in by the build (build_tools/words.py, through build_tools/parts/teach.py). A
  // classic script, so say() is written in by the build too.
  var WORDS = /* words: teach */ {};
  var say = /* say */ null;
  var box = document.querySelector("[data-projector]");
  if (!box || box.dataset.bound) return;
  box.dataset.bound = "true";
  var stage = box.querySelector("[data-proj-stage]");
  var where = box.querySelector("[data-proj-where]");
  var reveal = box.querySelector("[data-proj-reveal]");
  var select = box.querySelector("[data-proj-kind]");
  var full = box.querySelector("[data-proj-full]");
  var slides = {};
  var kinds = [];
  box.querySelectorAll("template[data-slide]").forEach(function (t) {
    var k = t.dataset.kind;
    if (!slides[k]) { slides[k] = []; kinds.push(k); }
    slides[k].push(t);
  });
  var asked = new URL(location.href).searchParams;
  var kind = slides[asked.get("kind")] ? asked.get("kind") : kinds[0];
  var at = Math.max(0, slides[kind].findIndex(function (t) { return t.dataset.seed === asked.get("seed"); }));
  var shown = false;

  function title() { return select.options[kinds.indexOf(kind)].textContent; }

  function show() {
    var t = slides[kind][at];
    stage.replaceChildren(t.content.firstElementChild.cloneNode(true));
    select.value = kind;
    where.textContent = say(WORDS, "where", { title: title(), seed: t.dataset.seed, at: at + 1,
                                              of: slides[kind].length });
    answer(false);
    var url = new URL(location.href);
    url.searchParams.set("kind", kind);
    url.searchParams.set("seed", t.dataset.seed);
    if (url.href !== location.href) history.replaceState(history.state, "", url.href);
  }

  function answer(on) {
    shown = on;
    var slide = stage.firstElementChild;
    if (slide) {
      slide.dataset.revealed = String(on);
      var a = slide.querySelector("[data-proj-answer]");
      if (a) a.hidden = !on;
    }
    reveal.setAttribute("aria-pressed", String(on));
    reveal.textContent = on ? say(WORDS, "hide_answer") : say(WORDS, "show_answer");
  }

  function step(by) {
    var n = slides[kind].length;
    at = (at + by + n) % n;
    show();
  }

  function choose(k) {
    if (!slides[k] || k === kind) return;
    kind = k;
    at = 0;
    show();
  }

  function fullScreen() {
    if (document.fullscreenElement) document.exitFullscreen();
    else if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen().catch(function () {});
  }

  box.querySelector("[data-proj-prev]").addEventListener("click", function () { step(-1); });
  box.querySelector("[data-proj-next]").addEventListener("click", function () { step(1); });
  reveal.addEventListener("click", function () { answer(!shown); });
  select.addEventListener("change", function () { choose(select.value); });
  if (document.documentElement.requestFullscreen) full.addEventListener("click", fullScreen);
  else full.hidden = true;

  function onKey(event) {
    if (!box.isConnected) { window.removeEventListener("keydown", onKey, true); return; } // left the page
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    var target = event.target;
    var onControl = target.closest && target.closest("button, a, select, input, textarea");
    var key = event.key;
    if (onControl && (key === " " || key === "Enter")) return; // the control's own action
    if (target.closest && target.closest("select") && /^Arrow/.test(key)) return;
    var done = true;
    if (key === "ArrowRight" || key === "PageDown" || key === "n" || key === "N") step(1);
    else if (key === "ArrowLeft" || key === "PageUp" || key === "p" || key === "P") step(-1);
    else if (key === " " || key === "Enter" || key === "a" || key === "A") answer(!shown);
    else if (key === "k" || key === "K") choose(kinds[(kinds.indexOf(kind) + 1) % kinds.length]);
    else if (/^[1-9]$/.test(key) && kinds[Number(key) - 1]) choose(kinds[Number(key) - 1]);
    else if (key === "f" || key === "F") fullScreen();
    else done = false;
    if (!done) return;
    event.preventDefault();
    // Material's own keys (N and P move to the next and previous page of the site) stay out.
    event.stopPropagation();
  }
  // Before anyone else hears the key: the capture phase of the window.
  window.addEventListener("keydown", onKey, true);
  show();
})();
