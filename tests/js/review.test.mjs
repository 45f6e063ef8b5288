// The review schedule and the one store of a reader's puzzle progress (assets/puzzles/review.js:
// the Leitner boxes, the mistakes to review, progress and streaks per kind), run by Node's test
// runner on the script as the build serves it (tests/js/prepare.py). The browser's
// window.localStorage is a Storage kept in memory here, with the Web Storage interface the
// script uses (getItem, setItem, removeItem); a Storage that throws stands for a browser that
// keeps nothing (private modes) or is full.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";

// The reader's calendar: days start at local midnight, across daylight saving time.
process.env.TZ = "Europe/Zurich";

class MemoryStorage {
  #items = new Map();
  getItem(key) { return this.#items.has(key) ? this.#items.get(key) : null; }
  setItem(key, value) { this.#items.set(String(key), String(value)); }
  removeItem(key) { this.#items.delete(key); }
}
class BlockedStorage {
  getItem() { throw new DOMException("The operation is insecure.", "SecurityError"); }
  setItem() { throw new DOMException("The operation is insecure.", "SecurityError"); }
  removeItem() { throw new DOMException("The operation is insecure.", "SecurityError"); }
}
class FullStorage extends MemoryStorage {
  setItem() { throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); }
}

const win = new EventTarget();
globalThis.window = win;
const events = [];
win.addEventListener("cardsite:progress", (e) => events.push(e.detail.kind));
beforeEach(() => {
  win.localStorage = new MemoryStorage();
  events.length = 0;
});

const DIR = process.env.JS_TEST_DIR || new URL("../../build/js-test/", import.meta.url).pathname;
const review = await import(`${DIR}/assets/puzzles/review.js`);

// Local times in Zurich, written as UTC instants (CET = UTC+1, CEST = UTC+2).
const at = (iso) => Date.parse(iso);
const WHO = { kind: "winner", id: "w3", page: "puzzles/winner/", title: "Who wins?", from: "Winner" };
const PRACTICE = { kind: "count", seed: 17, page: "puzzles/count/", title: "Count", from: "Counting" };

// --- the schedule --------------------------------------------------------------------------------
test("a day starts at local midnight, also on the day the clocks go forward", () => {
  // Saturday 29 March 2025, 21:00 in Zurich (CET); the clocks go forward that night.
  const evening = at("2025-03-29T20:00:00Z");
  assert.equal(review.dayStart(evening), at("2025-03-28T23:00:00Z"));
  assert.equal(review.dayStart(evening, 1), at("2025-03-29T23:00:00Z")); // Sunday 00:00 CET
  assert.equal(review.dayStart(evening, 2), at("2025-03-30T22:00:00Z")); // Monday 00:00 CEST
});

test("a wrong first answer puts a puzzle in box 1, due the next morning", () => {
  const now = at("2025-05-06T19:30:00Z"); // Tuesday 21:30 CEST
  const e = review.answered(undefined, WHO, false, now);
  assert.deepEqual(e, { ...WHO, box: 1, due: at("2025-05-06T22:00:00Z"), missed: now });
  assert.ok(!review.isDue(e, now));
  assert.ok(review.isDue(e, at("2025-05-06T22:00:00Z")));
});

test("a right answer while due moves a puzzle up a box: due 3, 7 and 21 days later, then learnt", () => {
  assert.deepEqual([...review.BOX_DAYS], [1, 3, 7, 21]);
  let now = at("2025-01-10T10:00:00Z");
  let e = review.answered(undefined, WHO, false, now);
  const dues = [];
  while (!review.isLearnt(e)) {
    now = e.due + 3_600_000; // an hour after it became due
    e = review.answered(e, WHO, true, now);
    dues.push(e.due === null ? null : new Date(e.due).toISOString());
  }
  // Box 2 from 11 Jan: 14 Jan; box 3 from 14 Jan: 21 Jan; box 4 from 21 Jan: 11 Feb; then learnt.
  assert.deepEqual(dues, ["2025-01-13T23:00:00.000Z", "2025-01-20T23:00:00.000Z",
    "2025-02-10T23:00:00.000Z", null]);
  assert.equal(e.box, review.LEARNT);
});

test("a right answer before a puzzle is due changes nothing; a wrong one puts it back in box 1", () => {
  const now = at("2025-01-10T10:00:00Z");
  const box3 = { ...WHO, box: 3, due: at("2025-01-20T23:00:00Z"), missed: now };
  assert.equal(review.answered(box3, WHO, true, now), box3);
  const again = review.answered(box3, WHO, false, now);
  assert.equal(again.box, 1);
  assert.equal(again.due, at("2025-01-10T23:00:00Z"));
  // A puzzle never missed and answered right has nothing to be scheduled.
  assert.equal(review.answered(undefined, WHO, true, now), undefined);
});

test("the lists: due (longest waiting first), later (soonest first), learnt (latest miss first)", () => {
  const now = at("2025-01-10T10:00:00Z");
  const entries = {
    a: { box: 1, due: now - 5, missed: 1 }, b: { box: 2, due: now - 50, missed: 2 },
    c: { box: 3, due: now + 90, missed: 3 }, d: { box: 1, due: now + 10, missed: 4 },
    e: { box: 5, due: null, missed: 5 }, f: { box: 5, due: null, missed: 6 },
  };
  const s = review.sorted(entries, now);
  assert.deepEqual(s.due.map((x) => x.key), ["b", "a"]);
  assert.deepEqual(s.later.map((x) => x.key), ["d", "c"]);
  assert.deepEqual(s.learnt.map((x) => x.key), ["f", "e"]);
  assert.equal(review.dueCount(entries, now), 2);
});

test("one key per puzzle: an authored one by page and id, a practice one by kind and seed", () => {
  assert.equal(review.keyOf(WHO), "puzzles/winner/#w3");
  assert.equal(review.keyOf(PRACTICE), "seed:count:17");
});

test("when a puzzle comes back, in words: today, tomorrow, in n days on a date", () => {
  const now = at("2025-01-10T10:00:00Z"); // Friday
  assert.equal(review.whenText(now, now), "today");
  assert.equal(review.whenText(at("2025-01-10T23:00:00Z"), now), "tomorrow");
  assert.equal(review.whenText(at("2025-01-12T23:00:00Z"), now), "in 3 days, on Monday 13 January");
});

test("what an answer did to the schedule is said to the reader", () => {
  const now = at("2025-01-10T10:00:00Z");
  const missed = review.answered(undefined, WHO, false, now);
  assert.equal(review.changeText(undefined, missed, now), "It comes back for review tomorrow.");
  const up = review.answered({ ...missed, due: now }, WHO, true, now);
  assert.equal(review.changeText(missed, up, now), "Well remembered: it comes back in 3 days, on Monday 13 January (review 2 of 4).");
  const back = review.answered(up, WHO, false, now);
  assert.equal(review.changeText(up, back, now), "Its reviews start again: it comes back tomorrow.");
  const learnt = review.answered({ ...WHO, box: 4, due: now, missed: 1 }, WHO, true, now);
  assert.equal(review.changeText(undefined, learnt, now), "Well remembered: this puzzle is learnt and does not come back.");
  assert.equal(review.changeText(up, up, now), null);
});

// --- the store -----------------------------------------------------------------------------------
test("a first answer is kept in the store under its key, and read back", () => {
  const now = at("2025-01-10T10:00:00Z");
  const r = review.recordAnswer(PRACTICE, false, now);
  assert.equal(r.kept, true);
  assert.equal(r.before, undefined);
  const stored = JSON.parse(win.localStorage.getItem(review.STORE));
  assert.deepEqual(stored.mistakes, { "seed:count:17": r.after });
  assert.deepEqual(review.mistakes(), { entries: { "seed:count:17": r.after }, ok: true });
});

test("whatever else the browser holds under the key is read as empty or left out, never an error", () => {
  for (const text of ["not json", "[1,2]", "null", "42", '{"kinds": 3, "mistakes": []}']) {
    win.localStorage.setItem(review.STORE, text);
    assert.deepEqual(review.read(), { data: { kinds: {}, mistakes: {} }, ok: true }, text);
  }
  const good = { kind: "winner", id: "w1", page: "p/", box: 2, due: 5, missed: 1 };
  win.localStorage.setItem(review.STORE, JSON.stringify({ mistakes: {
    good, noBox: { ...good, box: 0 }, late: { ...good, box: 6 }, noPage: { ...good, page: 3 },
    noDue: { ...good, due: null }, noId: { kind: "winner", page: "p/", box: 1, due: 1, missed: 1 },
  }, extra: "kept" }));
  const { data } = review.read();
  assert.deepEqual(Object.keys(data.mistakes), ["good"]);
  assert.equal(data.extra, "kept"); // a later version's fields survive an older reader
});

test("progress per kind: solved puzzles, first tries, the streak and the best streak", () => {
  review.recordSolved("winner", "w1", true);
  review.recordSolved("winner", "w2", true);
  review.recordSolved("winner", "w2", false); // solved again: the streak is not counted twice
  assert.deepEqual(review.progress("winner"),
    { solved: { w1: true, w2: true }, first: { w1: true, w2: true }, streak: 2, best: 2, ok: true });
  review.recordMiss("winner");
  review.recordSolved("winner", "w3", false);
  assert.deepEqual(review.progress("winner"),
    { solved: { w1: true, w2: true, w3: true }, first: { w1: true, w2: true }, streak: 0, best: 2, ok: true });
  assert.deepEqual(events, ["winner", "winner", "winner", "winner", "winner"]);
  // Other kinds are apart.
  assert.deepEqual(review.progress("count"), { solved: {}, first: {}, streak: 0, best: 0, ok: true });
});

test("resetting one kind keeps the others and the mistakes; resetting all empties the store", () => {
  review.recordSolved("winner", "w1", true);
  review.recordSolved("count", "seed-3", true);
  review.recordAnswer(WHO, false, at("2025-01-10T10:00:00Z"));
  assert.equal(review.resetProgress("winner"), true);
  assert.deepEqual(Object.keys(review.read().data.kinds), ["count"]);
  assert.equal(Object.keys(review.mistakes().entries).length, 1);
  assert.equal(review.clearMistakes(), true);
  assert.deepEqual(review.mistakes().entries, {});
  assert.equal(review.progress("count").streak, 1); // solved puzzles and streaks stay
  assert.equal(review.resetProgress(), true);
  assert.equal(win.localStorage.getItem(review.STORE), null);
  assert.equal(events.at(-1), null);
});

test("forgetting a mistake removes that one entry only", () => {
  const now = at("2025-01-10T10:00:00Z");
  review.recordAnswer(WHO, false, now);
  review.recordAnswer(PRACTICE, false, now);
  assert.equal(review.forget("puzzles/winner/#w3"), true);
  assert.deepEqual(Object.keys(review.mistakes().entries), ["seed:count:17"]);
});

test("a browser that keeps nothing: every call answers, says it kept nothing, and throws nothing", () => {
  win.localStorage = new BlockedStorage();
  assert.deepEqual(review.read(), { data: { kinds: {}, mistakes: {} }, ok: false });
  assert.equal(review.recordSolved("winner", "w1", true), false);
  assert.equal(review.recordMiss("winner"), false);
  assert.equal(review.progress("winner").ok, false);
  assert.equal(review.recordAnswer(WHO, false, 0).kept, false);
  assert.equal(review.clearMistakes(), false);
  assert.equal(review.forget("x"), false);
  assert.equal(review.resetProgress(), false);
  assert.equal(review.resetProgress("winner"), false);
});

test("a full store: the answer still counts on the page, and the call says it was not kept", () => {
  win.localStorage = new FullStorage();
  assert.equal(review.recordSolved("winner", "w1", true), false);
  const r = review.recordAnswer(WHO, false, at("2025-01-10T10:00:00Z"));
  assert.equal(r.kept, false);
  assert.equal(r.after.box, 1);
});
