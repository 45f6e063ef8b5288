// Firefox ESR driven for Python (tests/drivers.py) by puppeteer-core over WebDriver BiDi: no
// geckodriver, no downloaded browser. One request a line on stdin, {id, op, ...}; one answer a
// line on stdout, {id, value} or {id, error[, timeout]}.
//
//   launch                     -> the browser's version (Debian's firefox-esr, a fresh profile)
//   open {scripts}             -> a page id: a fresh browser context, each script run first in
//                                 every document of it
//   goto {page, url, timeout}, reload {page, timeout}, click {page, selector, timeout},
//   fill {page, selector, text, timeout}, eval {page, fn, arg} (fn: a function's source),
//   wait {page, fn, arg, timeout} (until fn(arg) is true), errors {page}, close {page}, quit
import readline from "node:readline";
import puppeteer from "puppeteer-core";

let browser = null;
const pages = new Map();
let next = 0;

function call(fn, arg) {
  return `(${fn})(${JSON.stringify(arg === undefined ? null : arg)})`;
}

const ops = {
  async launch() {
    browser = await puppeteer.launch({
      browser: "firefox", executablePath: process.env.FIREFOX_BIN || "/usr/bin/firefox-esr",
      headless: true,
      // Firefox fetches a page's <link rel="next"> ahead; leaving the page during that fetch
      // once made the service worker report an error that no reader would see.
      extraPrefsFirefox: { "network.prefetch-next": false },
    });
    return browser.version();
  },
  async open({ scripts }) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const seen = [];
    page.on("console", (m) => {
      if (m.type() === "error") seen.push(`console.error: ${m.text()} (${m.location().url || ""})`);
    });
    page.on("pageerror", (e) => seen.push(`uncaught: ${e && e.message ? e.message : e}`));
    for (const s of scripts || []) await page.evaluateOnNewDocument(s);
    const id = ++next;
    pages.set(id, { context, page, seen });
    return id;
  },
  async goto({ page, url, timeout }) {
    await pages.get(page).page.goto(url, { timeout });
  },
  async reload({ page, timeout }) {
    await pages.get(page).page.reload({ timeout });
  },
  async eval({ page, fn, arg }) {
    const value = await pages.get(page).page.evaluate(call(fn, arg));
    return value === undefined ? null : value;
  },
  async click({ page, selector, timeout }) {
    await pages.get(page).page.locator(selector).setTimeout(timeout).click();
  },
  async fill({ page, selector, text, timeout }) {
    await pages.get(page).page.locator(selector).setTimeout(timeout).fill(text);
  },
  async wait({ page, fn, arg, timeout }) {
    await pages.get(page).page.waitForFunction(call(fn, arg), { timeout });
  },
  async errors({ page }) {
    return pages.get(page).seen.slice();
  },
  async close({ page }) {
    const p = pages.get(page);
    pages.delete(page);
    await p.context.close();
  },
  async quit() {
    if (browser) await browser.close();
    browser = null;
  },
};

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const request = JSON.parse(line);
  let answer;
  try {
    answer = { id: request.id, value: (await ops[request.op](request)) ?? null };
  } catch (e) {
    answer = { id: request.id, error: String(e && e.message ? e.message : e),
               timeout: !!(e && e.name === "TimeoutError") };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
  if (request.op === "quit") break;
}
if (browser) await browser.close();
// stdin, still open, would keep Node waiting for more lines.
process.exit(0);
