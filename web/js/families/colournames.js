/* Colour names as players are told them, mirroring pysolver/colournames.py
   (player_names, plain_name and the table; a browser test keeps the two equal): a
   palette colour is named by the table when it has its exact hex value, else by its hue,
   lightness and chroma ("red", "light blue"), when no other colour of the palette has
   the same name; else "colour N" by its place in the palette, from 1. */

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

/** A plain name from hue, lightness and chroma, rule for rule as plain_name in
    pysolver/colournames.py; null for what is not "#rrggbb". */
function plainName(hex) {
  const h = String(hex).toLowerCase();
  if (!/^#[0-9a-f]{6}$/.test(h)) return null;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
  const hi = Math.max(r, g, b), lo = Math.min(r, g, b);
  const chroma = hi - lo, light = (hi + lo) / 2;
  if (chroma < 0.1) return light < 0.25 ? "black" : light > 0.88 ? "white" : "grey";
  if (light < 0.1) return "black";
  let hue;
  // (Python's % on a negative: fmod, then 360 added; adding before the % would round)
  if (hi === r) { hue = ((60 * (g - b)) / chroma) % 360; if (hue < 0) hue += 360; }
  else if (hi === g) hue = (60 * (b - r)) / chroma + 120;
  else hue = (60 * (r - g)) / chroma + 240;
  if (hue >= 8 && hue < 45 && (light < 0.3 || (chroma < 0.45 && light < 0.7))) return "brown";
  if (hue >= 345 || hue < 12) return light > 0.75 ? "pink" : light < 0.3 ? "dark red" : "red";
  if (hue < 70 && light > 0.8 && chroma < 0.35) return "beige";
  if (hue < 42) return light > 0.8 ? "light orange" : "orange";
  if (hue < 70) return light < 0.45 ? "olive" : light > 0.8 ? "light yellow" : "yellow";
  let base;
  if (hue < 165) base = "green";
  else if (hue < 190) return light < 0.35 ? "teal" : light > 0.8 ? "light cyan" : "cyan";
  else if (hue < 255) base = "blue";
  else if (hue < 290) base = "purple";
  else if (hue < 330) return light < 0.35 ? "purple" : light > 0.65 ? "pink" : "magenta";
  else return light >= 0.45 ? "pink" : "red";
  return light < 0.3 ? "dark " + base : light > 0.7 ? "light " + base : base;
}

/** {key: name} for a palette {key: "#rrggbb"}, in the words messages use. */
export function colourNames(palette) {
  const entries = Object.entries(palette);
  const named = entries.map(([, hex]) => NAME_OF_HEX[String(hex).toLowerCase()] || plainName(hex));
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
