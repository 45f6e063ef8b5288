// Mistakes come back (issue 15): the review schedule and the one store of a reader's puzzle
// progress. Served as assets/puzzles/review.js; puzzles.js and the Endgames page's script
// (assets/endgames/endgame.js, issue 17) record answers through it and the "My mistakes" page
// (mistakes.js) lists and replays what it holds. No DOM here (a change of progress is only
// announced on window, as the event "cardsite:progress"), so that every function can be tried
// on its own (tests/test_puzzles_mistakes.py imports this very file).
//
// The schedule: Leitner boxes, counted in the reader's own calendar days.
//   - A puzzle whose first answer was wrong (or whose solution was shown before a right
//     answer) goes into box 1 and is due the next day.
//   - A right first answer while it is due moves it up a box: due again 3, 7 and 21 days later
//     (boxes 2, 3, 4); right in box 4 and it is learnt, and does not come back.
//   - A wrong first answer at any time puts it back into box 1, due the next day.
//   - A right answer before it is due changes nothing: it comes back when planned.
// "Due in n days" means from the start of that calendar day, so a puzzle missed in the evening
// is there the next morning.
//
// The store: localStorage "<game>.puzzles.v1" (the site's game, from the page's cardsite-config;
// "cardsite.puzzles.v1" where there is no page, as under Node), one small JSON object —
//   {"kinds": {KIND: {solved: {ID: true}, first: {ID: true}, streak, best}},   (progress)
//    "mistakes": {KEY: ENTRY}}
// Progress per kind ("endgame" included): the puzzles solved (a practice puzzle as "seed-N"),
// those right at a first try (first; kept since issue 17, so older stores lack it), the
// puzzles solved in a row at the first try (streak) and the longest such run (best).
// ENTRY: {kind, id, page} for an authored puzzle (id as the page carries it; page: its address
// from the site's root, "puzzles/winner/") or {kind, seed, page} for a practice puzzle, and
// title, from (the page's heading), box (1-4; 5 = learnt), due (ms since 1970; null once
// learnt), missed (ms: the last miss). Version 1 readers keep fields they do not know, so
// adding "mistakes" kept the key.

import { say } from "../js/page.js";

// The words it says (when a puzzle comes back), in the edition's language
// (build_tools/messages/<language>/puzzles.yaml, written in by the build).
const WORDS = /* words: puzzles */ {};

// Per game, so that two games' sites on one origin keep their readers' progress apart.
const GAME = (() => {
  try {
    return JSON.parse(globalThis.document?.getElementById("cardsite-config")?.textContent || "{}").game;
  } catch {
    return undefined;
  }
})();
export const STORE = `${GAME || "cardsite"}.puzzles.v1`;
export const BOX_DAYS = Object.freeze([1, 3, 7, 21]);
export const LEARNT = BOX_DAYS.length + 1;

// --- the schedule (pure) -----------------------------------------------------------------------
// The start of the local calendar day `days` after the day of `ms` (daylight saving included).
export function dayStart(ms, days = 0) {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days).getTime();
}

// One key per puzzle: an authored puzzle by its page and id, a practice puzzle by kind and seed.
export function keyOf(who) {
  return Number.isInteger(who.seed) ? `seed:${who.kind}:${who.seed}` : `${who.page}#${who.id}`;
}

export function isDue(entry, now) {
  return !!entry && entry.box < LEARNT && entry.due <= now;
}

export function isLearnt(entry) {
  return !!entry && entry.box >= LEARNT;
}

// The entry after a first answer. `entry`: what the store holds for the puzzle (or undefined);
// `who`: the puzzle's identity and names, kept from the latest miss. Returns the new entry, or
// the same object when nothing changes (a right answer to a puzzle not due, or never missed).
export function answered(entry, who, right, now) {
  if (!right) return { ...(entry || {}), ...who, box: 1, due: dayStart(now, BOX_DAYS[0]), missed: now };
  if (!isDue(entry, now)) return entry;
  const box = entry.box + 1;
  return { ...entry, box, due: box >= LEARNT ? null : dayStart(now, BOX_DAYS[box - 1]) };
}

// The entries in three lists: due now (longest waiting first), later (soonest first), learnt.
export function sorted(entries, now) {
  const list = Object.entries(entries).map(([key, e]) => ({ key, ...e }));
  const by = (f) => (a, b) => f(a) - f(b) || a.key.localeCompare(b.key);
  return {
    due: list.filter((e) => isDue(e, now)).sort(by((e) => e.due)),
    later: list.filter((e) => !isLearnt(e) && !isDue(e, now)).sort(by((e) => e.due)),
    learnt: list.filter(isLearnt).sort(by((e) => -e.missed)),
  };
}

export function dueCount(entries, now) {
  return Object.values(entries).filter((e) => isDue(e, now)).length;
}

const DATE = { weekday: "long", day: "numeric", month: "long" };

// When a puzzle comes back, in words: "today", "tomorrow", "in 3 days, on Sunday 14 January"
// (dates in the edition's locale, date_locale).
export function whenText(due, now, locale = say(WORDS, "date_locale")) {
  const days = Math.round((dayStart(due) - dayStart(now)) / 86_400_000);
  if (days <= 0) return say(WORDS, "today");
  if (days === 1) return say(WORDS, "tomorrow");
  return say(WORDS, "in_days", { n: days, date: new Date(due).toLocaleDateString(locale, DATE) });
}

