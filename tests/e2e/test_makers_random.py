"""The makers the families' description adds to the library (random nonograms, Hungry
Cat, Link-a-Pix and Numberlink puzzles of a grade, a nonogram and a Hungry Cat puzzle from a picture), made and opened
in the browser."""
import re

import pytest

from helpers import open_app, png, wait_ready

pytestmark = pytest.mark.browser


def set_fields(page, form, values):
    for name, value in values.items():
        field = f"#{form}-{name}"
        if page.eval_on_selector(field, "el => el.tagName") == "SELECT":
            page.select_option(field, str(value))
        else:
            page.fill(field, str(value))


def make(page, form, values):
    set_fields(page, form, values)
    page.click(f"#{form}-go")
    page.wait_for_function("app.state().puzzle && !document.getElementById('play').hidden", timeout=120_000)
    return page.evaluate("app.state().puzzle")


RANDOM = [
    ("make-nonogram-random", {"width": 10, "height": 8, "colours": 1, "grade": 2, "seed": 5}),
    ("make-nonogram-random", {"width": 8, "height": 8, "colours": 3, "grade": 1, "seed": 2}),
    ("make-hungrycat-random", {"width": 8, "height": 6, "colours": 3, "grade": 1, "seed": 4}),
    ("make-hungrycat-random", {"width": 8, "height": 8, "colours": 3, "grade": 5, "seed": 2}),
    ("make-linkapix-random", {"width": 10, "height": 8, "colours": 2, "seed": 3}),   # (grade 0: as it comes)
    ("make-linkapix-random", {"width": 12, "height": 10, "colours": 2, "grade": 2, "seed": 1}),
    ("make-numberlink-random", {"width": 8, "height": 8, "grade": 3, "seed": 1}),
]


def test_a_random_puzzle_of_a_grade_is_made_again_from_its_number(context, server):
    page = open_app(context, server.url)
    wait_ready(page)
    for form, values in RANDOM:
        page.click("#home-link")
        made_as_in_cpython(page, form, values)


def form_values(page, form):
    """What a maker's form holds, as its request sends it (numbers as numbers)."""
    pairs = page.eval_on_selector_all(f"#{form} [id^='{form}-']:is(input, select)",
                                      "els => els.map(el => [el.id, el.value])")
    return {key[len(form) + 1:]: int(v) if re.fullmatch(r"-?[0-9]+", v) else v for key, v in pairs}


def made_as_in_cpython(page, form, values):
    """Made in the browser, unique there, and the very puzzle CPython makes of the same
    values: the number makes it again anywhere (the same number twice in the browser
    took as long again, for less)."""
    from pysolver import webapi
    made = make(page, form, values)
    assert (made["width"], made["height"]) == (values["width"], values["height"])
    assert made["grade"] == (values.get("grade") or made["grade"]) and 1 <= made["grade"] <= 5
    res = page.evaluate("app.solve({unique: true})")
    assert res["status"] == "solved" and res["unique"] is True
    _, type_, maker = form.split("-")
    args = {"type": type_, "maker": maker, **form_values(page, form)}
    assert webapi._make(args)["puzzle"] == made


def test_a_numberlink_board_with_few_pairs_is_joined_down_and_unique(context, server):
    """9 pairs on 10x10, below what the generator's tries come out with: the joins."""
    page = open_app(context, server.url)
    wait_ready(page)
    values = {"width": 10, "height": 10, "grade": 0, "pairs": 9, "seed": 0}
    board = make(page, "make-numberlink-random", values)
    assert len(board["endpoints"]) == 18
    res = page.evaluate("app.solve({unique: true})")
    assert res["status"] == "solved" and res["unique"] is True
    from pysolver import webapi
    args = {"type": "numberlink", "maker": "random", **form_values(page, "make-numberlink-random")}
    assert webapi._make(args)["puzzle"] == board


def test_grades_the_size_cannot_have_are_greyed_out_and_refused_with_the_reason(context, server):
    page = open_app(context, server.url)
    wait_ready(page)
    form = "make-numberlink-random"
    set_fields(page, form, {"width": 15, "height": 15, "grade": 5, "seed": 0})
    options = f"#{form}-grade option"
    page.wait_for_function(f"[...document.querySelectorAll('{options}')].every(o => !o.disabled)", timeout=60_000)
    set_fields(page, form, {"width": 5, "height": 5})
    # 25 cells: grades 1 and 2 only (the maker's check, asked of the worker)
    page.wait_for_function(f"document.querySelector('{options}[value=\"4\"]').disabled", timeout=60_000)
    labels = page.eval_on_selector_all(options, "os => os.map(o => [o.value, o.disabled, o.textContent])")
    assert [v for v, off, _ in labels if off] == ["3", "4"]           # (5, chosen, stays selectable)
    assert all(("not at this size" in text) == (v in "345") for v, _, text in labels)
    status = page.locator(f"#{form}-status")
    assert "grade 5 needs 225" in status.text_content()
    page.click(f"#{form}-go")
    assert "grade 5 needs 225" in status.text_content() and page.locator("#play").is_hidden()
    page.select_option(f"#{form}-grade", "2")
    page.wait_for_function(f"document.querySelector('{options}[value=\"5\"]').disabled", timeout=60_000)
    assert "needs" not in status.text_content()
    # a size out of the field's range is said as such (not answered for the nearest size)
    set_fields(page, form, {"height": 500})
    page.wait_for_function(f"document.querySelector('#{form}-status').textContent.startsWith('Height: ')")
    assert re.fullmatch(r"Height: \d+ to \d+ \(not 500\)\.", status.text_content())
    page.click(f"#{form}-go")
    assert status.text_content().startswith("Height: ") and page.locator("#play").is_hidden()


