// The "My mistakes" page (issue 15): the puzzles whose first answer was wrong, from the review
// schedule kept in this browser (review.js), in build_tools/templates/puzzles/mistakes.html.
// Loaded by puzzles.js when a page has that block; puzzles.js hands over how it draws and binds
// a puzzle, so a puzzle here behaves as on its own page.
//
// The puzzles due are replayed in place, each drawn as the site draws it elsewhere: an
// authored puzzle as the build drew it on its own page (fetched, so its stored verdicts answer
// at once, without Python), a practice puzzle from its seed by the reader's own Python, as a
// shared ?seed= link is. An answer goes through puzzles.js like any other: the first one moves
// the puzzle up a box or back to box 1, and the lists below follow.

import * as review from "./review.js";
import { say } from "../js/page.js";

// The page's words, in the edition's language (build_tools/messages/<language>/puzzles.yaml,
// written in by the build).
const WORDS = /* words: puzzles */ {};

const DATE = { weekday: "long", day: "numeric", month: "long" };
const pages = new Map(); // a page's address -> Promise of its parsed HTML

function parsedPage(url) {
  if (!pages.has(url)) {
    const load = fetch(url)
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(say(WORDS, "page_answered", { status: r.status })))))
      .then((text) => new DOMParser().parseFromString(text, "text/html"));
    load.catch(() => pages.delete(url)); // offline and not kept: the next visit tries again
    pages.set(url, load);
  }
  return pages.get(url);
}

// The page's engine script is an async module too: it may not have run yet.
function engineScript() {
  if (window.cardsite) return Promise.resolve(window.cardsite);
  return new Promise((resolve, reject) => {
    const done = () => (window.cardsite ? resolve(window.cardsite)
      : reject(new Error("the page's engine script did not load")));
    if (document.readyState === "complete") done();
    else window.addEventListener("load", done, { once: true });
  });
}

// A widget taken from another page: its addresses resolved from that page, its ids made unique
// on this one (two practice puzzles of a kind carry the same ids).
function adopt(widget, pageUrl, prefix) {
  for (const attr of ["src", "href"]) {
    for (const node of widget.querySelectorAll(`[${attr}]`)) {
      node.setAttribute(attr, new URL(node.getAttribute(attr), pageUrl).href);
    }
  }
  const ids = new Map();
  for (const node of [widget, ...widget.querySelectorAll("[id]")]) {
    if (!node.id) continue;
    ids.set(node.id, prefix + node.id);
    node.id = prefix + node.id;
  }
  for (const attr of ["aria-labelledby", "aria-describedby", "aria-controls", "for"]) {
    for (const node of [widget, ...widget.querySelectorAll(`[${attr}]`)]) {
      if (!node.hasAttribute(attr)) continue;
      node.setAttribute(attr, node.getAttribute(attr).split(/\s+/).map((i) => ids.get(i) || i).join(" "));
    }
  }
  return widget;
}

