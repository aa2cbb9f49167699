/* Colour names as players are told them, mirroring pysolver/colournames.py
   (player_names and its table; a browser test keeps the two equal): a palette colour
   is named when the table has its exact hex value and no other colour of the palette
   has the same name, else "colour N" by its place in the palette, from 1. */

// "#rrggbb" -> the plainest name (the first the Python table gives for that value).
const NAME_OF_HEX = {
  "#000000": "black", "#ffffff": "white", "#ff0000": "red", "#008000": "green", "#0000ff": "blue",
  "#ffff00": "yellow", "#ffa500": "orange", "#800080": "purple", "#ffc0cb": "pink",
  "#a52a2a": "brown", "#808080": "grey", "#00ffff": "cyan", "#ff00ff": "magenta", "#00ff00": "lime",
  "#000080": "navy", "#800000": "maroon", "#808000": "olive", "#008080": "teal",
  "#c0c0c0": "silver", "#ffd700": "gold", "#f5f5dc": "beige", "#d2b48c": "tan", "#ee82ee": "violet",
  "#4b0082": "indigo", "#40e0d0": "turquoise", "#fa8072": "salmon", "#f0e68c": "khaki",
  "#d2691e": "chocolate", "#ff7f50": "coral", "#dc143c": "crimson", "#e6e6fa": "lavender",
  "#87ceeb": "skyblue", "#add8e6": "lightblue", "#87cefa": "lightskyblue", "#00008b": "darkblue",
  "#006400": "darkgreen", "#90ee90": "lightgreen", "#8b0000": "darkred", "#a9a9a9": "darkgrey",
  "#d3d3d3": "lightgrey", "#708090": "slategray", "#9370db": "mediumpurple",
  "#ff8c00": "darkorange", "#ff69b4": "hotpink", "#a0522d": "sienna", "#cd853f": "peru",
  "#f5deb3": "wheat", "#fffff0": "ivory", "#fffdd0": "cream", "#ffdbac": "skin",
  // (SHADES: the random makers' palettes, matplotlib's tab10 and two of the nonogram maker's)
  "#d62728": "red", "#1f77b4": "blue", "#2ca02c": "green", "#ff7f0e": "orange", "#9467bd": "purple",
  "#8c564b": "brown", "#e377c2": "pink", "#7f7f7f": "grey", "#bcbd22": "olive", "#17becf": "cyan",
  "#e6c619": "yellow", "#222222": "black"
};

/** {key: name} for a palette {key: "#rrggbb"}, in the words messages use. */
export function colourNames(palette) {
  const entries = Object.entries(palette);
  const named = entries.map(([, hex]) => NAME_OF_HEX[String(hex).toLowerCase()] || null);
  const shared = (name) => named.filter((n) => n === name).length > 1;
  return Object.fromEntries(entries.map(([key], i) =>
    [key, named[i] && !shared(named[i]) ? named[i] : `colour ${i + 1}`]));
}

/** A palette as paint tools, named as messages, hints, replay steps and Check name them
    ("Paint red", or "Paint colour 3" where the palette gives no name). */
export function paletteTools(palette) {
  const names = colourNames(palette);
  // A colour without a name is "colour N" in messages: its button shows the N.
  return Object.entries(palette).map(([k, colour]) => ({
    id: k, label: `Paint ${names[k]}`, color: colour, mark: names[k].match(/^colour (\d+)$/)?.[1] || "",
  }));
}
