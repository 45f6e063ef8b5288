// The guided first hand (issue 29): one fixed hand, shown one step of the reader's at a time.
// Served as assets/play/guided.js (build_tools/parts/play.py, <!-- play-guided -->).
//
// Every step is the engine's, computed at build time (its call "guided"): the card or call to
// make, the sentence of why (with its rule clause), what the bots did next and the count at the
// end. Nothing here decides a rule or names a card but by the engine's data: the page marks the
// step's card, plays it when tapped, and turns to the next step.

import { el, say } from "../js/page.js";

// The page's own words (build_tools/messages/<language>/play.yaml), written in by the build.
const WORDS = /* words: play */ {};

const siteRoot = new URL("../../", import.meta.url); // this file is assets/play/guided.js
const CONFIG = JSON.parse(document.getElementById("cardsite-config")?.textContent || "{}");
const CLAUSE_URLS = CONFIG.clauses || {};

function bindGuided(box) {
  if (box.dataset.guidedBound) return;
  box.dataset.guidedBound = "true";
  const data = JSON.parse(box.dataset.guidedData);
  const $ = (sel) => box.querySelector(sel);
  const steps = data.steps;
  const tricks = steps.filter((s) => s.card).length; // the reader plays a card to every trick
  const seat = data.seat;
  const sideOf = (p) => data.sides.findIndex((s) => s.includes(p));
  const mine = sideOf(seat);
  const name = (t) => data.names[t] || t;
  let at = 0;

  const seatName = (p) => (p === seat ? say(WORDS, "you_cap")
    : say(WORDS, sideOf(p) === mine ? "bot_partner" : "bot_opponent", { seat: p }));
  const img = (t) => el("img", { class: "cs-guided__img", src: new URL(`cards/${t}.svg`, siteRoot).href, alt: "", draggable: "false" });
  const face = (t) => el("span", { class: "cs-guided__card", role: "img", "aria-label": name(t), title: name(t) }, img(t));

  function drawTrick(plays) {
    const box2 = $("[data-guided-trick]");
    box2.replaceChildren();
    if (!plays.length) box2.append(el("p", { class: "cs-guided__empty", text: say(WORDS, "guided_lead_empty") }));
    for (const [p, t] of plays) {
      box2.append(el("figure", { class: "cs-guided__played", "data-guided-seat": p },
        face(t), el("figcaption", { text: seatName(p) })));
    }
  }

  function drawNews(lines) {
    const ul = $("[data-guided-news]");
    ul.replaceChildren(...lines.map((text) => el("li", { text })));
    ul.hidden = !lines.length;
  }

  function ruleLink(rule) {
    const url = CLAUSE_URLS[rule] || CLAUSE_URLS[rule.split(".")[0]];
    return url ? el("a", { href: new URL(url, siteRoot).href, class: "cs-guided__rule", "data-guided-rule": rule }, say(WORDS, "rule_link")) : null;
  }

  function draw() {
    const st = steps[at];
    $("[data-guided-end]").hidden = true;
    $("[data-guided-note]").textContent = "";
    $("[data-guided-step]").textContent = say(WORDS, "guided_step", { step: at + 1, steps: steps.length, trick: st.number, tricks });
    drawTrick(st.trick);
    drawNews(at ? steps[at - 1].after : []);
    const why = $("[data-guided-why]");
    why.replaceChildren(st.text, " ");
    const link = ruleLink(st.rule);
    if (link) why.append(link);
    why.dataset.guidedIdea = st.idea;
    why.dataset.guidedRuleId = st.rule;
    // A lead's reason is the coach's principle for the card (the engine names it).
    if (st.principle) why.dataset.guidedPrinciple = st.principle;
    else delete why.dataset.guidedPrinciple;
    const act = $("[data-guided-act]");
    act.replaceChildren();
    if (st.call) {
      act.append(el("button", { type: "button", class: "md-button cs-guided__callbtn", "data-guided-mark": "true",
        onclick: next }, el("span", { class: "cs-guided__badge", text: say(WORDS, "guided_call_badge") }), ` ${st.label}`));
    }
    const hand = $("[data-guided-hand]");
    hand.replaceChildren();
    for (const t of st.hand) {
      const marked = st.card === t;
      const btn = el("button", {
        type: "button", class: "cs-guided__cardbtn", "data-card": t,
        "data-guided-mark": marked ? "true" : "false",
        "aria-label": say(WORDS, marked ? "guided_marked" : "guided_dim", { card: name(t) }),
        title: say(WORDS, marked ? "guided_marked" : "guided_dim", { card: name(t) }),
        onclick: marked ? next : () => { $("[data-guided-note]").textContent = say(WORDS, "guided_play_marked"); },
      }, img(t));
      if (marked) btn.append(el("span", { class: "cs-guided__badge", "aria-hidden": "true", text: say(WORDS, "guided_mark_badge") }));
      hand.append(btn);
    }
    box.querySelector("[data-guided-mark='true']")?.focus({ preventScroll: true });
  }

  function next() {
    at += 1;
    if (at < steps.length) draw();
    else end();
  }

  function end() {
    const last = steps[steps.length - 1];
    $("[data-guided-step]").textContent = say(WORDS, "guided_last_trick", { number: last.number });
    drawTrick(last.trick_after || []);
    drawNews(last.after);
    $("[data-guided-why]").replaceChildren();
    $("[data-guided-act]").replaceChildren();
    $("[data-guided-hand]").replaceChildren();
    $("[data-guided-note]").textContent = "";
    const box2 = $("[data-guided-end]");
    box2.replaceChildren();
    box2.hidden = false;
    if (!data.counts.length) {
      // A game that counts no cards: the engine's own sentences say who won and the
      // stake counted (its guided call's "summary").
      box2.append(el("h3", { id: "cs-guided-count", tabindex: "-1", text: say(WORDS, "guided_end_heading") }),
        ...(data.summary || []).map((text) => el("p", { class: "cs-guided__summary", text })));
      box2.append(freeLinks());
      box2.querySelector("#cs-guided-count").focus();
      return;
    }
    const pairs = data.sides.length === 2;
    const sideName = (s) => (s === mine ? say(WORDS, pairs ? "your_side_cap" : "you_cap") : say(WORDS, "other_side_cap"));
    box2.append(el("h3", { id: "cs-guided-count", tabindex: "-1", text: say(WORDS, "the_count") }),
      el("p", { text: say(WORDS, "guided_count_intro") }));
    data.counts.forEach((c, s) => {
      box2.append(el("h4", { text: say(WORDS, "side_members", { side: sideName(s),
        members: data.sides[s].map((p) => (p === seat ? say(WORDS, "you_lower") : say(WORDS, "bot_lower", { seat: p }))).join(` ${say(WORDS, "and")} `) }) }));
      const ol = el("ol", { class: "cs-guided__groups" });
      for (const grp of c.groups) {
        ol.append(el("li", {}, el("span", { class: "cs-guided__groupcards" }, grp.cards.map((t) => face(t))),
          el("span", { class: "cs-guided__groupsum", text: `${grp.values.join(" + ")} = ${grp.sum}${grp.less ? say(WORDS, "group_less", { less: grp.less }) : ""} → ${grp.points}` })));
      }
      const score = data.result.scores[s];
      box2.append(ol, el("p", { class: "cs-guided__sidesum", "data-guided-points": s, "data-points": c.points,
        text: say(WORDS, "side_sum", { side: sideName(s), points: data.result.points[s], par: data.result.par[s],
          score: score > 0 ? `+${score}` : `${score}` }) }));
    });
    const how = data.result.scores[mine] > 0 ? "won" : data.result.scores[mine] === 0 ? "even" : "lost";
    const score = data.result.scores[mine];
    box2.append(el("p", { class: "cs-guided__result", text: say(WORDS, `result_side_${how}`, { score: score > 0 ? `+${score}` : `${score}` }) }),
      freeLinks());
    box2.querySelector("#cs-guided-count").focus();
  }

  function freeLinks() {
    // A guided hand to play after this one (the page's next=): offered first, free play beside it.
    const next = data.next_hand ? [el("a", { class: "md-button md-button--primary", href: data.next_hand, "data-guided-next": true }, say(WORDS, "guided_next_hand")), " "] : [];
    return el("p", {}, ...next, el("a", { class: `md-button${next.length ? "" : " md-button--primary"}`, href: data.free_play, "data-guided-free": true }, say(WORDS, "guided_free_play")),
      " ", el("button", { type: "button", class: "md-button", onclick: () => { at = 0; draw(); } }, say(WORDS, "guided_again")));
  }

  draw();
}

function bindAll(doc) {
  for (const box of doc.querySelectorAll("[data-guided]")) bindGuided(box);
}

if (window.cardsiteOnPage) window.cardsiteOnPage(bindAll);
else bindAll(document);
