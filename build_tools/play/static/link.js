// The Play page's short link to a hand (issue 16): its codec, apart from the page so that Node's
// test runner can try it (tests/js/link.test.mjs). Served as assets/play/link.js beside play.js,
// which imports it. No DOM and no engine here: what an action means is the engine's to say,
// so an action the link cannot read is handed on as written and the engine refuses it.
//
// The link carries the seed and the actions; the rest of the record comes from the seed.
// An action "1 play Kc" is written "1pKc"; the talk made with it (a phrase, a signal) adds "*"
// and its index in the page's list of talk. Actions are joined by "~". Every kind of action of
// every game the page plays has its own letter: a game's kinds are the words its records use.

export const KIND_LETTER = Object.freeze(
  { play: "p", scart: "s", talk: "t", call: "c", kingjack: "k", takeback: "b", deal: "d",
    playbet: "y", bet: "e", answer: "a", cut: "u", eleven: "n", redeal: "r" });
const LETTER_KIND = Object.fromEntries(Object.entries(KIND_LETTER).map(([k, v]) => [v, k]));

// One action of a record ("1 play Kc" or {action, say}) as the link writes it; phraseIndex: a
// Map of what a record holds for each item of talk (a phrase's text, a signal's id) to its index
// in the page's list.
export function encodeAction(a, phraseIndex) {
  const text = typeof a === "string" ? a : a.action;
  const [seat, kind, arg] = text.split(" ");
  const i = typeof a === "string" ? undefined : phraseIndex.get(a.say);
  return `${seat}${KIND_LETTER[kind]}${arg}${i === undefined ? "" : `*${i}`}`;
}

// One action of a link as the record holds it; phrases: the page's list of talk ({say, text, …};
// without say, the text is what the record holds).
export function decodeAction(s, phrases) {
  const m = /^(\d+)([a-z])([^*]+)(?:\*(\d+))?$/.exec(s);
  if (!m) return s; // the engine says what is wrong with it
  const text = `${m[1]} ${LETTER_KIND[m[2]] || m[2]} ${m[3]}`;
  const phrase = m[4] !== undefined ? phrases[Number(m[4])] : null;
  return phrase ? { action: text, say: phrase.say ?? phrase.text } : text;
}

// The query string of a link to `record` as seen from `seat`, with the game's rule options.
export function linkQuery(record, seat, rules, phraseIndex) {
  const acts = record.actions.map((a) => encodeAction(a, phraseIndex));
  const q = new URLSearchParams({ n: record.players, seed: record.seed, d: record.dealer, you: seat });
  if (Object.keys(rules).length) q.set("rules", JSON.stringify(rules));
  if (record.totals && record.totals.some((t) => t)) q.set("totals", record.totals.join(","));
  q.set("a", acts.join("~"));
  return q.toString();
}

// The hand a link's query (URLSearchParams) asks for — {players, seat, rules, dealer, seed,
// totals, actions} — or null when it names no seed, or one that is not a whole number.
export function readLink(q, phrases) {
  if (!q.has("seed")) return null;
  const actions = (q.get("a") || "").split("~").filter(Boolean).map((s) => decodeAction(s, phrases));
  if (!/^\d+$/.test(q.get("seed"))) return null;
  let rules = {};
  try { rules = JSON.parse(q.get("rules") || "{}"); } catch { /* the defaults */ }
  return {
    players: Number(q.get("n") || 4),
    seat: Number(q.get("you") || 0),
    rules,
    dealer: Number(q.get("d") || 0),
    seed: Number(q.get("seed")),
    totals: q.get("totals") ? q.get("totals").split(",").map(Number) : null,
    actions,
  };
}
