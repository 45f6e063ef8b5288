// Registers the edition's service worker (sw.js, at the edition's root, next to this file),
// asks it to keep what this visit used, says what this device holds for use without a
// network, and says when a new version of the site is ready. Written into the site by
// build_tools/offline.
//
// <html data-offline> tells the state: "installing" (not yet served by the worker), "ready"
// (this page is served by the service worker: it and what it used work offline),
// "unsupported".
//
// Every [data-offline-control] (the footer's, and <!-- offline: control --> in a page:
// overrides/partials/offline-control.html) shows the device's state in words — its
// data-state is checking, unsupported, not-ready, partial (the pages opened are kept),
// storing, failed or ready (the whole edition) — and a button "Make this device ready (N MB)"
// that says the size first and, pressed, registers the worker at once, has it store the whole
// edition and shows the progress.
(function () {
  var html = document.documentElement;
  var sw = navigator.serviceWorker;
  var script = document.currentScript;
  var reloading = false;
  var wantReload = false;
  // What the controls show: {name, done, files, bytes, total, error}.
  var state = { name: "checking" };
  // The whole edition's bytes, runtime included (written in by build_tools/offline).
  var EDITION = /* edition bytes */ 0;

  // The site's words in the page's language (build_tools/messages/<language>/offline.yaml),
  // written in by the build (build_tools/words.py), with say() (a classic script).
  var SAID = /* words: offline */ {};
  var sayWord = /* say */ null;
  function say(key, params) {
    return sayWord(SAID, key, params);
  }

  function mb(bytes) {
    var n = (bytes / 1048576).toFixed(bytes < 10485760 ? 1 : 0);
    return say("megabytes", { n: n.replace(".", say("decimal_point")) });
  }

  var WORDS = {
    checking: function () { return say("checking"); },
    unsupported: function () {
      if (location.protocol === "file:") return say("unsupported_file");
      if (!window.isSecureContext) return say("unsupported_insecure");
      return say("unsupported");
    },
    "not-ready": function () { return say("not_ready"); },
    partial: function (s) {
      var pages = say("pages_kept", { n: s.pages || 0 });
      return say(s.runtime ? "partial_engine" : "partial", { pages: pages, size: mb(s.storedBytes || 0) });
    },
    storing: function (s) {
      if (!s.total) return say("storing");
      return say("storing_progress", { bytes: mb(s.bytes), total: mb(s.total), done: s.done,
                                       files: s.files });
    },
    failed: function (s) {
      return s.error ? say("failed_because", { error: s.error }) : say("failed");
    },
    ready: function (s) {
      return s.total ? say("ready_size", { size: mb(s.total) }) : say("ready");
    }
  };

  function renderOne(box) {
    var name = state.name;
    box.dataset.state = name;
    var status = box.querySelector("[data-offline-status]");
    var text = WORDS[name](state);
    if (status && status.textContent !== text) status.textContent = text;
    var button = box.querySelector("[data-offline-make]");
    if (button) {
      button.hidden = !(name === "not-ready" || name === "partial" || name === "failed");
      button.textContent = name === "failed" ? say("try_again")
        : EDITION ? say("make_ready_size", { size: mb(EDITION) }) : say("make_ready");
      if (!button.dataset.bound) {
        button.dataset.bound = "true";
        button.addEventListener("click", function () {
          // The button is about to hide: keep the keyboard's place on the words that follow.
          if (status) { status.tabIndex = -1; status.focus(); }
          makeReady();
        });
      }
    }
    var bar = box.querySelector("[data-offline-progress]");
    if (bar) {
      bar.hidden = name !== "storing";
      if (state.total) {
        bar.max = state.total;
        bar.value = state.bytes || 0;
      } else {
        bar.removeAttribute("value"); // an indeterminate bar until the first count arrives
      }
    }
  }

  function render() {
    document.querySelectorAll("[data-offline-control]").forEach(renderOne);
  }

  function set(name, extra) {
    state = Object.assign({ name: name }, extra || {});
    render();
  }

  // The controls of the page as loaded, and of each page Material's instant navigation brings.
  if (window.cardsiteOnPage) window.cardsiteOnPage(render);
  else document.addEventListener("DOMContentLoaded", render);

  if (!sw || location.protocol === "file:" || !script) {
    html.dataset.offline = "unsupported";
    set("unsupported");
    return;
  }
  var root = new URL(".", script.src);
  // This edition's own worker, if it serves this page. Another edition's worker whose scope
  // holds this one's (the English site's, on a page of de/) does not count: its copy is not
  // this edition's.
  var ownWorker = new URL("sw.js", root).href;
  function ours() {
    return sw.controller && sw.controller.scriptURL === ownWorker ? sw.controller : null;
  }

  // The banner's button wakes the version that waits when it is pressed: a later build can
  // install while the banner shows, and the worker the banner first told of is then gone.
  function showBanner() {
    if (document.getElementById("cs-update")) return;
    var style = document.createElement("style");
    style.textContent =
      "#cs-update{position:fixed;z-index:10;left:50%;bottom:1rem;transform:translateX(-50%);" +
      "display:flex;gap:.8em;align-items:center;max-width:calc(100% - 2rem);padding:.6em 1em;" +
      "border-radius:.3rem;background:#263238;color:#fff;font:inherit;font-size:.8rem;" +
      "box-shadow:0 2px 8px rgba(0,0,0,.4)}" +
      "#cs-update button{font:inherit;font-weight:700;color:#ffd54f;background:none;border:0;" +
      "cursor:pointer;text-decoration:underline;padding:0}" +
      "@media print{#cs-update{display:none}}";
    var box = document.createElement("div");
    box.id = "cs-update";
    box.setAttribute("role", "status");
    var text = document.createElement("span");
    text.textContent = say("new_version");
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = say("reload");
    button.addEventListener("click", function () {
      wantReload = true;
      button.disabled = true;
      sw.getRegistration(root.href).then(function (reg) {
        if (reg && reg.waiting) reg.waiting.postMessage({ type: "skip-waiting" });
        else if (!reloading) { reloading = true; location.reload(); } // it already serves
      });
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

  // The worker's words while it stores a version (sw.js): progress, or why it stopped; and
  // the size of the version in use, when asked.
  sw.addEventListener("message", function (event) {
    var msg = event.data || {};
    if (msg.type === "progress" && state.name !== "ready") {
      set("storing", { done: msg.done, files: msg.files, bytes: msg.bytes, total: msg.total });
    } else if (msg.type === "failed" && state.name !== "ready") {
      set("failed", { error: msg.error });
    } else if (msg.type === "version") {
      shown(msg);
    }
  });

  // What the worker says it holds: the whole edition, some of it, or nothing yet.
  function shown(msg) {
    // For scripts and tests, in no language: what the worker holds — "edition" (all of it),
    // "engine" (the pages opened and the engine), "pages", or "" (nothing yet).
    html.dataset.offlineKept = msg.whole ? "edition" : msg.runtime ? "engine" : msg.stored ? "pages" : "";
    if (state.name === "storing" && !msg.whole) return; // the progress says more
    if (msg.whole) set("ready", { total: msg.bytes, files: msg.files });
    else if (msg.stored || msg.runtime) {
      set("partial", { pages: msg.pages, storedBytes: msg.storedBytes, runtime: msg.runtime });
    } else if (state.name !== "failed") set("not-ready");
  }
  if (sw.startMessages) sw.startMessages(); // a page not yet controlled hears the worker too

  // A worker is active: ask it what it holds (and, once, to keep what this page used).
  function ready(reg) {
    var active = (reg && reg.active) || ours();
    if (!active) return;
    if (!kept) {
      kept = true;
      active.postMessage({ type: "keep", urls: usedURLs(), runtime: html.dataset.engine === "ready" });
    } else {
      active.postMessage({ type: "version" });
    }
  }
  var kept = false;
  // What this page fetched (itself included): the worker keeps those of its edition that it
  // has not stored yet — on a first visit, all of them.
  function usedURLs() {
    var urls = [location.href];
    if (window.performance && performance.getEntriesByType) {
      performance.getEntriesByType("resource").forEach(function (e) {
        if (e.name.indexOf(root.href) === 0) urls.push(e.name);
      });
    }
    return urls;
  }
  // The engine started later than the worker: keep it too (once the reader has used it).
  new MutationObserver(function () {
    if (html.dataset.engine !== "ready" || !kept) return;
    sw.getRegistration(root.pathname).then(function (reg) {
      var worker = (reg && reg.scope === root.href && reg.active) || ours();
      if (worker) worker.postMessage({ type: "keep", urls: usedURLs(), runtime: true });
    });
  }).observe(html, { attributes: true, attributeFilter: ["data-engine"] });

  html.dataset.offline = ours() ? "ready" : "installing";
  if (ours()) ready(null);
  sw.getRegistration(root.pathname).then(function (reg) {
    if (state.name !== "checking") return;
    if (reg && reg.scope !== root.href) reg = null; // another edition's, whose scope holds ours
    if (reg && reg.active) ready(reg);
    else if (reg && reg.installing) { set("not-ready"); follow(reg.installing, reg); }
    else set("not-ready");
  }, function () {
    if (state.name === "checking") set("not-ready");
  });

  // A worker installing: the controls follow it until it is active, or failed.
  function follow(worker, reg) {
    worker.addEventListener("statechange", function () {
      if (worker.state === "activated") ready(reg);
      else if (worker.state === "redundant" && state.name !== "ready" && state.name !== "partial") {
        set("failed", { error: state.error });
      }
    });
  }

  // Registering competes with the page's own Pyodide download and wasm compile (the worker's
  // start, and keeping what the page used), so register once the page's Python is up (or has
  // failed), and on a page without the engine once the page has loaded and is idle. What the
  // worker keeps of this visit comes from the HTTP cache. The button does not wait.
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

  function makeReady() {
    if (state.name === "ready" || state.name === "storing") return;
    set("storing");
    register().then(function () { return sw.getRegistration(root.pathname); }).then(function (reg) {
      var worker = reg && reg.scope === root.href && reg.active;
      if (worker) worker.postMessage({ type: "store-all" });
      else set("failed", {});
    }, function () {});
  }

  var registering = null; // the one registration under way (the button's or the quiet page's)
  whenQuiet(register);
  function register() {
    if (registering) return registering;
    registering = sw.register(new URL("sw.js", root).href, { scope: root.pathname }).then(function (reg) {
      if (!reg) throw new Error(say("no_worker"));
      // A page already served by an older version: say so when a newer one is installed.
      // "Installed while the page is controlled" is not enough: on a first visit WebKit can
      // report the first worker installed after the page already counts as controlled, by
      // that same worker. A newer version is a worker that began to install while another
      // was active, and the page is served by a worker other than it.
      function isUpdate(worker, before) {
        var now = ours();
        return !!before && before !== worker && !!now && now !== worker;
      }
      function watch(worker) {
        var before = reg.active; // the version in use when this one began to install
        worker.addEventListener("statechange", function () {
          if (worker.state === "installed" && isUpdate(worker, before)) showBanner();
        });
      }
      if (reg.waiting && isUpdate(reg.waiting, reg.active)) showBanner();
      if (reg.installing) {
        watch(reg.installing);
        follow(reg.installing, reg);
      } else if (reg.active) {
        ready(reg);
      }
      reg.addEventListener("updatefound", function () {
        if (!reg.installing) return; // heard late, once the worker is already past installing
        watch(reg.installing);
        follow(reg.installing, reg);
      });
      // Instant navigation rarely reloads the page: look for a new build now and then.
      setInterval(function () { reg.update().catch(function () {}); }, 30 * 60 * 1000);
      return sw.ready;
    }).then(function (reg) {
      ready(reg);
      if (ours()) {
        html.dataset.offline = "ready";
      } else {
        sw.addEventListener("controllerchange", function () { if (ours()) html.dataset.offline = "ready"; });
      }
    }).catch(function (err) {
      registering = null;
      if (state.name !== "ready" && state.name !== "partial") {
        set("failed", { error: state.error || (err && err.message) });
      }
      if (!ours()) html.dataset.offline = "unsupported";
    });
    return registering;
  }
})();
