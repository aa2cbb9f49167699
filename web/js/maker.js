/* The puzzle makers of the library page.  "Make a puzzle from this picture" (Link-a-Pix):
   the page scales the image to the chosen size with a canvas, the worker quantises it
   and cuts it into links until the picture is unique (pysolver/linkapix/maker.py).
   "Make a Numberlink puzzle": the worker's generator (pysolver/numberlink/generate.py).
   Either way the new puzzle opens to play. */

const MAX_SOURCE = 4096;
// The largest side of a made puzzle (the "Cells across" field goes up to this too).
const MAX_SIDE = 128;

function loadImage(file) {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => { URL.revokeObjectURL(url); resolve(img); };
    img.onerror = () => { URL.revokeObjectURL(url); reject(new Error(`${file.name} is not an image this browser can read`)); };
    img.src = url;
  });
}

function toBase64(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** Pixels of the image at (w, h) cells: downscaled by the browser, then sent as RGBA. */
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

/** Cells across and down for a picture: `across` wide (not more than the picture has
    pixels), its shape kept; a tall picture whose height would pass MAX_SIDE is made
    narrower rather than squeezed. */
export function puzzleSize(pictureWidth, pictureHeight, across) {
  let w = Math.min(across, pictureWidth);
  const aspect = pictureHeight / pictureWidth;
  if (w * aspect > MAX_SIDE) w = Math.max(1, Math.floor(MAX_SIDE / aspect));
  const h = Math.max(1, Math.min(MAX_SIDE, Math.round(w * aspect)));
  return { w, h };
}

export function initMaker({ solver, load, showError }) {
  const $ = (id) => document.getElementById(id);
  const status = $("maker-status");
  $("maker-cancel").onclick = () => solver.cancel();
  $("maker").onsubmit = async (e) => {
    e.preventDefault();
    const file = $("maker-file").files[0];
    if (!file) return;
    const across = Math.max(5, Math.min(MAX_SIDE, Math.round(+$("maker-size").value || 30)));
    const colours = Math.max(1, Math.min(16, Math.round(+$("maker-colours").value || 6)));
    $("maker-go").disabled = true;
    $("maker-cancel").hidden = false;
    try {
      const img = await loadImage(file);
      if (img.naturalWidth > MAX_SOURCE * 4 || img.naturalHeight > MAX_SOURCE * 4) throw new Error("the image is too large");
      const { w, h } = puzzleSize(img.naturalWidth, img.naturalHeight, across);
      const preview = $("maker-preview");
      const pixels = scaledPixels(img, w, h, preview);
      preview.hidden = false;
      status.textContent = "Waiting for the solver…";
      await solver.ready;
      status.textContent = `Making a ${w}×${h} puzzle with ${colours} colours…`;
      const title = file.name.replace(/\.[^.]+$/, "").slice(0, 80) || "My picture";
      const res = await solver.call("make", { type: "linkapix", rgba: toBase64(pixels), source_width: w,
        source_height: h, width: w, height: h, colours, background: $("maker-background").value, title, timeout: 180 });
      const s = res.stats;
      status.textContent = `Made in ${s.seconds.toFixed(1)} s: ${s.clues} clues, unique picture.`;
      await load(res.puzzle);
    } catch (err) {
      status.textContent = "";
      if (err.kind === "cancelled") status.textContent = "Cancelled.";
      else showError("Could not make a puzzle: " + err.message);
    } finally {
      $("maker-go").disabled = false;
      $("maker-cancel").hidden = true;
    }
  };
}

/** The Numberlink generator form: size and an optional number (the seed) to repeat a board. */
export function initNumberlinkMaker({ solver, load, showError }) {
  const $ = (id) => document.getElementById(id);
  const status = $("nl-maker-status");
  const side = (id) => Math.max(2, Math.min(30, Math.round(+$(id).value || 10)));
  $("nl-maker").onsubmit = async (e) => {
    e.preventDefault();
    const width = side("nl-maker-width"), height = side("nl-maker-height");
    const typed = $("nl-maker-seed").value.trim();
    const seed = typed === "" ? Math.floor(Math.random() * 1e9) : Math.max(0, Math.round(+typed) || 0);
    $("nl-maker-go").disabled = true;
    try {
      status.textContent = "Waiting for the solver…";
      await solver.ready;
      status.textContent = `Making a ${width}×${height} board (number ${seed})…`;
      const t0 = performance.now();
      const res = await solver.call("generate", { type: "numberlink", width, height, seed, timeout: 60 });
      status.textContent = `Made in ${((performance.now() - t0) / 1000).toFixed(1)} s: number ${seed}, unique solution.`;
      await load(res.puzzle);
    } catch (err) {
      status.textContent = "";
      if (err.kind === "cancelled") status.textContent = "Cancelled.";
      else showError("Could not make a puzzle: " + err.message);
    } finally {
      $("nl-maker-go").disabled = false;
    }
  };
}
