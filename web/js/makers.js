/* The library page's puzzle makers: a form for each maker in the families' description
   (makers[].params: whole numbers, a number that repeats a puzzle, a choice, a picture),
   read within the description's limits, sent to the worker's `make`, and the puzzle
   made opened to play.  A picture is scaled to the puzzle's size by the browser and sent
   as RGBA pixels: the image never leaves the device. */

import { contrastText } from "./families/draw.js";
import { $, aSize, canceller, hideError, messenger, showElapsed, showError, whileBusy } from "./page.js";

// The largest image the browser is asked to scale (pixels a side).
const MAX_SOURCE = 4 * 4096;
// The picture made from an image, in CSS px its longer side (about; whole px a cell).
const MADE_SIDE = 180;

/** "Height: 5 to 40 (not 500)." for the first number typed outside its field's range,
    else "". */
function outOfRange(fields) {
  for (const { p, input } of fields) {
    if (input.type !== "number" || input.value.trim() === "" || !Number.isFinite(+input.value)) continue;
    if (+input.value < p.min || +input.value > p.max) return `${p.label}: ${p.min} to ${p.max} (not ${input.value}).`;
  }
  return "";
}

/* The form field of each kind of parameter: make(id, param) -> the element the label
   holds; read(element, param) -> the value sent.  A maker with a parameter of another
   kind (the drawing maker's palette and grid) gets no form here. */
const FIELDS = {
  int: {  // a whole number; one with labelled choices (the grades) is a list of them
    make: (id, p) => (p.choices ? FIELDS.choice.make(id, p)
      : Object.assign(document.createElement("input"), { id, type: "number", min: p.min, max: p.max, value: p.default })),
    read: (el, p) => (el.value.trim() === "" || !Number.isFinite(+el.value) ? p.default
      : Math.max(p.min, Math.min(p.max, Math.round(+el.value)))),
  },
  seed: {  // blank: a number at random, said when the puzzle is made so it can be made again
    make: (id, p) => Object.assign(document.createElement("input"), { id, type: "number", min: p.min, max: p.max, placeholder: "random" }),
    read: (el, p) => (el.value.trim() === "" ? p.min + Math.floor(Math.random() * (p.max - p.min + 1))
      : Math.max(p.min, Math.min(p.max, Math.round(+el.value) || 0))),
  },
  choice: {
    make(id, p) {
      const sel = Object.assign(document.createElement("select"), { id });
      sel.append(...p.choices.map((c) => Object.assign(document.createElement("option"), { value: c.value, textContent: c.label })));
      for (const [i, c] of p.choices.entries()) sel.options[i].dataset.label = c.label;
      sel.value = p.default;
      return sel;
    },
    read: (el) => el.value,
  },
  image: {
    make: (id) => Object.assign(document.createElement("input"), { id, type: "file", accept: "image/*", required: true }),
    read: (el) => el.files[0] || null,
  },
};

export function loadImage(file) {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => { URL.revokeObjectURL(url); resolve(img); };
    img.onerror = () => { URL.revokeObjectURL(url); reject(new Error(`${file.name} is not an image this browser can read`)); };
    img.src = url;
  });
}