// What a first answer did to the schedule, for the reader (null: nothing to say).
export function changeText(before, after, now) {
  if (!after || after === before) return null;
  if (isLearnt(after)) return say(WORDS, "learnt_now");
  if (after.box === 1) {
    return before && before.box > 1
      ? say(WORDS, "reviews_again", { when: whenText(after.due, now) })
      : say(WORDS, "comes_back", { when: whenText(after.due, now) });
  }
  return say(WORDS, "remembered", { when: whenText(after.due, now), box: after.box, boxes: BOX_DAYS.length });
}

// --- the store ---------------------------------------------------------------------------------
// Whatever the browser holds is checked: an entry that does not fit is left out, never an error.
function validEntry(e) {
  return !!e && typeof e === "object" && typeof e.kind === "string" && typeof e.page === "string"
    && Number.isInteger(e.box) && e.box >= 1 && e.box <= LEARNT && Number.isFinite(e.missed)
    && (e.box >= LEARNT || Number.isFinite(e.due))
    && (Number.isInteger(e.seed) || typeof e.id === "string");
}

// {data, ok}: ok is false when the browser does not let the site keep anything (storage
// blocked, as some private modes do); data is then empty.
export function read() {
  let text;
  try {
    text = window.localStorage.getItem(STORE);
  } catch {
    return { data: { kinds: {}, mistakes: {} }, ok: false };
  }
  let data;
  try { data = JSON.parse(text || "{}"); } catch { data = {}; }
  if (!data || typeof data !== "object" || Array.isArray(data)) data = {};
  if (!data.kinds || typeof data.kinds !== "object") data.kinds = {};
  const mistakes = data.mistakes && typeof data.mistakes === "object" ? data.mistakes : {};
  data.mistakes = Object.fromEntries(Object.entries(mistakes).filter(([, e]) => validEntry(e)));
  return { data, ok: true };
}

// Whether it was kept (false: storage blocked or full).
export function write(data) {
  try {
    window.localStorage.setItem(STORE, JSON.stringify(data));
    return true;
  } catch {
    return false;
  }
}

// --- progress per kind -------------------------------------------------------------------------
export const PROGRESS_EVENT = "cardsite:progress";

function announce(kind) {
  if (typeof window.dispatchEvent === "function" && typeof CustomEvent === "function") {
    window.dispatchEvent(new CustomEvent(PROGRESS_EVENT, { detail: { kind } }));
  }
}

function ids(map) {
  return map && typeof map === "object" && !Array.isArray(map) ? map : {};
}

// One kind's progress, as the store holds it (missing or odd fields read as nothing yet).
function kindIn(data, kind) {
  const k = data.kinds[kind] && typeof data.kinds[kind] === "object" ? data.kinds[kind] : {};
  const count = (n) => (Number.isInteger(n) && n > 0 ? n : 0);
  data.kinds[kind] = { ...k, solved: ids(k.solved), first: ids(k.first),
    streak: count(k.streak), best: count(k.best) };
  return data.kinds[kind];
}

// {solved, first, streak, best, ok}: ok is false when the browser keeps nothing.
export function progress(kind) {
  const { data, ok } = read();
  return { ...kindIn(data, kind), ok };
}

// A puzzle solved: right at the first try (no wrong answer, no solution shown before) or not.
// Solving it again changes the streak no more; a first try right is remembered either way.
// Whether it was kept.
export function recordSolved(kind, id, firstTry) {
  const { data, ok } = read();
  const k = kindIn(data, kind);
  const fresh = !k.solved[id];
  k.solved[id] = true;
  if (firstTry) k.first[id] = true;
  if (fresh) {
    k.streak = firstTry ? k.streak + 1 : 0;
    k.best = Math.max(k.best, k.streak);
  }
  const kept = ok && write(data); // storage full or blocked: the page goes on without
  announce(kind);
  return kept;
}

// A wrong answer: the streak starts again.
export function recordMiss(kind) {
  const { data, ok } = read();
  kindIn(data, kind).streak = 0;
  const kept = ok && write(data);
  announce(kind);
  return kept;
}

// The reader's "reset my progress": with a kind, that kind's progress only; without, the whole
// store — every kind's progress and the mistakes to review.
export function resetProgress(kind) {
  let done = true;
  if (kind === undefined) {
    try { window.localStorage.removeItem(STORE); } catch { done = false; }
  } else {
    const { data, ok } = read();
    delete data.kinds[kind];
    done = ok && write(data);
  }
  announce(kind ?? null);
  return done;
}

export function mistakes() {
  const { data, ok } = read();
  return { entries: data.mistakes, ok };
}

// Record a first answer to a puzzle: {before, after, kept}. Nothing is written when nothing
// changes.
export function recordAnswer(who, right, now = Date.now()) {
  const { data, ok } = read();
  const key = keyOf(who);
  const before = data.mistakes[key];
  const after = answered(before, who, right, now);
  if (after === before) return { before, after, kept: ok };
  data.mistakes[key] = after;
  return { before, after, kept: ok && write(data) };
}

// The reader's "clear my mistakes": the schedule only; solved puzzles and streaks stay.
export function clearMistakes() {
  const { data, ok } = read();
  if (!ok) return false;
  delete data.mistakes;
  return write(data);
}

export function forget(key) {
  const { data, ok } = read();
  if (!ok) return false;
  delete data.mistakes[key];
  return write(data);
}
