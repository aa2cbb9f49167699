"""The families' description (families.json, written by the build from pysolver's
registry) is what the page shows: the same object as the worker's `families` answer,
each family's method menu, the makers' forms and the drawing maker's kinds."""
from pathlib import Path

import pytest

from helpers import hold_solver_wheel, open_app, open_puzzle, unsolved, wait_ready

pytestmark = pytest.mark.browser
LIBRARY = Path(__file__).resolve().parents[2] / "static" / "puzzles"


def served_description(page):
    return page.evaluate("fetch('families.json').then((r) => r.json())")


def test_families_json_as_served_is_the_workers_answer(context, server):
    page = wait_ready(open_app(context, server.url))
    served = served_description(page)
    assert served == page.evaluate("app.call('families', {})")
    assert served["version"] == 1 and served["families"]
    # and the service worker keeps it for offline use
    assert '"families.json"' in page.evaluate("fetch('sw.js').then((r) => r.text())")


def test_each_familys_method_menu_lists_the_descriptions_methods(context, server):
    page = open_app(context, server.url)
    description = served_description(page)
    for fam in description["families"]:
        first = sorted(LIBRARY.glob(fam["type"] + "-*.json"))[0]
        page.evaluate("(p) => app.load(p)", unsolved(first))
        options = page.evaluate("[...document.querySelectorAll('#method option')].map((o) => [o.value, o.title])")
        assert options == [[m["name"], m["about"]] for m in fam["methods"]], fam["type"]
        assert page.locator("#method").input_value() == fam["methods"][0]["name"]
        assert page.locator("#help-text").text_content().startswith(fam["rules"])
        assert page.locator("#puzzle-meta").text_content().startswith(fam["title"] + " · ")
        assert page.locator("#replay").is_visible() == fam["replay"]


def test_the_makers_forms_and_the_drawing_kinds_follow_the_description(context, server):
    page = open_app(context, server.url)
    description = served_description(page)
    forms = page.evaluate("[...document.querySelectorAll('form.maker[id^=make-]')].map((f) => f.id)")
    assert forms == [f"make-{fam['type']}-{m['name']}" for fam in description["families"]
                     for m in fam["makers"] if m["form"]]
    for fam in description["families"]:
        for maker in (m for m in fam["makers"] if m["form"]):
            form = f"#make-{fam['type']}-{maker['name']}"
            assert page.locator(form + " h2").text_content() == maker["title"]
            for param in maker["params"]:
                field = page.locator(f"{form}-{param['name']}")
                if param["kind"] in ("int", "seed") and "choices" not in param:
                    assert (field.get_attribute("min"), field.get_attribute("max")) == (str(param["min"]), str(param["max"]))
                    assert field.input_value() == str(param.get("default", ""))
                elif "choices" in param:      # a choice, or a whole number with labelled values (the grades)
                    assert field.input_value() == str(param["default"])
                    assert page.evaluate(f"[...document.querySelectorAll('{form}-{param['name']} option')].map((o) => o.text)") \
                        == [c["label"] for c in param["choices"]]
                    assert page.evaluate(f"[...document.querySelectorAll('{form}-{param['name']} option')].map((o) => o.value)") \
                        == [str(c["value"]) for c in param["choices"]]
    kinds = page.evaluate("[...document.querySelectorAll('#nono-maker-kind option')].map((o) => o.value)")
    assert sorted(kinds) == sorted(fam["type"] for fam in description["families"] if fam["drawing"])
    # the colour field's range follows the kind chosen
    for fam in (f for f in description["families"] if f["drawing"]):
        page.select_option("#nono-maker-kind", fam["type"])
        colours = page.locator("#nono-maker-colours")
        assert (colours.get_attribute("min"), colours.get_attribute("max")) == \
            (str(fam["drawing"]["min_colours"]), str(fam["drawing"]["max_colours"]))


def test_a_shared_link_draws_with_the_description_before_python_boots(context, server):
    cat = unsolved(LIBRARY / "nonogram-cat.json")
    hold_solver_wheel(context)                 # (Python surely not ready: never released)
    page = open_puzzle(context, server, cat)
    assert page.evaluate("app.solverState") != "ready"
    assert page.evaluate("[...document.querySelectorAll('#method option')].length") > 1
    assert page.evaluate("app.state().puzzle.rows") == cat["rows"]


def test_how_to_play_opens_on_the_first_puzzle_of_each_family(browser, server):
    ctx = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        page = open_app(ctx, server.url)
        nonograms = sorted(LIBRARY.glob("nonogram-*.json"))
        page.evaluate("(p) => app.load(p)", unsolved(nonograms[0]))
        assert page.locator("#help").get_attribute("open") is not None     # first nonogram here
        page.click("#help summary")                                          # the player closes it
        page.evaluate("(p) => app.load(p)", unsolved(nonograms[1]))
        assert page.locator("#help").get_attribute("open") is None           # and it stays closed
        page.evaluate("(p) => app.load(p)", unsolved(sorted(LIBRARY.glob("linkapix-*.json"))[0]))
        assert page.locator("#help").get_attribute("open") is not None     # a family new to the player
    finally:
        ctx.close()