export function toBase64(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** Pixels of the image at (w, h) pixels: scaled by the browser, to be sent as RGBA. */
export function scaledPixels(img, w, h, canvas) {
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  ctx.clearRect(0, 0, w, h);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(img, 0, 0, w, h);
  return ctx.getImageData(0, 0, w, h).data;
}

/** The picture a picture maker made (the puzzle's solution in the colours Python gave,
    `stats.colours`), each cell the repair changed ringed in black or white, whichever
    stands out on it; false (and hidden) when there is nothing to draw. */
function drawMade(canvas, grid, colours, changed, label = null) {
  canvas.hidden = true;
  if (!Array.isArray(grid) || !grid.length || !colours || typeof colours !== "object") return false;
  const h = grid.length, w = grid[0].length;
  const px = Math.max(3, Math.min(12, Math.floor(MADE_SIDE / Math.max(w, h))));
  canvas.width = w * px;
  canvas.height = h * px;
  const ctx = canvas.getContext("2d");
  const colourAt = (r, c) => colours[grid[r][c]] || "#ffffff";
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      ctx.fillStyle = colourAt(r, c);
      ctx.fillRect(c * px, r * px, px, px);
    }
  }
  const line = Math.max(1, Math.round(px / 4));
  ctx.lineWidth = line;
  for (const { cell: [r, c] } of changed) {
    if (!(r >= 0 && r < h && c >= 0 && c < w)) continue;
    ctx.strokeStyle = contrastText(colourAt(r, c));
    ctx.strokeRect(c * px + line / 2, r * px + line / 2, px - line, px - line);
  }
  const n = changed.length;
  canvas.setAttribute("aria-label", label ?? (n ? `The picture made, the ${n} changed cell${n === 1 ? "" : "s"} ringed`
    : "The picture made, no cell changed"));
  canvas.hidden = false;
  return true;
}

/** Cells across and down for a picture: `across` wide (not more than the picture has
    pixels), its shape kept; a tall picture whose height would pass `maxSide` is made
    narrower rather than squeezed. */
/** Pixels a cell each way, at most, that a picture maker is sent. */
const PIXELS_A_CELL = 4;

function puzzleSize(pictureWidth, pictureHeight, across, maxSide) {
  let w = Math.min(across, pictureWidth);
  const aspect = pictureHeight / pictureWidth;
  if (w * aspect > maxSide) w = Math.max(1, Math.floor(maxSide / aspect));
  const h = Math.max(1, Math.min(maxSide, Math.round(w * aspect)));
  return { w, h };
}

const el = (tag, props = {}, ...children) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};

/** Grey out the choices the maker refuses at the form's other values (a grade a size
    cannot have), with the reason as the option's title; asked of the worker's
    `refusals` (for a maker that has a `check`) once the form is first used and after
    each change, so that opening the library page loads nothing.  why() -> the reason
    the chosen values are refused, or "" (also while the answer for the latest values
    is awaited: the worker checks the request itself). */
function refusalsOf(form, fam, maker, fields, solver, say) {
  const listed = fields.filter(({ input }) => input.tagName === "SELECT");
  let refused = {};
  let answered = null;  // (the values `refused` answers for, as JSON)
  let saidRefusal = null;  // (the refusal said last, until the values change)
  let asked = null;
  let timer = 0;
  const values = () => {
    const args = { type: fam.type, maker: maker.name };
    for (const { p, input } of fields) {
      if (p.kind === "int" || p.kind === "choice") args[p.name] = FIELDS[p.kind].read(input, p);
    }
    return args;
  };
  const why = () => outOfRange(fields) || (JSON.stringify(values()) !== answered ? ""
    : listed.map(({ p, input }) => refused[p.name]?.[input.value]).find(Boolean) || "");
  async function ask() {
    // (a number out of its field's range is said as such, not answered for the nearest
    // one allowed, which the player never typed)
    const range = outOfRange(fields);
    if (range) { say(range, "error"); saidRefusal = range; return; }
    const args = values();
    const key = JSON.stringify(args);
    if (key === asked) { settle(); return; }
    asked = key;
    let got;
    try {
      got = (await solver.call("refusals", args)).refused;
    } catch {
      asked = null;
      return;  // (cancelled with a make, or the solver restarting: the next change asks again)
    }
    if (key !== asked) return;
    refused = got;
    answered = key;
    mark();
    settle();
  }
  /** Say why the values are refused, or take back what was said of earlier values
      (only a refusal said here: not a make's own error, said meanwhile). */
  function settle() {
    const now = why();
    if (now) {
      say(now, "error");
      saidRefusal = now;
      return;
    }
    if (saidRefusal !== null && form.querySelector(".maker-status")?.textContent === saidRefusal) say("");
    saidRefusal = null;
  }
  /** Grey out (and say why) the options refused for the values answered; with
      `clear`, show none refused. */
  function mark(clear = false) {
    for (const { p, input } of listed) {
      for (const opt of input.options) {
        const reason = clear ? "" : refused[p.name]?.[opt.value];
        opt.disabled = Boolean(reason) && opt.value !== input.value;
        opt.title = reason || "";
        opt.textContent = opt.dataset.label + (reason ? " (not at this size)" : "");
      }
    }
  }
  const later = (e) => {
    if (e.target.type === "file") return;
    clearTimeout(timer);
    timer = setTimeout(ask, 250);
    // What was refused was for the values answered: unsaid for others until the solver
    // answers for them (it may be busy making a puzzle for a while), said again when
    // the values come back to those.
    mark(JSON.stringify(values()) !== answered);
  };
  if (maker.check && listed.length) {
    form.addEventListener("focusin", () => { if (asked === null) ask(); });
    form.addEventListener("input", later);
    form.addEventListener("change", later);
  }
  return why;
}

