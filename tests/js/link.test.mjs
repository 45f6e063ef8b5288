// The Play page's short link to a hand (assets/play/link.js), run by Node's test runner on the
// script as the build serves it (tests/js/prepare.py writes it into build/js-test first).
import { test } from "node:test";
import assert from "node:assert/strict";

const DIR = process.env.JS_TEST_DIR || new URL("../../build/js-test/", import.meta.url).pathname;
const { encodeAction, decodeAction, linkQuery, readLink, KIND_LETTER } = await import(`${DIR}/assets/play/link.js`);

// The page's list of phrases: only their order and text matter to the link.
const PHRASES = [{ text: "Cun tgei?" }, { text: "Jeu hai in bien giug" }, { text: "Tschintschar" }];
const INDEX = new Map(PHRASES.map((p, i) => [p.text, i]));

test("an action is written seat, kind letter, argument: '1 play Kc' is 1pKc", () => {
  assert.equal(encodeAction("1 play Kc", INDEX), "1pKc");
  assert.equal(encodeAction("0 scart XXI", INDEX), "0sXXI");
  assert.equal(encodeAction("3 call Kb", INDEX), "3cKb");
  assert.equal(encodeAction("2 deal 7", INDEX), "2d7");
});

test("a phrase said with an action adds '*' and its index in the page's list", () => {
  assert.equal(encodeAction({ action: "2 play Fool", say: "Tschintschar" }, INDEX), "2pFool*2");
  assert.equal(encodeAction({ action: "0 play I", say: "Cun tgei?" }, INDEX), "0pI*0");
});

test("every kind of action has its own letter, and each letter reads back as its kind", () => {
  const letters = Object.values(KIND_LETTER);
  assert.equal(new Set(letters).size, letters.length);
  for (const [kind, letter] of Object.entries(KIND_LETTER)) {
    assert.equal(decodeAction(`1${letter}X`, PHRASES), `1 ${kind} X`);
  }
});

test("an action written and read again is the same action, with or without its phrase", () => {
  for (const a of ["0 play XXI", "3 takeback 12", { action: "1 talk trull", say: "Jeu hai in bien giug" }]) {
    assert.deepEqual(decodeAction(encodeAction(a, INDEX), PHRASES), a);
  }
});

test("an action the link cannot read is handed on as written, for the engine to refuse", () => {
  for (const s of ["", "p", "xpKc", "1PKc", "1p", "1pKc*"]) assert.equal(decodeAction(s, PHRASES), s);
  // An unknown letter is not guessed at: the engine names the kind it does not know.
  assert.equal(decodeAction("1zKc", PHRASES), "1 z Kc");
  // A phrase index past the list is dropped, the action kept.
  assert.equal(decodeAction("1pKc*9", PHRASES), "1 play Kc");
});

const RECORD = {
  players: 4, seed: 1234, dealer: 2, totals: [0, 0],
  actions: ["3 play XXI", { action: "0 play Kc", say: "Cun tgei?" }, "1 play 6c"],
};

test("a link to a hand carries players, seed, dealer, seat and the actions joined by '~'", () => {
  const q = new URLSearchParams(linkQuery(RECORD, 1, {}, INDEX));
  assert.deepEqual(Object.fromEntries(q), { n: "4", seed: "1234", d: "2", you: "1", a: "3pXXI~0pKc*0~1p6c" });
});

test("rule options and running totals ride along only when there are any", () => {
  const q = new URLSearchParams(linkQuery({ ...RECORD, totals: [15, -15] }, 0, { fool_point: true }, INDEX));
  assert.equal(q.get("rules"), '{"fool_point":true}');
  assert.equal(q.get("totals"), "15,-15");
});

test("a link read back gives the hand that was linked", () => {
  const rules = { fool_point: true };
  const link = readLink(new URLSearchParams(linkQuery({ ...RECORD, totals: [3, -3] }, 3, rules, INDEX)), PHRASES);
  assert.deepEqual(link, {
    players: 4, seat: 3, rules, dealer: 2, seed: 1234, totals: [3, -3], actions: RECORD.actions,
  });
});

test("a link without a seed, or with a seed that is not a whole number, opens no hand", () => {
  for (const search of ["", "?n=4&a=1pKc", "?seed=", "?seed=-5", "?seed=1.5", "?seed=%C2%B2", "?seed=12a"]) {
    assert.equal(readLink(new URLSearchParams(search), PHRASES), null, search);
  }
});

test("a link's missing fields read as the defaults: 4 players, dealer 0, seat 0, no rules", () => {
  assert.deepEqual(readLink(new URLSearchParams("?seed=7&rules=%7Bnot-json"), PHRASES), {
    players: 4, seat: 0, rules: {}, dealer: 0, seed: 7, totals: null, actions: [],
  });
});

// A game whose talk is signals, recorded by their id (the page's list: {say, text, meaning}).
const SIGNALS = [{ say: "close-one-eye", text: "close one eye" }, { say: "pout-your-lips", text: "pout your lips" },
  { say: "tip-of-the-tongue", text: "show the tip of your tongue" }];
const SIGNAL_INDEX = new Map(SIGNALS.map((p, i) => [p.say, i]));

test("a record of bets, answers, a card with a raise, the cut, the 11, the redeal and signals round-trips", () => {
  const record = {
    players: 4, seed: 5, dealer: 3, totals: [11, 4],
    actions: ["2 cut tap", "3 deal three", "0 eleven play", "1 redeal propose", "2 redeal agree",
      { action: "0 play 5b", say: "pout-your-lips" }, { action: "1 bet truc", say: "close-one-eye" },
      "2 answer accept", "3 playbet 2b", "0 bet 7", "1 bet remainder", "2 answer fold", "3 cut cut"],
  };
  const q = linkQuery(record, 0, { betting: "french" }, SIGNAL_INDEX);
  assert.match(new URLSearchParams(q).get("a"), /^2utap~3dthree~0nplay~1rpropose~2ragree~0p5b\*1~1etruc\*0~2aaccept~3y2b~0e7~1eremainder~2afold~3ucut$/);
  const link = readLink(new URLSearchParams(q), SIGNALS);
  assert.deepEqual(link.actions, record.actions);
  assert.deepEqual(link.rules, { betting: "french" });
  assert.deepEqual(link.totals, [11, 4]);
});
