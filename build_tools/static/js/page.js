// What the site's page scripts share (the Play page, a game's own widgets): a call
// to the reader's own Python through the page-side engine API (cardsite.js), and a small way to
// build elements. A module of the generator's, served as assets/js/page.js in every site.

export function engine(name, args) {
  if (!window.cardsite) return Promise.reject(new Error("the page's engine script has not loaded"));
  return window.cardsite.call(name, args);
}

// el("button", {class, text, onclick, "data-x": true}, ...children): null, undefined and false
// attributes are left out, true is an empty attribute, on* are listeners.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

export const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

// A word of the site in the page's language: WORDS is the script's own area of
// build_tools/messages/<language>/, written into it by the build (build_tools/words.py);
// {field}s are filled from params, and a {one, other} entry is chosen by params.n.
export const say = /* say */ null;