/** What else to ask a maker that ran out of time, among what its form can still
    change: "Try another number, an easier grade or a smaller size." */
export function otherTries(maker, values, numbered) {
  const lower = (name, least) => {
    const p = maker.params.find((q) => q.name === name);
    return p && p.kind !== "image" && values[name] > Math.max(least, p.min ?? least);
  };
  const tries = [...(numbered ? ["another number"] : []),
                 ...(lower("grade", 1) ? ["an easier grade"] : []),
                 ...(lower("colours", 1) ? ["fewer colours"] : []),
                 ...(lower("width", 1) || lower("height", 1) ? ["a smaller size"] : [])];
  if (!tries.length) return "";
  return "Try " + (tries.length === 1 ? tries[0] : tries.slice(0, -1).join(", ") + " or " + tries.at(-1)) + ".";
}

/** Every maker form's Make button: one puzzle is made at a time.  (Two at once shared
    the one worker: the second waited in line while its clock counted, its Cancel
    stopped the first, and the first puzzle made was replaced by the second as soon as
    it opened.) */
const goButtons = [];

/** While `go`'s form makes a puzzle (`on`), it and every other form's Make button are
    off; the others say why. */
function makeButtons(go, on) {
  for (const b of goButtons) {
    b.disabled = on;
    b.title = on && b !== go ? "Another puzzle is being made: wait for it, or cancel it" : "";
  }
}

