// Registers the site's service worker (sw.js, at the site root, next to this file), says
// whether this device can use the site without a network, and says when a new version of the
// site is ready. Written into the site by build_tools/offline.
//
// <html data-offline> tells the state: "installing" (the first visit's files are being stored),
// "ready" (this page is served by the service worker: the site works offline), "unsupported".
//
// Every [data-offline-control] (the footer's, and <!-- offline: control --> in a page:
// overrides/partials/offline-control.html) shows the device's state in words — its
// data-state is checking, unsupported, not-ready, storing, failed or ready — and a button
// "Make this device ready" that registers the service worker at once, without waiting for the
// page to be quiet, and then shows how much of the site is stored.
(function () {
  var html = document.documentElement;
  var sw = navigator.serviceWorker;
  var script = document.currentScript;
  var reloading = false;
  var wantReload = false;
  // What the controls show: {name, done, files, bytes, total, error}.
  var state = { name: "checking" };

  function mb(bytes) {
    return (bytes / 1048576).toFixed(bytes < 10485760 ? 1 : 0) + " MB";
  }

  var WORDS = {
    checking: function () { return "Checking whether this device can be used without a network…"; },
    unsupported: function () {
      if (location.protocol === "file:") {
        return "Not supported here: a page opened from a file cannot be kept for use without a network. Serve the site (see the Teach page) and open it from there.";
      }
      if (!window.isSecureContext) {
        return "Not supported here: browsers keep a site for use without a network only when it comes over https:// or from this computer itself.";
      }
      return "Not supported here: this browser cannot keep the site for use without a network.";
    },
    "not-ready": function () { return "Not yet ready to use without a network."; },
    storing: function (s) {
      if (!s.total) return "Storing the whole site on this device…";
      return "Storing the whole site on this device: " + mb(s.bytes) + " of " + mb(s.total) +
        " (" + s.done + " of " + s.files + " files)…";
    },
    failed: function (s) {
      return "Not yet ready: storing the site stopped" + (s.error ? " (" + s.error + ")" : "") +
        ". Check the connection and try again.";
    },
    ready: function (s) {
      return "Ready to use without a network" + (s.total ? ": the whole site (" + mb(s.total) +
        ") is stored on this device." : ".");
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
      button.hidden = !(name === "not-ready" || name === "failed");
      button.textContent = name === "failed" ? "Try again" : "Make this device ready";
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
  if (window.troccasOnPage) window.troccasOnPage(render);
  else document.addEventListener("DOMContentLoaded", render);

  if (!sw || location.protocol === "file:" || !script) {
    html.dataset.offline = "unsupported";
    set("unsupported");
    return;
  }
  var root = new URL(".", script.src);

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

  // The worker's words while it stores a version (sw.js): progress, or why it stopped; and
  // the size of the version in use, when asked.
  sw.addEventListener("message", function (event) {
    var msg = event.data || {};
    if (msg.type === "progress" && state.name !== "ready") {
      set("storing", { done: msg.done, files: msg.files, bytes: msg.bytes, total: msg.total });
    } else if (msg.type === "failed" && state.name !== "ready") {
      set("failed", { error: msg.error });
    } else if (msg.type === "version" && state.name === "ready") {
      set("ready", { total: msg.bytes, files: msg.files });
    }
  });
  if (sw.startMessages) sw.startMessages(); // a page not yet controlled hears the worker too

  function ready(reg) {
    if (state.name !== "ready") set("ready");
    var active = (reg && reg.active) || sw.controller;
    if (active) active.postMessage({ type: "version" });
  }

  html.dataset.offline = sw.controller ? "ready" : "installing";
  if (sw.controller) ready(null);
  sw.getRegistration(root.pathname).then(function (reg) {
    if (state.name !== "checking") return;
    if (reg && reg.active) ready(reg);
    else if (reg && reg.installing) { set("storing"); follow(reg.installing, reg); }
    else set("not-ready");
  }, function () {
    if (state.name === "checking") set("not-ready");
  });

  // A worker storing a version: the controls follow it to ready, or to failed.
  function follow(worker, reg) {
    worker.addEventListener("statechange", function () {
      if (worker.state === "activated") ready(reg);
      else if (worker.state === "redundant" && state.name !== "ready") {
        set("failed", { error: state.error });
      }
    });
  }

  // The first visit's precache downloads the whole build (Pyodide included, ~15 MB) six files
  // at a time; started with the page it competed with the page's own Pyodide download and
  // wasm compile (measured: the engine ready ~1 s later on two cores, far later on a slow
  // line). So register once the page's Python is up (or has failed), and on a page without
  // the engine once the page has loaded and is idle. Later downloads of Pyodide's files are
  // revalidations of what the page has already fetched. The button does not wait.
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
    registering = null; // after a failure, register again: the browser retries the download
    register();
  }

  var registering = null; // the one registration under way (the button's or the quiet page's)
  whenQuiet(register);
  function register() {
    if (registering) return registering;
    registering = sw.register(new URL("sw.js", root).href, { scope: root.pathname }).then(function (reg) {
      if (!reg) throw new Error("the browser keeps no service worker for this site");
      // A page already served by an older version: say so when a newer one is installed.
      function watch(worker) {
        worker.addEventListener("statechange", function () {
          if (worker.state === "installed" && sw.controller) showBanner(worker);
        });
      }
      if (reg.waiting && sw.controller) showBanner(reg.waiting);
      if (reg.installing) {
        watch(reg.installing);
        if (state.name !== "ready") { if (state.name !== "storing") set("storing"); follow(reg.installing, reg); }
      } else if (reg.active) {
        ready(reg);
      }
      reg.addEventListener("updatefound", function () {
        watch(reg.installing);
        if (state.name !== "ready") follow(reg.installing, reg);
      });
      // Instant navigation rarely reloads the page: look for a new build now and then.
      setInterval(function () { reg.update().catch(function () {}); }, 30 * 60 * 1000);
      return sw.ready;
    }).then(function (reg) {
      ready(reg);
      if (sw.controller) {
        html.dataset.offline = "ready";
      } else {
        sw.addEventListener("controllerchange", function () { html.dataset.offline = "ready"; });
      }
    }).catch(function (err) {
      registering = null;
      if (state.name !== "ready") set("failed", { error: state.error || (err && err.message) });
      if (!sw.controller) html.dataset.offline = "unsupported";
    });
    return registering;
  }
})();
