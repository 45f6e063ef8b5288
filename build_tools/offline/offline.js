// Registers the site's service worker (sw.js, at the site root, next to this file) and says
// when a new version of the site is ready. Written into the site by build_tools/offline.
//
// <html data-offline> tells the state: "installing" (the first visit's files are being stored),
// "ready" (this page is served by the service worker: the site works offline), "unsupported".
(function () {
  var html = document.documentElement;
  var sw = navigator.serviceWorker;
  var script = document.currentScript;
  if (!sw || location.protocol === "file:" || !script) {
    html.dataset.offline = "unsupported";
    return;
  }
  var root = new URL(".", script.src);
  var reloading = false;
  var wantReload = false;

  function showBanner(waiting) {
    if (document.getElementById("tr-update")) return;
    var style = document.createElement("style");
    style.textContent =
      "#tr-update{position:fixed;z-index:10;left:50%;bottom:1rem;transform:translateX(-50%);" +
      "display:flex;gap:.8em;align-items:center;max-width:calc(100% - 2rem);padding:.6em 1em;" +
      "border-radius:.3rem;background:#263238;color:#fff;font:inherit;font-size:.8rem;" +
      "box-shadow:0 2px 8px rgba(0,0,0,.4)}" +
      "#tr-update button{font:inherit;font-weight:700;color:#ffd54f;background:none;border:0;" +
      "cursor:pointer;text-decoration:underline;padding:0}" +
      "@media print{#tr-update{display:none}}";
    var box = document.createElement("div");
    box.id = "tr-update";
    box.setAttribute("role", "status");
    var text = document.createElement("span");
    text.textContent = "A new version of this site is ready —";
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = "reload";
    button.addEventListener("click", function () {
      wantReload = true;
      button.disabled = true;
      waiting.postMessage({ type: "skip-waiting" });
    });
    box.append(text, button);
    document.head.append(style);
    document.body.append(box);
  }

  sw.addEventListener("controllerchange", function () {
    if (wantReload && !reloading) {
      reloading = true;
      location.reload();
    }
  });

  html.dataset.offline = sw.controller ? "ready" : "installing";

  // The first visit's precache downloads the whole build (Pyodide included, ~15 MB) six files
  // at a time; started with the page it competed with the page's own Pyodide download and
  // wasm compile (measured: the engine ready ~1 s later on two cores, far later on a slow
  // line). So register once the page's Python is up (or has failed), and on a page without
  // the engine once the page has loaded and is idle. Later downloads of Pyodide's files are
  // revalidations of what the page has already fetched.
  function whenQuiet(go) {
    var idle = function () {
      if (window.requestIdleCallback) requestIdleCallback(go, { timeout: 2000 });
      else setTimeout(go, 200);
    };
    var afterLoad = function () {
      if (document.readyState === "complete") idle();
      else window.addEventListener("load", idle, { once: true });
    };
    if (html.dataset.engine !== "loading") return afterLoad();
    var seen = new MutationObserver(function () {
      if (html.dataset.engine === "loading") return;
      seen.disconnect();
      afterLoad();
    });
    seen.observe(html, { attributes: true, attributeFilter: ["data-engine"] });
  }

  whenQuiet(register);
  function register() {
    sw.register(new URL("sw.js", root).href, { scope: root.pathname }).then(function (reg) {
      // A page already served by an older version: say so when a newer one is installed.
      function watch(worker) {
        worker.addEventListener("statechange", function () {
          if (worker.state === "installed" && sw.controller) showBanner(worker);
        });
      }
      if (reg.waiting && sw.controller) showBanner(reg.waiting);
      if (reg.installing) watch(reg.installing);
      reg.addEventListener("updatefound", function () { watch(reg.installing); });
      // Instant navigation rarely reloads the page: look for a new build now and then.
      setInterval(function () { reg.update().catch(function () {}); }, 30 * 60 * 1000);
      return sw.ready;
    }).then(function () {
      if (sw.controller) {
        html.dataset.offline = "ready";
      } else {
        sw.addEventListener("controllerchange", function () { html.dataset.offline = "ready"; });
      }
    }).catch(function () {
      html.dataset.offline = "unsupported";
    });
  }
})();
