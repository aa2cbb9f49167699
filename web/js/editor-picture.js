/* The editor's pictures: a screenshot of a board (opened, pasted on the library or the
   editor, or chosen in the library's form) read into a draft by the family that reads
   pictures (a maker with an image and no form of its own: Numberlink's), then shown
   beside the board so the player can compare and fix anything misread.  Apart from the
   page (editor.js): only a family that reads pictures makes any of it show. */

import { family } from "./families/index.js";
import { loadImage, scaledPixels, toBase64 } from "./makers.js";
import { $, showError } from "./page.js";

// A screenshot is scaled to at most this many pixels a side before Python reads it
// (pysolver/numberlink/screenshot.py MAX_SIDE_PIXELS).
const MAX_PICTURE = 1024;

/** `use(file)` with the file chosen in the file field `input` (which is emptied, so
    the same file chosen again is read again). */
export function onFileChosen(input, use) {
  input.addEventListener("change", (ev) => {
    const file = ev.target.files[0];
    ev.target.value = "";
    if (file) use(file);
  });
}

/** Reading pictures for the editor: `ready` a promise of the editor modules by type,
    `show(spec, {start})` the editor opened on a draft, `say` its message line. */
export function initPictureReading({ families, solver, ready, show, say }) {
  /** The family and maker that read a picture of a board (a maker with an image and
      no form of its own), for `type` or, without one, any family. */
  function screenshotMaker(type = null) {
    for (const f of families) {
      if (type && f.type !== type) continue;
      const m = f.makers.find((mk) => mk.form === false && mk.params.some((p) => p.kind === "image"));
      if (m) return { fam: f, maker: m };
    }
    return null;
  }

  /** A picture of a board read into the editor, shown beside it to compare. */
  async function openImage(file) {
    const found = screenshotMaker();
    if (!found) throw new Error("no puzzle family reads pictures of boards");
    const img = await loadImage(file);
    const k = Math.min(1, MAX_PICTURE / Math.max(img.naturalWidth, img.naturalHeight));
    const w = Math.max(1, Math.round(img.naturalWidth * k)), h = Math.max(1, Math.round(img.naturalHeight * k));
    const pixels = scaledPixels(img, w, h, document.createElement("canvas"));
    $("editor-message").textContent = "";
    await solver.ready;
    const title = file.name ? file.name.replace(/\.[^.]+$/, "").slice(0, 80) : "";
    const res = await solver.call("make", { type: found.fam.type, maker: found.maker.name, timeout: found.maker.timeout,
                                            rgba: toBase64(pixels), source_width: w, source_height: h, title });
    // (the family may reorder what it read so that it is drawn in the picture's colours)
    const adopt = family(res.puzzle.type).adoptColours;
    const p = adopt && res.stats?.colours ? adopt(res.puzzle, res.stats.colours) : res.puzzle;
    const editors = await ready;
    await show({ type: p.type }, { start: editors.get(p.type).fromPuzzle(p) });
    const pairs = res.stats?.colours ? Object.keys(res.stats.colours).length : null;
    say(`Read from the picture: a ${p.width}×${p.height} board` + (pairs === null ? "" : ` with ${pairs} colours of dots`) +
        ". Compare it with your screenshot and fix anything misread, then Check it is unique.", "ok");
    const url = URL.createObjectURL(file);
    const shot = $("editor-shot");
    if (shot.dataset.url) URL.revokeObjectURL(shot.dataset.url);
    shot.dataset.url = url;
    shot.querySelector("img").src = url;
    shot.hidden = false;
  }

  /** openImage, saying while it reads, and in the error banner what went wrong. */
  async function openImageSaying(file) {
    const status = $("editor-screenshot-status");
    status.textContent = "Reading the picture…";
    try {
      await openImage(file);
      status.textContent = "";
    } catch (err) {
      status.textContent = "";
      showError(`Could not read ${file.name || "the picture"} as a board: ${err.message}`);
    }
  }

  onFileChosen($("editor-screenshot"), openImageSaying);
  // A picture pasted on the library or the editor is read as a board.
  window.addEventListener("paste", (ev) => {
    if ($("library").hidden && $("editor").hidden) return;
    const file = [...(ev.clipboardData?.files || [])].find((f) => f.type.startsWith("image/"));
    if (!file || !screenshotMaker()) return;
    ev.preventDefault();
    openImageSaying(file);
  });

  return { openImage: openImageSaying, screenshotMaker };
}