def ring(x, y):
    return (20, 20, 20) if (x - 15) ** 2 + (y - 15) ** 2 < 100 or abs(x - y) < 2 else (250, 250, 250)


def two_colour_ring(x, y):
    return (200, 30, 30) if (x - 15) ** 2 + (y - 15) ** 2 < 100 else (30, 30, 200) if abs(x - y) < 3 \
        else (250, 250, 250)


def disc_and_bar(x, y):
    return (20, 20, 20) if (x - 10) ** 2 + (y - 10) ** 2 < 50 or abs(x - y - 5) < 2 else (240, 240, 240)


@pytest.mark.parametrize("family,picture,values", [
    ("nonogram", ring, {"width": 15, "colours": 1, "seed": 1}),
    ("hungrycat", two_colour_ring, {"width": 12, "colours": 3, "seed": 1}),
    # (30 across in two colours: the counts have several solutions, so cells change)
    ("hungrycat", disc_and_bar, {"width": 30, "colours": 2, "seed": 1}),
])
def test_a_puzzle_from_a_picture(context, server, family, picture, values):
    page = open_app(context, server.url)
    wait_ready(page)
    form = f"make-{family}-picture"
    page.set_input_files(f"#{form}-image",
                         files=[{"name": "ring.png", "mimeType": "image/png", "buffer": png(30, 30, picture)}])
    p = make(page, form, values)
    assert p["type"] == family and p["width"] == values["width"] and p["title"] == "ring"
    status = page.locator(f"#{form}-status").text_content()
    assert "unique" in status
    # what the repair changed: counted on the play page, ringed in the picture made
    made = page.locator(f"#{form}-made")
    changed = re.search(r"; (\d+) cells? changed to make it so, ringed in the picture made\.$", status)
    if changed:
        n = changed.group(1)
        assert page.locator("#message").text_content().startswith(f"{n} cell")
        assert made.get_attribute("aria-label") == f"The picture made, the {n} changed cell{'s' * (n != '1')} ringed"
    else:
        assert status.endswith(", no cell changed.") and made.get_attribute("aria-label") == "The picture made, no cell changed"
    assert (family, values["width"]) != ("hungrycat", 30) or changed, "two colours 30 across: cells change"
    res = page.evaluate("app.solve({unique: true})")
    assert res["status"] == "solved" and res["unique"] is True
    page.go_back()
    page.wait_for_function(f"!document.getElementById('{form}-made').hidden")
    width = made.evaluate("c => c.width")
    assert width == values["width"] * min(12, max(3, 180 // values["width"]))


def grey_square_and_disc(x, y):
    # a black disc and a mid-grey square (lightness 50 %) on white
    return (20, 20, 20) if (x - 9) ** 2 + (y - 9) ** 2 < 30 else (128, 128, 128) if 16 <= x < 26 and 16 <= y < 26 \
        else (250, 250, 250)


def test_a_picture_is_previewed_before_make_and_made_as_shown(context, server):
    """The picture as the maker starts from it shows as soon as it is chosen, and again
    after each change (here the threshold: at 30 % of white the grey square is not
    filled, at 60 % it is); a blank number is given one, which Make uses."""
    page = open_app(context, server.url)
    wait_ready(page)
    form = "make-nonogram-picture"
    status, made = page.locator(f"#{form}-status"), page.locator(f"#{form}-made")
    set_fields(page, form, {"width": 15, "colours": 1, "threshold": 30})
    page.set_input_files(f"#{form}-image",
                         files=[{"name": "shapes.png", "mimeType": "image/png", "buffer": png(30, 30, grey_square_and_disc)}])
    page.wait_for_function(f"document.getElementById('{form}-status').textContent.startsWith('Preview')")
    assert status.text_content() == "Preview: 15×15 cells in 1 colour. Make puzzle starts from this picture."
    assert made.is_visible() and made.get_attribute("aria-label") == "Preview: 15×15 cells in 1 colour, before Make"
    dark = """c => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0;
                     for (let i = 0; i < d.length; i += 4) n += d[i] < 100; return n; }"""
    light = made.evaluate(dark)
    page.evaluate(f"document.getElementById('{form}-made').hidden = true")
    set_fields(page, form, {"threshold": 60})
    page.wait_for_function(f"!document.getElementById('{form}-made').hidden")
    # (the grey square is 5x5 of the 15x15 cells: a ninth of the picture more is dark)
    assert made.evaluate(dark) > light + made.evaluate("c => c.width * c.height") // 12
    previewed = made.evaluate("c => c.toDataURL()")
    p = make(page, form, {})
    assert p["type"] == "nonogram" and p["width"] == 15
    said = status.text_content()
    assert said.startswith("Made in ") and ", no cell changed." in said, said
    page.go_back()
    page.wait_for_function(f"!document.getElementById('{form}-made').hidden")
    assert made.evaluate("c => c.toDataURL()") == previewed


def test_a_hungry_cat_above_24x24_is_offered_in_every_grade_and_made_again(context, server):
    """Above 24x24 the maker repairs its pictures until unique (pysolver/hungrycat/large.py):
    no grade is greyed out there any more, and a grade-2 puzzle is made, unique and made
    again the same in the browser."""
    page = open_app(context, server.url)
    wait_ready(page)
    form = "make-hungrycat-random"
    values = {"width": 26, "height": 25, "colours": 3, "grade": 2, "seed": 1}
    set_fields(page, form, values)
    options = f"#{form}-grade option"
    page.wait_for_function(f"[...document.querySelectorAll('{options}')].every(o => !o.disabled)", timeout=60_000)
    made_as_in_cpython(page, form, values)
