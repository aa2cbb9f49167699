"""Colour names in the app (web/js/families/colournames.js) are the names pysolver's
messages use (pysolver/colournames.player_names), so "Paint red" on a button and
"red" in a hint name the same colour."""
from pathlib import Path

import pytest

from helpers import open_app, open_puzzle, unsolved
from pysolver.colournames import BY_HEX, player_names

FIX = Path(__file__).resolve().parents[1] / "fixtures"
pytestmark = pytest.mark.browser

NAMES = """async (palettes) => {
  const { colourNames } = await import(new URL("js/families/colournames.js", location.href).href);
  return palettes.map((p) => colourNames(Object.fromEntries(p.map((hex, i) => ["k" + i, hex]))));
}"""


def test_the_app_names_every_colour_as_the_solver_does(context, server):
    palettes = [[hex_] for hex_ in BY_HEX]                        # every named colour alone
    levels = range(0, 256, 17)                                    # and 4,096 others, named by hue
    palettes += [["#%02x%02x%02x" % (r, g, b)] for r in levels for g in levels for b in levels]
    palettes += [["#ff0000", "#123456", "#0000FF"],                # one named by hue, upper case
                 ["#808080", "#808080", "#000000"],                # a name two colours share
                 ["#a9a9a9", "#ffdbac", "#fffdd0", "#708090"]]
    page = open_app(context, server.url)
    got = page.evaluate(NAMES, palettes)
    want = [player_names(p) for p in palettes]
    assert [[names["k%d" % i] for i in range(len(p))] for p, names in zip(palettes, got)] == want
    assert want[-3] == ["red", "dark blue", "blue"] and want[-2][:2] == ["colour 1", "colour 2"]


def test_paint_buttons_say_the_colour_hints_name(context, server):
    data = unsolved(FIX / "hungrycat" / "small-8x6.json")
    page = open_puzzle(context, server, data)
    keys = list(data["palette"])
    want = player_names([data["palette"][k] for k in keys])
    labels = [page.locator("#family-tools button").nth(i).get_attribute("aria-label")
              or page.locator("#family-tools button").nth(i).get_attribute("title")
              for i in range(len(keys))]
    assert labels == ["Paint " + n for n in want]


def test_colours_whose_names_clash_are_numbered_on_their_buttons_as_messages_number_them(context, server):
    # Two reds in one palette: messages say "colour 1" and "colour 2", so the player
    # must be able to tell which button is which.
    data = unsolved(Path(__file__).resolve().parents[2] / "static" / "puzzles" / "nonogram-boat.json")
    data["palette"]["k"] = "#b30101"                                # a second red beside #d0312d
    page = open_puzzle(context, server, data)
    names = player_names(list(data["palette"].values()))
    buttons = page.locator("#family-tools button")
    marks = [buttons.nth(i).text_content() for i in range(buttons.count())]
    # (after the colours, the cross tool)
    assert marks == [n.split()[1] if n.startswith("colour ") else "" for n in names] + ["×"]
    assert marks == ["1", "2", "", "×"]
