"""The browser's Python in two parts (build_tools/pyodide_rest.py): python_stdlib.zip holds what
the start imports, python_rest.zip the rest. The engine is ready before the rest is asked for;
then the worker fetches it in the background; and a call that needs a module of it before it
has arrived gets it all the same (the worker asks for it synchronously), in Chromium."""

from __future__ import annotations

import json

from troccas import api

COUNTING = "rules/counting/"


def _rest_name(site_server) -> str:
    cfg = json.loads(site_server.dir.joinpath(COUNTING, "index.html").read_text(encoding="utf-8")
                     .split('<script id="cardsite-config" type="application/json">', 1)[1]
                     .split("</script>", 1)[0])
    assert cfg["precompiled"] and cfg["rest"] == "python_rest.zip"
    return cfg["rest"]


def test_the_engine_is_ready_while_the_rest_of_python_is_held_back_then_it_comes(
        site_server, page, wait_engine):
    rest = _rest_name(site_server)
    held = []
    page.route(f"**/{rest}", lambda route: held.append(route))  # answered when the test says
    with page.expect_request(lambda r: r.url.endswith("/" + rest)):
        page.goto(site_server.url_of(COUNTING))
        # Ready with the rest asked for and not there: the start does not wait for it.
        assert wait_engine(page) == "ready"
    page.evaluate("1")  # the route's own event, in after the request's
    assert len(held) == 1
    assert page.evaluate("(cards) => cardsite.call('count', {cards})", ["Kc", "XXI"]) == \
        json.loads(json.dumps(api.call("count", cards=["Kc", "XXI"])))
    held[0].continue_()
    # The bots' phrases live in the rest (troccas.bots.signals): answered as the engine answers.
    assert page.evaluate("() => cardsite.call('phrases', {})") == \
        json.loads(json.dumps(api.call("phrases")))
    assert page.console_errors == []


def test_a_call_that_needs_the_rest_before_it_arrived_fetches_it_then_and_answers(
        site_server, page, wait_engine):
    rest = _rest_name(site_server)
    asked: list[str] = []

    def first_fails(route):
        asked.append(route.request.url)
        # The background fetch is lost (a dropped connection); the import asks again itself.
        route.abort() if len(asked) == 1 else route.continue_()

    page.route(f"**/{rest}", first_fails)
    page.goto(site_server.url_of(COUNTING))
    assert wait_engine(page) == "ready"
    assert page.evaluate("() => cardsite.call('phrases', {})") == \
        json.loads(json.dumps(api.call("phrases")))
    assert len(asked) == 2, asked
    # The page reports nothing: the lost fetch was the worker's own, and it asked again.
    assert page.console_errors == []
