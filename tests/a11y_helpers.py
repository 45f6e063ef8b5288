"""axe-core in Playwright pages: run the WCAG 2.1 A/AA rules and describe violations readably.

Used by tests/test_a11y_*.py. axe-core comes from npm (pinned in package.json, installed by
`make setup`'s `npm ci`) and is injected into the page under test from node_modules/.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import urlsplit

from conftest import ROOT_GAME, built_site

ROOT = Path(__file__).resolve().parent.parent
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def site_dir() -> Path:
    return built_site(ROOT_GAME)


def sitemap_paths(edition: str = "") -> list[str]:
    """Every page of the built site as a path ("", "rules/counting/"), read at collection time;
    with ``edition`` ("de"), the pages of the edition built into that folder ("de/rules/")."""
    sitemap = site_dir() / edition / "sitemap.xml"
    if not sitemap.is_file() or not (site_dir() / "sitemap.xml").is_file():
        return []
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}

    def paths(xml: Path) -> list[str]:
        return [urlsplit(loc.text.strip()).path
                for loc in ET.parse(xml).getroot().findall("s:url/s:loc", ns)]
    # From the site's own root, whatever path it was built for (make test: /sub/path/).
    root = min(paths(site_dir() / "sitemap.xml"), key=len)
    return [p[len(root):] for p in paths(sitemap)]


def inject_axe(page) -> None:
    if not AXE_JS.is_file():
        raise AssertionError(f"{AXE_JS} is missing: run `make setup` (npm ci installs axe-core)")
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE_JS))


def run_axe(page, include: str | None = None) -> list[dict]:
    """Run axe's WCAG 2.1 A and AA rules on the page (or on the elements matching `include`);
    return its violations."""
    inject_axe(page)
    return page.evaluate(
        """async ([include, tags]) => {
            // Audit what the reader sees once it settles: a colour caught halfway through a
            // hover transition or a fade-in is not the page's colour.
            const finite = document.getAnimations().filter(
                a => a.effect && a.effect.getComputedTiming().endTime !== Infinity);
            await Promise.race([
                Promise.all(finite.map(a => a.finished.catch(() => {}))),
                new Promise(r => setTimeout(r, 3000))]);
            // ...and once the page's idle-time work (overrides/main.html) has run.
            await new Promise(r => window.requestIdleCallback
                ? requestIdleCallback(() => r(), {timeout: 2000}) : setTimeout(r, 300));
            const ctx = include ? {include: [[include]]} : document;
            const res = await axe.run(ctx, {runOnly: {type: 'tag', values: tags},
                                            resultTypes: ['violations']});
            return res.violations.map(v => ({
                id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
                nodes: v.nodes.map(n => ({target: n.target.map(t => Array.isArray(t) ? t.join(' >>> ') : t),
                                          html: n.html, summary: n.failureSummary}))}));
        }""",
        [include, WCAG_TAGS])


def describe(violations: list[dict], where: str, max_nodes: int = 6) -> str:
    """A failure message naming the page, each rule and each element (selector and HTML)."""
    lines = [f"axe-core: {sum(len(v['nodes']) for v in violations)} WCAG 2.1 A/AA violation(s) "
             f"of {len(violations)} rule(s) on {where}"]
    for v in violations:
        lines.append(f"- rule {v['id']} ({v['impact']}): {v['help']}  [{v['helpUrl']}]")
        for n in v["nodes"][:max_nodes]:
            html = " ".join(n["html"].split())
            html = html if len(html) <= 220 else html[:217] + "..."
            summary = " ".join((n["summary"] or "").split())
            summary = summary if len(summary) <= 300 else summary[:297] + "..."
            lines.append(f"    element {', '.join(n['target'])}\n      html: {html}\n      why: {summary}")
        if len(v["nodes"]) > max_nodes:
            lines.append(f"    ... and {len(v['nodes']) - max_nodes} more element(s)")
    return "\n".join(lines)


def assert_no_violations(page, where: str, include: str | None = None) -> None:
    violations = run_axe(page, include)
    if violations:
        raise AssertionError(describe(violations, where))