export function bindMistakes(box, { bindPuzzle, drawnByPython, siteRoot }) {
  const $ = (selector) => box.querySelector(selector);
  const summary = $("[data-pz-mistakes-summary]");
  const dueList = $("[data-pz-due-list]");
  const later = $("[data-pz-later]");
  const learnt = $("[data-pz-learnt]");
  const reset = $("[data-pz-mistakes-reset]");
  const resetDone = $("[data-pz-mistakes-done]");
  const template = (name) => $(`template[data-pz-tpl="${name}"]`).content.firstElementChild.cloneNode(true);
  let replayed = 0;

  const place = (e) => {
    const url = new URL(e.page, siteRoot);
    if (Number.isInteger(e.seed)) url.searchParams.set("seed", String(e.seed));
    return url.href;
  };
  const title = (e) => (Number.isInteger(e.seed) ? `${e.title} #${e.seed}` : e.title) || say(WORDS, "a_puzzle");

  // The lists under "Coming back later" and "Learnt", and the summary: redrawn after every
  // answer. The puzzles due stay as they were drawn when the page opened.
  function showLists() {
    const { entries, ok } = review.mistakes();
    const now = Date.now();
    const lists = review.sorted(entries, now);
    later.replaceChildren(...lists.later.map((e) => {
      const row = template("later");
      const link = row.querySelector("[data-pz-title]");
      link.href = place(e);
      link.textContent = title(e);
      row.querySelector("[data-pz-from]").textContent = e.from;
      row.querySelector("[data-pz-when]").textContent = review.whenText(e.due, now);
      row.dataset.pzKey = e.key;
      return row;
    }));
    learnt.replaceChildren(...lists.learnt.map((e) => {
      const item = template("learnt");
      const link = item.querySelector("[data-pz-title]");
      link.href = place(e);
      link.textContent = title(e);
      item.querySelector("[data-pz-from]").textContent = e.from;
      item.dataset.pzKey = e.key;
      return item;
    }));
    $("[data-pz-later-table]").hidden = !lists.later.length;
    $("[data-pz-later-none]").hidden = !!lists.later.length;
    learnt.hidden = !lists.learnt.length;
    $("[data-pz-learnt-none]").hidden = !!lists.learnt.length;
    reset.parentElement.hidden = !ok;
    const total = lists.due.length + lists.later.length + lists.learnt.length;
    if (!ok) {
      summary.textContent = say(WORDS, "storage_blocked");
    } else if (!total) {
      summary.textContent = say(WORDS, "no_mistakes");
    } else {
      const n = lists.due.length;
      summary.textContent = say(WORDS, "summary", { due: n ? say(WORDS, "n_puzzles", { n }) : say(WORDS, "nothing"),
        later: lists.later.length || say(WORDS, "none_lower"), learnt: lists.learnt.length || say(WORDS, "none_lower") });
    }
    summary.dataset.due = String(lists.due.length);
    return lists;
  }

  async function draw(e, slot) {
    replayed += 1;
    let widget;
    if (Number.isInteger(e.seed)) {
      slot.replaceChildren(Object.assign(document.createElement("p"), { className: "cs-pz__status",
        textContent: say(WORDS, "set_soon_browser", { seed: e.seed }) }));
      await (await engineScript()).boot();
      widget = adopt(await drawnByPython(box, e.kind, e.seed), location.href, `rv${replayed}-`);
    } else {
      const url = new URL(e.page, siteRoot).href;
      const found = [...(await parsedPage(url)).querySelectorAll("section[data-cardsite-widget='puzzle']")]
        .find((s) => s.dataset.puzzleId === e.id);
      if (!found) throw Object.assign(new Error(say(WORDS, "gone")), { gone: true });
      widget = adopt(document.importNode(found, true), url, `rv${replayed}-`);
    }
    // Where it came from, for the schedule (puzzles.js keeps the puzzle under that page).
    widget.dataset.pzPage = e.page;
    widget.dataset.pzFrom = e.from;
    slot.replaceChildren(widget);
    bindPuzzle(widget);
  }

  function showDue(due) {
    dueList.replaceChildren(...due.map((e) => {
      const item = template("due");
      item.dataset.pzKey = e.key;
      const from = item.querySelector("[data-pz-from]");
      from.href = place(e);
      from.textContent = e.from;
      if (Number.isInteger(e.seed)) item.querySelector("[data-pz-what]").textContent = say(WORDS, "practice_from", { seed: e.seed });
      item.querySelector("[data-pz-missed]").textContent = say(WORDS, "missed_on",
        { date: new Date(e.missed).toLocaleDateString(say(WORDS, "date_locale"), DATE) });
      item.querySelector("[data-pz-box]").textContent = say(WORDS, "review_box", { box: e.box, boxes: review.BOX_DAYS.length });
      const slot = item.querySelector("[data-pz-slot]");
      draw(e, slot).catch((err) => {
        const p = Object.assign(document.createElement("p"), { className: "cs-pz__status" });
        p.append(say(WORDS, "could_not_show", { error: err.message }));
        if (err.gone) {
          const forget = Object.assign(document.createElement("button"), { type: "button",
            className: "md-button", textContent: say(WORDS, "remove_mistake") });
          forget.addEventListener("click", () => { review.forget(e.key); item.remove(); showLists(); });
          p.append(forget);
        } else {
          p.append(say(WORDS, "reload"));
        }
        slot.replaceChildren(p);
      });
      return item;
    }));
    $("[data-pz-due-none]").hidden = due.length > 0;
  }

  const onReview = (event) => {
    if (!box.isConnected) {
      window.removeEventListener("cardsite:review", onReview);
      return;
    }
    const item = event.detail.root.closest("[data-pz-key]");
    if (item && box.contains(item)) item.querySelector("[data-pz-box]").textContent = say(WORDS, "reviewed_today");
    showLists();
  };
  window.addEventListener("cardsite:review", onReview);

  reset.addEventListener("click", () => {
    const cleared = review.clearMistakes();
    if (cleared) dueList.replaceChildren();
    $("[data-pz-due-none]").hidden = !cleared && dueList.children.length > 0;
    showLists();
    resetDone.textContent = cleared ? say(WORDS, "cleared") : say(WORDS, "not_cleared");
  });

  showDue(showLists().due);
}