/** The form of one maker of family `fam`, wired; its ids start make-<type>-<maker>. */
function makerForm(fam, maker, { solver, load, tell }) {
  const id = `make-${fam.type}-${maker.name}`;
  const fields = maker.params.map((p) => ({ p, input: FIELDS[p.kind].make(`${id}-${p.name}`, p) }));
  const image = fields.find((f) => f.p.kind === "image");
  const across = maker.params.find((p) => p.name === "width");
  const go = el("button", { id: id + "-go", type: "submit", className: "primary", textContent: "Make puzzle" });
  goButtons.push(go);
  const cancel = el("button", { id: id + "-cancel", type: "button", hidden: true, textContent: "Cancel" });
  const preview = el("canvas", { id: id + "-preview", className: "maker-preview", width: 1, height: 1, hidden: true });
  const madePicture = el("canvas", { id: id + "-made", className: "maker-made", width: 1, height: 1, hidden: true });
  madePicture.setAttribute("role", "img");
  const status = el("span", { id: id + "-status", className: "maker-status", role: "status" });
  status.setAttribute("aria-live", "polite");
  const form = el("form", { id, className: "lib-open maker" },
    el("h2", { id: id + "-title", textContent: maker.title }),
    el("p", { className: "help", textContent: maker.about }),
    el("div", { className: "maker-row" }, ...fields.map(({ p, input }) => el("label", {}, p.label + " ", input)),
       go, cancel, ...(image ? [preview, madePicture] : []), status));
  form.setAttribute("aria-labelledby", id + "-title");
  // (ranges are said in the form's own words, the same in every form: see outOfRange)
  form.noValidate = true;
  const say = messenger(status, "maker-status");
  const work = canceller(solver);
  const refusal = refusalsOf(form, fam, maker, fields, solver, say);
  cancel.onclick = () => work.cancel();
  // A new picture: the last one's preview and outcome no longer apply.
  if (image) image.input.onchange = () => { preview.hidden = madePicture.hidden = true; say(""); snapSoon(); };

  /* Before Make, the picture as the maker will start from it (its colours snapped, at
     its size: the worker's `snap`), again after each change to the form; a blank
     Number is given one for the preview, which Make then uses, so that the puzzle is
     made from the picture shown.  (A review: the picture showed only after Make.) */
  let making = false;
  let snapSeed = null, snapTimer = 0, snapAsked = 0;
  const seedInput = fields.find(({ p }) => p.kind === "seed")?.input;
  function snapSoon() {
    if (!image || !maker.snap) return;
    clearTimeout(snapTimer);
    snapTimer = setTimeout(showSnapped, 250);
  }
  async function showSnapped() {
    const file = image.input.files[0];
    if (!file || making || outOfRange(fields)) return;
    const values = Object.fromEntries(fields.map(({ p, input }) => [p.name, FIELDS[p.kind].read(input, p)]));
    if (seedInput && seedInput.value.trim() === "") values.seed = snapSeed ??= values.seed;
    const asked = ++snapAsked;
    let req, got;
    try {
      req = await request(values);
      got = await solver.call("snap", req.args);
    } catch (err) {
      if (asked === snapAsked && !making && err.kind !== "cancelled") say(`This picture cannot be made: ${err.message}`, "error");
      return;
    }
    if (asked !== snapAsked || making) return;
    const [w, h] = req.size, colours = new Set(got.grid.join("").replace(/\./g, "")).size;
    const what = `Preview: ${w}×${h} cells in ${colours} colour${colours === 1 ? "" : "s"}`;
    drawMade(madePicture, got.grid, got.colours, [], `${what}, before Make`);
    say(`${what}. Make puzzle starts from this picture.`);
  }
  if (image && maker.snap) {
    form.addEventListener("change", (e) => { if (e.target !== image.input) snapSoon(); });
    // (a number typed: previewed once typing pauses)
    form.addEventListener("input", (e) => { if (e.target.type === "number") snapSoon(); });
  }

  /** The request's arguments, and the size of the puzzle asked for (or null). */
  async function request(values) {
    const args = { type: fam.type, maker: maker.name, timeout: maker.timeout };
    for (const { p } of fields) if (p.kind !== "image") args[p.name] = values[p.name];
    if (!image) return { args, size: across && values.height ? [values.width, values.height] : null };
    const file = values[image.p.name];
    const img = await loadImage(file);
    if (img.naturalWidth > MAX_SOURCE || img.naturalHeight > MAX_SOURCE) throw new Error("the image is too large");
    const { w, h } = puzzleSize(img.naturalWidth, img.naturalHeight, values.width, across.max);
    // (up to 4 pixels a cell each way: Python snaps the colours, then gives each cell
    // the colour most of its pixels have.  Scaled by the browser to one pixel a cell,
    // every cell along an edge was a mix of its two sides, and such mixes took colours
    // of their own)
    const k = Math.max(1, Math.min(PIXELS_A_CELL, Math.floor(Math.min(img.naturalWidth / w, img.naturalHeight / h))));
    const pixels = scaledPixels(img, w * k, h * k, preview);
    preview.hidden = false;
    Object.assign(args, { rgba: toBase64(pixels), source_width: w * k, source_height: h * k,
                          title: file.name.replace(/\.[^.]+$/, "").slice(0, 80) || "My picture" });
    return { args, size: [w, h] };
  }

  form.onsubmit = async (e) => {
    e.preventDefault();
    const values = Object.fromEntries(fields.map(({ p, input }) => [p.name, FIELDS[p.kind].read(input, p)]));
    if (image && !values[image.p.name]) return;
    if (snapSeed !== null && seedInput?.value.trim() === "") values.seed = snapSeed;  // (the picture previewed)
    if (refusal()) {  // (a grade this size cannot have: said, not sent)
      say(refusal(), "error");
      return;
    }
    const seed = maker.params.find((p) => p.kind === "seed") ? values.seed : null;
    const number = seed === null ? "" : ` (number ${seed})`;
    hideError();  // (a banner from the last attempt)
    madePicture.hidden = true;  // (the last picture made, no longer this attempt's)
    making = true;
    // (a preview still under way is not shown over this, nor one asked for by the field
    // that Make took the focus from: its change event comes as Make is pressed)
    snapAsked += 1;
    clearTimeout(snapTimer);
    work.start();
    let size = null;
    try {
      const res = await whileBusy((on) => { cancel.hidden = !on; makeButtons(go, on); }, cancel, async () => {
        say("Waiting for the solver…");
        const req = await request(values);
        size = req.size;
        await work.ready();
        const what = size ? `${aSize(...size)} puzzle` : "a puzzle";
        const clock = showElapsed(status, `Making ${what}${number}…`, maker.timeout);
        const made = await solver.call("make", req.args).finally(clock.stop);
        // (the time waited, as the status line counted it: a maker's own figure may
        // time a part of the work only, a Link-a-Pix's the cut of its picture, not
        // drawing it or loading the maker's modules)
        return { ...made, seconds: clock.seconds() };
      });
      const clues = res.stats?.clues === undefined ? "" : `${res.stats.clues} clues, `;
      // A picture repaired until unique: how many cells changed, ringed in the picture made
      const changed = image && Array.isArray(res.stats?.changed) ? res.stats.changed : null;
      const shown = changed !== null && drawMade(madePicture, res.puzzle?.solution?.grid, res.stats.colours, changed);
      const n = changed?.length ?? 0;
      const cells = `${n} cell${n === 1 ? "" : "s"}`;
      const repair = changed === null ? "" : !n ? ", no cell changed"
        : `; ${cells} changed to make it so${shown ? `, ringed in the picture made` : ""}`;
      // (a maker may add a word on what it made: asked-for pairs a grade overrode)
      const note = typeof res.stats?.note === "string" ? ` ${res.stats.note}.` : "";
      say(`Made in ${res.seconds < 0.05 ? "under 0.1" : res.seconds.toFixed(1)} s: ${clues}${seed === null ? "" : `number ${seed}, `}unique solution${repair}.${note}`);
      await load(res.puzzle);
      if (n && shown) tell(`${cells} of your picture changed so that it has one solution: the maker on the library page shows ${n === 1 ? "it" : "them"} ringed.`);
    } catch (err) {
      if (err.kind === "cancelled") say("Cancelled.");
      else if (err.kind === "timeout") {
        say(`Could not make ${size ? `${aSize(...size)} puzzle` : "the puzzle"}${seed === null ? "" : ` from number ${seed}`} ` +
            `in ${maker.timeout} s. ${otherTries(maker, values, seed !== null)}`, "error");
      } else if (err.kind === "input") {
        // (what the maker refused in the form's values, said beside them, as a range is)
        say(`Could not make the puzzle: ${err.message}`, "error");
      } else {
        say("");
        showError("Could not make a puzzle: " + err.message);
      }
    } finally {
      making = false;
    }
  };
  return form;
}

/** A form for every maker of `families` that has one on the library page (the
    description's `form`, and a field for each of its parameters), before `place`. */
export function initMakers({ solver, load, tell, families, place }) {
  for (const fam of families) {
    for (const maker of fam.makers) {
      if (maker.form === false || !maker.params.every((p) => FIELDS[p.kind])) continue;
      place.before(makerForm(fam, maker, { solver, load, tell }));
    }
  }
}
