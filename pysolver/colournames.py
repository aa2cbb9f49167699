"""Colour names, shared by the families: how a palette colour is named to players.

The table holds CSS/matplotlib names (the Hungry Cat seed notebook's palettes are
"brown" #a52a2a, "slategray" #708090, "lightskyblue" #87cefa...).  Simple names come
first so that a hex value maps back to the plainest name.  web/js/families/colournames.js
mirrors ``player_names`` and its table; a browser test keeps the two equal.
"""
from __future__ import annotations

NAMED = {
    "black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000",
    "blue": "#0000ff", "yellow": "#ffff00", "orange": "#ffa500", "purple": "#800080",
    "pink": "#ffc0cb", "brown": "#a52a2a", "grey": "#808080", "gray": "#808080",
    "cyan": "#00ffff", "magenta": "#ff00ff", "lime": "#00ff00", "navy": "#000080",
    "maroon": "#800000", "olive": "#808000", "teal": "#008080", "silver": "#c0c0c0",
    "gold": "#ffd700", "beige": "#f5f5dc", "tan": "#d2b48c", "violet": "#ee82ee",
    "indigo": "#4b0082", "turquoise": "#40e0d0", "salmon": "#fa8072", "khaki": "#f0e68c",
    "chocolate": "#d2691e", "coral": "#ff7f50", "crimson": "#dc143c", "lavender": "#e6e6fa",
    "skyblue": "#87ceeb", "lightblue": "#add8e6", "lightskyblue": "#87cefa",
    "darkblue": "#00008b", "darkgreen": "#006400", "lightgreen": "#90ee90",
    "darkred": "#8b0000", "darkgrey": "#a9a9a9", "darkgray": "#a9a9a9",
    "lightgrey": "#d3d3d3", "lightgray": "#d3d3d3", "slategray": "#708090",
    "slategrey": "#708090", "mediumpurple": "#9370db", "darkorange": "#ff8c00",
    "hotpink": "#ff69b4", "sienna": "#a0522d", "peru": "#cd853f", "wheat": "#f5deb3",
    "ivory": "#fffff0", "cream": "#fffdd0", "skin": "#ffdbac",
}

#: other shades players call by the same plain names: matplotlib's "tab10" colours and
#: the nonogram maker's yellow and black, the palettes of the random makers (nonograms,
#: Link-a-Pix), which were "colour 2" in messages while the board showed a plain red
SHADES = {
    "#d62728": "red", "#1f77b4": "blue", "#2ca02c": "green", "#ff7f0e": "orange", "#9467bd": "purple",
    "#8c564b": "brown", "#e377c2": "pink", "#7f7f7f": "grey", "#bcbd22": "olive", "#17becf": "cyan",
    "#e6c619": "yellow", "#222222": "black",
}

BY_HEX: dict[str, str] = {}
for _name, _hex in NAMED.items():
    BY_HEX.setdefault(_hex, _name)
for _hex, _name in SHADES.items():
    BY_HEX.setdefault(_hex, _name)


def name_of(hex_colour: str) -> str | None:
    return BY_HEX.get(hex_colour.lower())


def plain_name(hex_colour: str) -> str | None:
    """The plain name a player would give a colour the table does not hold, from its hue,
    lightness and chroma: "red" for #d0312d, "light blue" for #9fd4f5, "brown" for
    #8b5a2b.  Hue rather than the nearest table value: by RGB distance olive green
    #556b2f is nearest brown and light blue #9fd4f5 nearest grey.  None for what is
    not ``#rrggbb``.  web/js/families/colournames.js mirrors this rule for rule."""
    h = hex_colour.lower()
    if len(h) != 7 or h[0] != "#" or any(c not in "0123456789abcdef" for c in h[1:]):
        return None
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (1, 3, 5))
    hi, lo = max(r, g, b), min(r, g, b)
    chroma, light = hi - lo, (hi + lo) / 2
    if chroma < 0.1:                                    # (no hue to speak of)
        return "black" if light < 0.25 else "white" if light > 0.88 else "grey"
    if light < 0.1:
        return "black"
    if hi == r:
        hue = (60 * (g - b) / chroma) % 360
    elif hi == g:
        hue = 60 * (b - r) / chroma + 120
    else:
        hue = 60 * (r - g) / chroma + 240
    if 8 <= hue < 45 and (light < 0.3 or chroma < 0.45 and light < 0.7):
        return "brown"
    if hue >= 345 or hue < 12:
        return "pink" if light > 0.75 else "dark red" if light < 0.3 else "red"
    if hue < 70 and light > 0.8 and chroma < 0.35:
        return "beige"
    if hue < 42:
        return "light orange" if light > 0.8 else "orange"
    if hue < 70:
        return "olive" if light < 0.45 else "light yellow" if light > 0.8 else "yellow"
    if hue < 165:
        base = "green"
    elif hue < 190:
        return "teal" if light < 0.35 else "light cyan" if light > 0.8 else "cyan"
    elif hue < 255:
        base = "blue"
    elif hue < 290:
        base = "purple"
    elif hue < 330:
        return "purple" if light < 0.35 else "pink" if light > 0.65 else "magenta"
    else:
        return "pink" if light >= 0.45 else "red"
    return "dark " + base if light < 0.3 else "light " + base if light > 0.7 else base


def player_names(hex_colours: list[str] | tuple[str, ...]) -> list[str]:
    """How players are told of each palette colour, in palette order: its name from the
    table, else its plain name (:func:`plain_name`), when no other colour of the
    palette has the same name; else "colour N" by its place in the palette (from 1),
    as the app's colour buttons number them (web/js/families/colournames.js mirrors
    this).  Never the key: players do not see keys."""
    named = [name_of(h) or plain_name(h) for h in hex_colours]
    return [name if name and named.count(name) == 1 else f"colour {place}"
            for place, name in enumerate(named, 1)]
